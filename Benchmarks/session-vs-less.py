#!/usr/bin/env python3
"""The reading session's long waits against `less`, side by side in one run,
through a pseudo-terminal of 200x50 (the issue "A reading session that never
hangs"):

  search   `+/NEEDLE` on 100 MB whose only match is on its last line: the time
           to the screen showing the match; beside it `grep -c NEEDLE` on the same
           file (the time to count it, no screen: what a search can hope for);
  resize   at line 19,200 (folio's page 400 at 200x50) of 100 MB, the terminal
           resized to 120x40: the time from the resize to the reader's line on
           the new screen, and (folio) to the page count being final;
  end      `+G` on 1 GB: the time to the screen showing the last line.

    python3 Benchmarks/session-vs-less.py FOLIO_BINARY OUTPUT.tsv [RUNS]

Every chunk a program writes is timestamped as it is read and fed to a
terminal emulator (pyte), as in reader-vs-peers.py, whose pty runner this
uses. The texts are numbered lines (`line 000001234 …`), made at run time in
the temporary folder and read into the page cache before each run. Runs are
interleaved (folio, less, floor, …) and each figure is a median; the floor
is the same harness timing `cat` of a finished screen that shows the same
text. Lines written to OUTPUT.tsv:

  search  FOLIO_S  LESS_S  FLOOR_S  GREP_S  RUNS
  resize  FOLIO_LINE_S  FOLIO_FINAL_S  LESS_S  FLOOR_S  RUNS
  end     FOLIO_S  LESS_S  FLOOR_S  RUNS
"""
import fcntl
import importlib.util
import os
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("peers", os.path.join(here, "reader-vs-peers.py"))
peers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(peers)
pyte = peers.pyte

COLUMNS, ROWS = 200, 50


def numbered(path, size, last):
    """`size` bytes of numbered lines of 60 to 140 characters, `last` as the final line."""
    if os.path.exists(path) and os.path.getsize(path) >= size:
        return
    filler = b"the reader turns a page of a long log written by a service that never sleeps " * 3
    with open(path, "wb") as out:
        written, n = 0, 1
        block = []
        while written < size:
            line = b"line %09d " % n + filler[: 48 + (n * 37) % 80] + b"\n"
            block.append(line)
            written += len(line)
            n += 1
            if len(block) == 4096:
                out.write(b"".join(block))
                block = []
        out.write(b"".join(block) + last + b"\n")


def floor(text):
    """The harness's floor: `cat` of a screen showing `text`."""
    path = os.path.join(tempfile.gettempdir(), "session-floor.txt")
    with open(path, "w") as f:
        f.write(text + "\n" + "\n" * (ROWS - 2))
    return peers.run(["cat", path], COLUMNS, ROWS, None, quiet=0.15, appears=text)[0]


def resized(argv, marker, program, final, limit=60.0):
    """Runs argv until the screen shows `marker`, resizes the terminal to 120x40, and
    returns (seconds to `marker` on the new screen, seconds to the screen passing `final`)."""
    process, master = peers.spawn(argv, COLUMNS, ROWS)
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)
    start = time.perf_counter()
    resized_at = None
    seen = final_at = None
    while time.perf_counter() - start < limit:
        ready, _, _ = select.select([master], [], [], 0.01)
        if ready:
            try:
                data = os.read(master, 1 << 16)
            except OSError:
                break
            if not data:
                break
            stream.feed(data)
        shown = screen.display
        if resized_at is None:
            if any(marker in row for row in shown[:3]) and time.perf_counter() - start > 0.3:
                time.sleep(0.3)  # the screen settles, the background work is done
                while select.select([master], [], [], 0)[0]:
                    stream.feed(os.read(master, 1 << 16))
                screen.resize(40, 120)
                fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
                resized_at = time.perf_counter()
            continue
        if seen is None and any(marker in row for row in shown[:-1]):
            seen = time.perf_counter() - resized_at
        if seen is not None and final(shown):
            final_at = time.perf_counter() - resized_at
            break
    try:
        os.write(master, b"q")
        process.wait(timeout=2)
    except Exception:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    os.close(master)
    return (seen if seen is not None else float("nan")), (final_at if final_at is not None else float("nan"))


def main():
    folio, output = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    tmp = tempfile.gettempdir()
    hundred = os.path.join(tmp, "session-100MB.txt")
    gigabyte = os.path.join(tmp, "session-1GB.txt")
    numbered(hundred, 100 << 20, b"NEEDLE-AT-THE-END")
    numbered(gigabyte, 1 << 30, b"THE-LAST-LINE")
    programs = [folio, "/usr/bin/less", "/bin/cat", "/bin/grep"]

    def counted(shown):
        row = shown[-1]
        return " / " in row and "+" not in row.split(" / ", 1)[1].split()[0]

    results = {"search": ([], [], [], []), "resize": ([], [], [], []), "end": ([], [], [])}
    for _ in range(runs):
        peers.warm(programs + [hundred])
        results["search"][0].append(peers.run([folio, "--forget", "+/NEEDLE-AT", hundred], COLUMNS, ROWS, "folio",
                                              quiet=2.0, limit=60, appears="NEEDLE-AT-THE-END")[0])
        peers.warm(programs + [hundred])
        # less writes nothing while it searches: it is given time to be quiet in.
        results["search"][1].append(peers.run(["/usr/bin/less", "+/NEEDLE-AT", hundred], COLUMNS, ROWS, "less",
                                              quiet=15.0, limit=60, appears="NEEDLE-AT-THE-END")[0])
        results["search"][2].append(floor("NEEDLE-AT-THE-END"))
        peers.warm(programs + [hundred])
        started = time.perf_counter()
        subprocess.run(["grep", "-c", "NEEDLE-AT", hundred], stdout=subprocess.DEVNULL)
        results["search"][3].append(time.perf_counter() - started)

        marker = "line 000019200 "
        peers.warm(programs + [hundred])
        line, final = resized([folio, "--forget", "+19200g", hundred], marker, "folio", counted)
        results["resize"][0].append(line)
        results["resize"][1].append(final)
        peers.warm(programs + [hundred])
        results["resize"][2].append(resized(["/usr/bin/less", "+19200g", hundred], marker, "less", lambda s: True)[0])
        results["resize"][3].append(floor(marker))

        peers.warm(programs + [gigabyte])
        results["end"][0].append(peers.run([folio, "--forget", "+G", gigabyte], COLUMNS, ROWS, "folio",
                                           quiet=3.0, limit=120, appears="THE-LAST-LINE")[0])
        peers.warm(programs + [gigabyte])
        results["end"][1].append(peers.run(["/usr/bin/less", "+G", gigabyte], COLUMNS, ROWS, "less",
                                           quiet=3.0, limit=120, appears="THE-LAST-LINE")[0])
        results["end"][2].append(floor("THE-LAST-LINE"))

    with open(output, "w") as out:
        for name, series in results.items():
            medians = ["%.4f" % statistics.median(s) for s in series]
            out.write("\t".join([name] + medians + [str(runs)]) + "\n")
            print(name, *medians, runs, sep="\t")


if __name__ == "__main__":
    main()
