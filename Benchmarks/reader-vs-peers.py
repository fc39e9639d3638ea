#!/usr/bin/env python3
"""The reader against its peers, side by side in one run: time to the first
full screen and memory against `less`, through a pseudo-terminal; plain
output of 100 MB against `fold -w 100`.

    python3 Benchmarks/reader-vs-peers.py FOLIO_BINARY OUTPUT.tsv [RUNS] [COLUMNSxROWS]

Each command runs in a pseudo-terminal of COLUMNSxROWS (TERM=xterm-256color).
Every chunk it writes is timestamped as it is read and fed to a terminal
emulator (pyte). When the output has been quiet for a while, the screen is
final; the first full screen is the first chunk after which the emulated
screen already shows the final screen's text in every row but the last,
and something in the last (less's prompt, folio's status row, whose page
count may still grow). Memory is read from /proc once the screen is final:
VmRSS and RssAnon of the `folio` or `less` process (for a pipe, the one
inside the shell).

The harness's floor is the same measurement of `cat` printing a finished
screen of the same size: process start, pseudo-terminal and emulator, and
nothing else. Runs are interleaved (folio, less, floor, folio, ...) and each
figure is a median.

Before every first-screen run the harness reads the programs (folio, less,
its terminfo library, cat, sh) whole and the first 8 MB of both texts, so every
run starts with them in the page cache, as a second look would. On the
machine these figures come from (a virtual machine with a memory balloon)
the page cache loses file pages within seconds, and one read from disk in a
run (a page of a program, the first chunk `cat` reads) costs more than the
differences being measured.

Plain output is timed with the wall clock and the CPU time of the child
(getrusage), against `fold -w 100` on the same file, interleaved; the floor
is `true`.

Lines written to OUTPUT.tsv:
  first-screen  LABEL  FOLIO_S  LESS_S  FLOOR_S  FOLIO_RSS_KB  LESS_RSS_KB  FOLIO_ANON_KB  LESS_ANON_KB  RUNS
  memory        LABEL  -        -       -        FOLIO_RSS_KB  LESS_RSS_KB  FOLIO_ANON_KB  LESS_ANON_KB  RUNS
  plain         LABEL  FOLIO_S  FOLD_S  FLOOR_S  FOLIO_CPU_S  FOLD_CPU_S  -  -  RUNS
  book          LABEL  FIRST_S  COUNTED_S  -  FOLIO_RSS_KB  -  FOLIO_ANON_KB  -  RUNS
EPUB books (Debian's live manual when installed, and a large book made at run
time) have no peer here: the figures are folio's own, the first full screen
and the first screen whose status row shows the complete page count.
The texts are made at run time (never committed) from the licences in
/usr/share/common-licenses and Unicode's NamesList.txt, repeated.
"""
import fcntl
import glob
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

try:
    import pyte
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pyte"], check=True)
    import pyte


def make_text(path, size):
    sources = sorted(os.path.join("/usr/share/common-licenses", n) for n in os.listdir("/usr/share/common-licenses"))
    if os.path.exists("/usr/share/unicode/NamesList.txt"):
        sources.append("/usr/share/unicode/NamesList.txt")
    chunk = b"".join(open(p, "rb").read() for p in sources if os.path.isfile(p))
    with open(path, "wb") as out:
        written = 0
        while written < size:
            piece = chunk[: size - written]
            out.write(piece)
            written += len(piece)


WARM_BUFFER = bytearray(1 << 20)


def warm(paths, limit=None):
    """Reads each file that exists (up to `limit` bytes when given) into the page cache,
    through one reused buffer: no memory is allocated and freed between the runs."""
    view = memoryview(WARM_BUFFER)
    for path in paths:
        try:
            with open(path, "rb", buffering=0) as f:
                left = limit if limit is not None else os.path.getsize(path)
                while left > 0:
                    read = f.readinto(view[: min(left, len(view))])
                    if not read:
                        break
                    left -= read
        except OSError:
            pass


def descendants(pid):
    """Process ids below `pid`, by walking /proc's parent links."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
        except OSError:
            continue
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, []))
    return found


def memory(pid, name):
    """(VmRSS, RssAnon) in KB of the process called `name` at or below `pid`."""
    for p in descendants(pid):
        try:
            with open(f"/proc/{p}/comm") as f:
                if f.read().strip() != name:
                    continue
            values = {}
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    key, _, rest = line.partition(":")
                    if key in ("VmRSS", "RssAnon"):
                        values[key] = int(rest.split()[0])
            return values.get("VmRSS", 0), values.get("RssAnon", 0)
        except OSError:
            continue
    return 0, 0


def spawn(argv, columns, rows):
    """Starts argv in a new pseudo-terminal of columns x rows, as its controlling terminal,
    with TERM=xterm-256color and no LESS variable; returns (process, the master's descriptor)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if not k.startswith("LESS")}
    env.update(TERM="xterm-256color", COLUMNS=str(columns), LINES=str(rows), XDG_STATE_HOME=tempfile.gettempdir() + "/first-screen-state")
    process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
                               preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(slave)
    return process, master


def run(argv, columns, rows, program, quiet=0.4, limit=20.0, hold=0.0, appears=None, then=None):
    """Runs argv in a pty; returns (seconds to the first full screen, rss KB, anon KB).
    With `appears` (a text, or a test of the screen's rows), the time is to the first
    screen showing that text or passing that test instead."""
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    chunks = []
    start = time.perf_counter()
    process, master = spawn(argv, columns, rows)
    last = start
    while True:
        now = time.perf_counter()
        if now - start > limit:
            break
        if chunks and now - last > quiet and now - start > hold:
            break
        ready, _, _ = select.select([master], [], [], 0.02)
        if not ready:
            continue
        try:
            data = os.read(master, 1 << 16)
        except OSError:
            break
        if not data:
            break
        last = time.perf_counter()
        chunks.append((last - start, data))
        # Answer a question about the terminal as a terminal would (pyte does not): folio asks
        # what a book's pictures can be drawn with, and a VT220 without graphics says so at once.
        if b"\x1b[c" in data:
            os.write(master, b"\x1b[?62;22c")
    rss, anon = memory(process.pid, program) if program else (0, 0)
    if then is not None:
        # Keys once the screen is still (End, G), then memory again once it is still again.
        os.write(master, then)
        last = time.perf_counter()
        while time.perf_counter() - last < quiet * 2:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    if os.read(master, 1 << 16):
                        last = time.perf_counter()
                except OSError:
                    break
        rss, anon = memory(process.pid, program)
    try:
        os.write(master, b"q")
        process.wait(timeout=2)
    except Exception:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    try:
        while os.read(master, 1 << 16):
            pass
    except OSError:
        pass
    os.close(master)
    # The final screen, then the first chunk after which it already showed.
    for _, data in chunks:
        stream.feed(data)
    final = list(screen.display)
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    for at, data in chunks:
        stream.feed(data)
        shown = screen.display
        if callable(appears):
            if appears(shown):
                return at, rss, anon, final
        elif appears is not None:
            if any(appears in line for line in shown):
                return at, rss, anon, final
        elif shown[:-1] == final[:-1] and shown[-1].strip():
            return at, rss, anon, final
    return float("nan"), rss, anon, final


def make_book(path, text_bytes, image_bytes):
    """An EPUB 3 of `text_bytes` of real text in chapters of about 256 KB, and
    `image_bytes` of incompressible pictures (as in an illustrated book),
    made with Python's zipfile: no one here wrote its text."""
    import html
    import zipfile
    source = os.path.join(os.path.dirname(path), "book-source.txt")
    make_text(source, text_bytes)
    with open(source, "rb") as f:
        text = f.read().decode("utf-8", "replace")
    chapters = [text[i:i + (256 << 10)] for i in range(0, len(text), 256 << 10)]
    pictures = max(0, image_bytes // (512 << 10))
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
                   '<rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
        manifest, spine, nav = [], [], []
        for n, chapter in enumerate(chapters):
            paragraphs = "".join(f"<p>{html.escape(p)}</p>" for p in chapter.split("\n\n") if p.strip())
            picture = f'<p><img src="p{n}.png" alt="picture {n}"/></p>' if n < pictures else ""
            z.writestr(f"OEBPS/c{n}.xhtml", f'<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>{n}</title></head>'
                       f"<body><h1>Chapter {n + 1}</h1>{picture}{paragraphs}</body></html>", compress_type=zipfile.ZIP_DEFLATED)
            manifest.append(f'<item id="c{n}" href="c{n}.xhtml" media-type="application/xhtml+xml"/>')
            spine.append(f'<itemref idref="c{n}"/>')
            nav.append(f'<li><a href="c{n}.xhtml">Chapter {n + 1}</a></li>')
        for n in range(min(pictures, len(chapters))):
            z.writestr(f"OEBPS/p{n}.png", b"\x89PNG\r\n\x1a\n" + os.urandom(512 << 10))
            manifest.append(f'<item id="p{n}" href="p{n}.png" media-type="image/png"/>')
        z.writestr("OEBPS/nav.xhtml", '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">'
                   f'<head><title>Contents</title></head><body><nav epub:type="toc"><ol>{"".join(nav)}</ol></nav></body></html>')
        manifest.append('<item id="nav" href="nav.xhtml" properties="nav" media-type="application/xhtml+xml"/>')
        z.writestr("OEBPS/book.opf", '<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">'
                   '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:folio:bench</dc:identifier>'
                   '<dc:title>A large book</dc:title><dc:language>en</dc:language></metadata>'
                   f'<manifest>{"".join(manifest)}</manifest><spine>{"".join(spine)}</spine></package>')


def counted(shown):
    """Whether the status row shows a final page count: "N / M" without a "+"."""
    import re
    return re.search(r"\b\d+ / \d+(?![\d+])", shown[-1]) is not None


def book_rows(folio, work, columns, rows, runs):
    """EPUB books: time to the first full screen and to the complete page count, and memory."""
    books = []
    manual = "/usr/share/doc/live-manual/epub/live-manual.en.epub"
    if os.path.exists(manual):
        books.append((f"Debian's live manual ({os.path.getsize(manual) >> 10} KB)", manual))
    big = os.path.join(work, "large.epub")
    make_book(big, 48 << 20, 12 << 20)
    books.append((f"a made book, 48 MB of text and 12 MB of pictures ({os.path.getsize(big) >> 20} MB)", big))
    out = []
    for label, path in books:
        first, count, rss, anon = [], [], [], []
        for _ in range(runs):
            a = run([folio, "--forget", path], columns, rows, "folio")
            b = run([folio, "--forget", path], columns, rows, "folio", appears=counted, quiet=1.0, limit=60.0)
            first.append(a[0]); count.append(b[0]); rss.append(b[1]); anon.append(b[2])
        med = lambda v: statistics.median(x for x in v if x == x) if any(x == x for x in v) else float("nan")
        row = ["book", label, f"{med(first):.5f}", f"{med(count):.5f}", "-", str(int(med(rss))), "-", str(int(med(anon))), "-", str(runs)]
        out.append("\t".join(row))
        print("\t".join(row), file=sys.stderr)
    return out


def main():
    folio = sys.argv[1]
    output = sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    columns, rows = (int(x) for x in (sys.argv[4] if len(sys.argv) > 4 else "200x50").split("x"))
    work = tempfile.mkdtemp()
    small, big = os.path.join(work, "1MB.txt"), os.path.join(work, "100MB.txt")
    make_text(small, 1 << 20)
    make_text(big, 100 << 20)
    # The floor prints a finished screen: the first rows of the 1 MB text, cut to the width.
    floor_file = os.path.join(work, "screen.txt")
    with open(small, "rb") as f, open(floor_file, "wb") as out:
        lines = f.read(1 << 16).split(b"\n")[: rows - 1]
        out.write(b"\r\n".join(line[: columns - 1] for line in lines) + b"\r\nend")
    floor = ["cat", floor_file]
    scenarios = [
        ("1 MB file", lambda p: [p, small] if p != folio else [p, "--forget", small], None),
        ("100 MB file", lambda p: [p, big] if p != folio else [p, "--forget", big], None),
        ("cat of the 100 MB file through a pipe", lambda p: ["sh", "-c", f"cat {big} | {p}" + (" --forget" if p == folio else "")], None),
        ("slow pipe: the first line shows (then nothing for 5 s)",
         lambda p: ["sh", "-c", f"(echo first line; sleep 5) | {p}" + (" --forget" if p == folio else "")], "first line"),
    ]
    less = subprocess.run(["sh", "-c", "command -v less"], capture_output=True, text=True).stdout.strip()
    programs = [folio, less, shutil.which("cat"), shutil.which("sh")] + glob.glob("/usr/lib/*/libtinfo.so*") + glob.glob("/lib/*/libtinfo.so*")
    lines = []
    for label, command, appears in scenarios:
        results = {"folio": [], "less": [], "floor": []}
        for _ in range(runs):
            for name, argv, program in (("folio", command(folio), "folio"), ("less", command(less), "less"), ("floor", floor, None)):
                warm([p for p in programs if p])
                warm([small, big, floor_file], limit=8 << 20)
                results[name].append(run(argv, columns, rows, program, appears=appears if program else None))
        def median(name, index):
            values = [r[index] for r in results[name] if r[index] == r[index]]
            return statistics.median(values) if values else float("nan")
        row = ["first-screen", label, f"{median('folio', 0):.5f}", f"{median('less', 0):.5f}", f"{median('floor', 0):.5f}",
               str(int(median("folio", 1))), str(int(median("less", 1))), str(int(median("folio", 2))), str(int(median("less", 2))), str(runs)]
        lines.append("\t".join(row))
        print("\t".join(row), file=sys.stderr)
    # After End on the 100 MB file: memory does not grow with the file.
    folio_end = run([folio, "--forget", big], columns, rows, "folio", then=b"\x1b[F")
    less_end = run([less, big], columns, rows, "less", then=b"G")
    row = ["memory", "after End on the 100 MB file", "-", "-", "-", str(folio_end[1]), str(less_end[1]), str(folio_end[2]), str(less_end[2]), "1"]
    lines.append("\t".join(row))
    print("\t".join(row), file=sys.stderr)
    # Plain output of the 100 MB file, against fold.
    fold_cmd = ["fold", "-w", "100", big]
    folio_cmd = [folio, "--width", "100", "--height", "40", big]
    timings = {"folio": [], "fold": [], "floor": []}
    for _ in range(runs):
        for name, argv in (("folio", folio_cmd), ("fold", fold_cmd), ("floor", ["true"])):
            before = os.times()
            start = time.perf_counter()
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wall = time.perf_counter() - start
            after = os.times()
            cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
            timings[name].append((wall, cpu))
    def med(name, index):
        return statistics.median(t[index] for t in timings[name])
    row = ["plain", "100 MB file at 100 columns, to /dev/null", f"{med('folio', 0):.5f}", f"{med('fold', 0):.5f}",
           f"{med('floor', 0):.5f}", f"{med('folio', 1):.5f}", f"{med('fold', 1):.5f}", "-", "-", str(runs)]
    lines.append("\t".join(row))
    print("\t".join(row), file=sys.stderr)
    # An endless stream: memory after 10 s.
    folio_yes = run(["sh", "-c", f"yes | {folio} --forget"], columns, rows, "folio", limit=10.5, hold=10.0)
    less_yes = run(["sh", "-c", f"yes | {less}"], columns, rows, "less", limit=10.5, hold=10.0)
    row = ["memory", "yes, after 10 s", "-", "-", "-", str(folio_yes[1]), str(less_yes[1]), str(folio_yes[2]), str(less_yes[2]), "1"]
    lines.append("\t".join(row))
    print("\t".join(row), file=sys.stderr)
    lines.extend(book_rows(folio, work, columns, rows, runs))
    with open(output, "w") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
