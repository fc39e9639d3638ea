#!/usr/bin/env python3
"""Screenshots of the terminal reader for the README: runs `folio` in a real
terminal (tmux) at a given size, sends keys, captures the screen with its
colours (`capture-pane -e`), and draws the cells with DejaVu Sans Mono.

    python3 Scripts/screenshot-terminal.py OUTPUT.png COLUMNS ROWS KEYS -- COMMAND…

KEYS is a space-separated list of tmux key names sent after the first
screen (`-` for none), e.g. "Right Right" or "/ p a g e Enter".
Needs tmux, Pillow (pip install pillow) and fonts-dejavu-core.
"""
import re
import subprocess
import sys
import time
import uuid

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
SIZE = 15
BASIC = [(0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16), (36, 114, 200), (188, 63, 188), (17, 168, 205), (229, 229, 229),
         (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67), (59, 142, 234), (214, 112, 214), (41, 184, 219), (255, 255, 255)]
BACKGROUND = (30, 30, 30)
FOREGROUND = (212, 212, 212)


def palette(index):
    if index < 16:
        return BASIC[index]
    if index < 232:
        c = index - 16
        level = lambda v: 0 if v == 0 else 55 + v * 40
        return (level(c // 36), level(c // 6 % 6), level(c % 6))
    grey = 8 + (index - 232) * 10
    return (grey, grey, grey)


def apply(style, params):
    codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
    i = 0
    while i < len(codes):
        c = codes[i]
        if c == 0:
            style.clear()
        elif c in (1, 2, 3, 4, 7):
            style[c] = True
        elif c == 22:
            style.pop(1, None); style.pop(2, None)
        elif c in (23, 24, 27):
            style.pop(c - 20, None)
        elif 30 <= c <= 37:
            style["fg"] = palette(c - 30)
        elif 90 <= c <= 97:
            style["fg"] = palette(c - 90 + 8)
        elif 40 <= c <= 47:
            style["bg"] = palette(c - 40)
        elif 100 <= c <= 107:
            style["bg"] = palette(c - 100 + 8)
        elif c == 39:
            style.pop("fg", None)
        elif c == 49:
            style.pop("bg", None)
        elif c in (38, 48) and i + 1 < len(codes):
            key = "fg" if c == 38 else "bg"
            if codes[i + 1] == 5 and i + 2 < len(codes):
                style[key] = palette(codes[i + 2]); i += 2
            elif codes[i + 1] == 2 and i + 4 < len(codes):
                style[key] = tuple(codes[i + 2:i + 5]); i += 4
        i += 1


def main():
    output, columns, rows, keys = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    command = sys.argv[sys.argv.index("--") + 1:]
    socket = "shot-" + uuid.uuid4().hex[:8]
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    subprocess.run(tmux + ["new-session", "-d", "-x", str(columns), "-y", str(rows)] + command, check=True)
    try:
        time.sleep(1.5)
        if keys != "-":
            for key in keys.split(" "):
                subprocess.run(tmux + ["send-keys", "-t", "0", key], check=True)
                time.sleep(0.15)
            time.sleep(1.0)
        captured = subprocess.run(tmux + ["capture-pane", "-p", "-e", "-N", "-t", "0"], capture_output=True, text=True, check=True).stdout
    finally:
        subprocess.run(tmux + ["kill-server"])
    font, bold = ImageFont.truetype(FONT, SIZE), ImageFont.truetype(BOLD, SIZE)
    cell_w = round(font.getlength("M"))
    cell_h = SIZE + 5
    image = Image.new("RGB", (columns * cell_w + 16, rows * cell_h + 16), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for y, line in enumerate(captured.split("\n")[:rows]):
        style = {}
        x = 0
        for token in re.split(r"(\x1b\[[0-9;]*m)", line):
            if token.startswith("\x1b["):
                apply(style, token[2:-1])
                continue
            for ch in token:
                fg, bg = style.get("fg", FOREGROUND), style.get("bg", BACKGROUND)
                if style.get(7):
                    fg, bg = bg, fg
                if style.get(2):
                    fg = tuple(int(c * 0.6 + BACKGROUND[i] * 0.4) for i, c in enumerate(fg))
                wide = 2 if ord(ch) >= 0x1100 and (0x2E80 <= ord(ch) <= 0xA4CF or 0xAC00 <= ord(ch) <= 0xD7A3 or 0xFF00 <= ord(ch) <= 0xFF60 or 0x1F300 <= ord(ch)) else 1
                left, top = 8 + x * cell_w, 8 + y * cell_h
                draw.rectangle([left, top, left + wide * cell_w - 1, top + cell_h - 1], fill=bg)
                draw.text((left, top + 2), ch, font=bold if style.get(1) else font, fill=fg)
                if style.get(4):
                    draw.line([left, top + cell_h - 3, left + wide * cell_w - 1, top + cell_h - 3], fill=fg)
                x += wide
    image.save(output)


if __name__ == "__main__":
    main()
