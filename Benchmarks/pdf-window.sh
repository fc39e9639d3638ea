#!/usr/bin/env bash
# The first page of a PDF of some 400 pages in folio-view beside MuPDF's own `mutool draw` of the same
# page at the same size, and paging through it, under Xvfb at 1920 × 1080.
#   bash Benchmarks/pdf-window.sh View/.build/release/folio-view [RUNS] [PDF]
# The PDF is valgrind's manual (397 pages, /usr/share/doc/valgrind/valgrind_manual.pdf.gz, unpacked
# to /tmp) unless one is given. Times come from folio-view's --trace (seconds since its main started):
# "window" when the window exists (the floor: an empty window), "picture … drawn (W×H)" when the first
# page is drawn; mutool draws page 1 at that W × H to a PPM (no compression to pay for), timed from
# its start to its end (its own floor: `mutool -v`). Then → every third of a second for 20 s (real X
# input, xdotool): folio-view's resident memory, and how many pages were drawn ahead of their turn.
set -euo pipefail
viewer=${1:?the folio-view binary}
runs=${2:-7}
pdf=${3:-/tmp/folio-pdf-bench/valgrind_manual.pdf}
if [ ! -f "$pdf" ]; then
    mkdir -p "$(dirname "$pdf")"
    zcat /usr/share/doc/valgrind/valgrind_manual.pdf.gz > "$pdf"
fi
source "$(dirname "$0")/window-book.sh"
start_display 78
now() { date +%s.%N; }
time_first_picture "$viewer" "$pdf" "$runs"
read -r width height <<<"$size"
draws=(); floors=()
for _ in $(seq "$runs"); do
    t0=$(now); mutool draw -q -w "$width" -h "$height" -F ppm -o /tmp/folio-pdf-bench/page.ppm "$pdf" 1; t1=$(now)
    draws+=("$(awk "BEGIN {print $t1 - $t0}")")
    t0=$(now); mutool -v >/dev/null 2>&1 || true; t1=$(now)
    floors+=("$(awk "BEGIN {print $t1 - $t0}")")
done
w=$(median "${windows[@]}"); p=$(median "${pictures[@]}"); d=$(median "${draws[@]}"); f=$(median "${floors[@]}")
page_through "$viewer" "$pdf"
ms() { awk "BEGIN {printf \"%.0f\", $1 * 1000}"; }
echo "| figure | folio-view | mutool draw |"
echo "|---|---|---|"
echo "| the floor: an empty window / \`mutool -v\`, median of $runs | $(ms "$w") ms | $(ms "$f") ms |"
echo "| page 1 drawn at ${width}×${height}, from start, median of $runs | $(ms "$p") ms | $(ms "$d") ms |"
echo "| resident memory, first spread → after 60 spreads at 3 a second | $((before / 1024)) MB → $((after / 1024)) MB | |"
echo "| pages drawn ahead of their turn | $ahead | |"
