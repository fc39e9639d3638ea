#!/usr/bin/env python3
"""The first picture of a 500-page comic in the terminal, and paging through it.

    python3 Benchmarks/comic-terminal.py FOLIO [RUNS]

Makes (once, in /tmp/folio-comic-bench) a CBZ of 500 JPEG pages, 1200 × 1800 at
quality 85, from Debian's mate-backgrounds photos, then in a pseudo-terminal of
200 × 50:
- first picture: from the start of `folio --forget comic.cbz` to the first byte of
  a 24-bit background (the first picture cell), beside chafa's own command line
  drawing the first page at the page's size in blocks (the peer) and `cat` of a
  finished screen (the harness's floor);
- first sixel: the same, the pty answering folio's questions as a sixel terminal
  with cells of 10 × 20 pixels, until the first sixel image has ended, beside
  ImageMagick's convert writing that page as sixel at the same size;
- paging: Space three times a second for 20 s; the picture cells of each new page
  seen, and folio's resident memory (VmRSS) at the start and the end.
Prints a Markdown table.
"""
import os, pty, select, signal, statistics, subprocess, sys, time, zipfile

FOLIO = sys.argv[1]
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
WORK = "/tmp/folio-comic-bench"
COMIC = WORK + "/comic.cbz"
PHOTOS = "/usr/share/backgrounds/mate/nature"


def make_comic():
    if os.path.exists(COMIC):
        return
    os.makedirs(WORK + "/pages", exist_ok=True)
    photos = sorted(os.path.join(PHOTOS, p) for p in os.listdir(PHOTOS) if p.endswith(".jpg"))
    bases = []
    for i, photo in enumerate(photos):
        out = f"{WORK}/pages/base-{i}.jpg"
        subprocess.run(["convert", photo, "-resize", "1200x1800^", "-gravity", "center", "-extent", "1200x1800",
                        "-quality", "85", out], check=True)
        bases.append(out)
    with zipfile.ZipFile(COMIC + ".part", "w", zipfile.ZIP_STORED) as z:
        for page in range(500):
            z.write(bases[page % len(bases)], f"issue/page-{page + 1}.jpg")
    os.rename(COMIC + ".part", COMIC)


def spawn(argv):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(argv[0], argv)
    import fcntl, struct, termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    return pid, fd


def until(fd, needle, timeout=20.0, answer=None):
    """Reads until `needle` has been seen; returns the seconds it took and what was read.
    With `answer`, replies to the device attributes question (ESC [ c) as a terminal would."""
    start = time.perf_counter()
    seen = b""
    answered = answer is None
    while time.perf_counter() - start < timeout:
        if not answered and b"\x1b[c" in seen:
            os.write(fd, answer)
            answered = True
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if (needle(seen) if callable(needle) else needle in seen):
                return time.perf_counter() - start, seen
    return None, seen


def finish(pid, fd):
    """Ends the program: its terminal closed (a write it blocks in fails), then killed."""
    os.close(fd)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)


def timed(argv, needle, answer=None):
    pid, fd = spawn(argv)
    took, _ = until(fd, needle, answer=answer)
    finish(pid, fd)
    return took


def first_picture():
    screen = WORK + "/screen.txt"
    with open(screen, "wb") as f:
        f.write(b"\x1b[48;2;1;2;3m" + b"x" * 10000)
    page1 = WORK + "/pages/page-1.jpg"
    with zipfile.ZipFile(COMIC) as z, open(page1, "wb") as f:
        f.write(z.read("issue/page-1.jpg"))
    rows = {"folio": [], "chafa": [], "floor": [], "sixel": [], "chafa-sixel": []}
    sixel_terminal = b"\x1b[6;20;10t\x1b[?62;4;22c"
    # Every terminal answers the device attributes; this one draws no pixels.
    plain_terminal = b"\x1b[?62;22c"

    def sixel_ended(seen):
        start = seen.find(b"\x1bP")
        return start >= 0 and seen.find(b"\x1b\\", start) >= 0
    for _ in range(RUNS):
        rows["folio"].append(timed([FOLIO, "--forget", COMIC], b"48;2;", answer=plain_terminal))
        # The whole first sixel: from its start to its string terminator.
        rows["sixel"].append(timed([FOLIO, "--forget", COMIC], sixel_ended, answer=sixel_terminal))
        # The peer: ImageMagick writing the same page as sixel at the size folio draws it (64 × 48 cells of 10 × 20).
        rows["chafa-sixel"].append(timed(["convert", page1, "-resize", "640x960", "sixel:-"], sixel_ended))
        rows["chafa"].append(timed(["chafa", "--format", "symbols", "--symbols", "block+space", "--colors", "full",
                                    "--size", "64x48", page1], b"48;2;"))
        rows["floor"].append(timed(["cat", screen], b"48;2;"))
    return {k: statistics.median([v for v in values if v is not None]) * 1000 for k, values in rows.items()}


def rss(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def paging(seconds=20.0):
    pid, fd = spawn([FOLIO, "--forget", COMIC])
    until(fd, b"48;2;", answer=b"\x1b[?62;22c")
    time.sleep(0.5)
    before = rss(pid)
    pages, shown = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        os.write(fd, b" ")
        pages += 1
        took, seen = until(fd, b"48;2;", timeout=0.333)
        if took is not None:
            shown += 1
            time.sleep(max(0, 0.333 - took))
    after = rss(pid)
    finish(pid, fd)
    return pages, shown, before, after


make_comic()
first = first_picture()
pages, shown, before, after = paging()
print(f"| figure | folio | peer | ratio |")
print(f"|---|---|---|---|")
print(f"| first picture of a 500-page CBZ (1200 × 1800 JPEG pages), pty 200 × 50, median of {RUNS} | "
      f"{first['folio']:.1f} ms | chafa's command line on the same page: {first['chafa']:.1f} ms | "
      f"{first['folio'] / first['chafa']:.2f}× |")
print(f"| first sixel picture, whole: 640 × 960 pixels, 510 KB (the pty answers as a sixel terminal with 10 × 20 cells) | "
      f"{first['sixel']:.1f} ms | ImageMagick's convert writing that page as a 640 × 960 sixel: {first['chafa-sixel']:.1f} ms | "
      f"{first['sixel'] / first['chafa-sixel']:.2f}× |")
print(f"| harness floor (cat of a screen) | {first['floor']:.1f} ms | | |")
print(f"| Space 3 times a second for 20 s | {shown} of {pages} pages drawn within a third of a second | | |")
print(f"| resident memory, first page → after paging | {before / 1024:.1f} MB → {after / 1024:.1f} MB | | |")
