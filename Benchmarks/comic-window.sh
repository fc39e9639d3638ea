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
Xvfb :79 -screen 0 1920x1080x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
export DISPLAY=:79
windows=(); pictures=()
for _ in $(seq "$runs"); do
    out=$(timeout 3 "$viewer" --trace --forget --size 1920x1080 "$comic" 2>&1 || true)
    windows+=("$(grep -m1 ' window ' <<<"$out" | sed 's/^\[\([0-9.]*\)\].*/\1/')")
    pictures+=("$(grep -m1 ' picture ' <<<"$out" | sed 's/^\[\([0-9.]*\)\].*/\1/')")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
w=$(median "${windows[@]}"); p=$(median "${pictures[@]}")
trace=$(mktemp)
"$viewer" --trace --forget --size 1920x1080 "$comic" 2>"$trace" &
pid=$!
sleep 2
rss() { awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }
before=$(rss)
for _ in $(seq 60); do xdotool key Right; sleep 0.333; done
after=$(rss)
xdotool key q
wait $pid || true
echo "| figure | folio-view |"
echo "|---|---|"
echo "| window exists (the floor), median of $runs | $(awk "BEGIN {printf \"%.0f\", $w * 1000}") ms |"
echo "| first page's picture drawn, median of $runs | $(awk "BEGIN {printf \"%.0f\", $p * 1000}") ms ($(awk "BEGIN {printf \"%.0f\", ($p - $w) * 1000}") ms after the window) |"
echo "| resident memory, first page → after 60 pages at 3 a second | $((before / 1024)) MB → $((after / 1024)) MB |"
echo "| pages drawn ahead of their turn | $(grep -m1 'pictures:' "$trace" | sed 's/.*pictures: //') |"
