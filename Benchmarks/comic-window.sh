#!/usr/bin/env bash
# The first page of a 500-page CBZ in folio-view, and paging through it, under Xvfb at 1920 × 1080.
#   bash Benchmarks/comic-window.sh View/.build/release/folio-view [RUNS]
# Uses the comic Benchmarks/comic-terminal.py makes (/tmp/folio-comic-bench/comic.cbz: 500 JPEG
# pages of 1200 × 1800). Times come from folio-view's --trace (seconds since its main started):
# "window" when the window exists (the floor: an empty window), "picture … drawn" when the first
# page's picture is drawn. Then → every third of a second for 20 s (real X input, xdotool):
# folio-view's resident memory at the first page and at the end, and how many pages were drawn
# ahead of their turn (its --trace summary).
set -euo pipefail
viewer=${1:?the folio-view binary}
runs=${2:-7}
comic=/tmp/folio-comic-bench/comic.cbz
[ -f "$comic" ] || { echo "make the comic first: python3 Benchmarks/comic-terminal.py FOLIO" >&2; exit 1; }
source "$(dirname "$0")/window-book.sh"
start_display 79
time_first_picture "$viewer" "$comic" "$runs"
w=$(median "${windows[@]}"); p=$(median "${pictures[@]}")
page_through "$viewer" "$comic"
echo "| figure | folio-view |"
echo "|---|---|"
echo "| window exists (the floor), median of $runs | $(awk "BEGIN {printf \"%.0f\", $w * 1000}") ms |"
echo "| first page's picture drawn, median of $runs | $(awk "BEGIN {printf \"%.0f\", $p * 1000}") ms ($(awk "BEGIN {printf \"%.0f\", ($p - $w) * 1000}") ms after the window) |"
echo "| resident memory, first page → after 60 pages at 3 a second | $((before / 1024)) MB → $((after / 1024)) MB |"
echo "| pages drawn ahead of their turn | $ahead |"
