#!/usr/bin/env python3
"""The first screen of an EPUB with no saved place, through a pseudo-terminal of 200x50, beside
the harness's floor (`cat` of a finished screen), as reader-vs-peers.py times it:

    python3 Benchmarks/epub-first-screen.py FOLIO_BINARY [RUNS]

Books: the project's made book (48 MB of text in chapters of 256 KB, 12 MB of pictures:
reader-vs-peers.py's make_book, made once in the temporary folder) and Debian's live manual
when it is installed. Prints, for each, the median and every run sorted, in milliseconds."""
import importlib.util
import os
import statistics
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("peers", os.path.join(here, "reader-vs-peers.py"))
peers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(peers)


def main():
    folio = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 21
    made = os.path.join(tempfile.gettempdir(), "first-screen-large.epub")
    if not os.path.exists(made):
        peers.make_book(made, 48 << 20, 12 << 20)
    books = [("the made book (%d MB)" % (os.path.getsize(made) >> 20), made)]
    manual = "/usr/share/doc/live-manual/epub/live-manual.en.epub"
    if os.path.exists(manual):
        books.append(("Debian's live manual", manual))
    screen = os.path.join(tempfile.gettempdir(), "first-screen-floor.txt")
    with open(screen, "w") as out:
        out.write("\r\n".join(["a line of a finished screen " * 5] * 49) + "\r\nend")
    times = {label: [] for label, _ in books}
    times["floor"] = []
    for _ in range(runs):
        for label, path in books:
            peers.warm([folio, path])
            times[label].append(peers.run([folio, "--forget", path], 200, 50, "folio")[0])
        times["floor"].append(peers.run(["cat", screen], 200, 50, None)[0])
    for label, values in times.items():
        ms = sorted(v * 1000 for v in values if v == v)
        print("%s: median %.1f ms (%s)" % (label, statistics.median(ms), " ".join("%.1f" % v for v in ms)))


if __name__ == "__main__":
    main()
