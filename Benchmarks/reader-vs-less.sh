#!/usr/bin/env bash
# Time to the first frame: the release `folio` against `less` on the same
# real text files (1 MB and 100 MB), each started in a detached tmux session
# and polled with `tmux capture-pane` until the first page's text shows.
#
#   bash Benchmarks/reader-vs-less.sh FOLIO_BINARY OUTPUT.tsv [RUNS] [COLUMNSxROWS]
#
# Writes one line per file size to OUTPUT.tsv:
#   first-frame <TAB> <size> <TAB> <columns>x<rows> <TAB> <folio median s> <TAB> <less median s> <TAB> <runs>
# The files are made at run time in a temporary folder (never committed) from
# the same real texts as the benchmarks' RealText: the common licences, then
# Unicode's NamesList.txt, repeated.
set -euo pipefail

folio=${1:?usage: reader-vs-less.sh FOLIO_BINARY OUTPUT.tsv [RUNS] [COLUMNSxROWS]}
output=${2:?usage: reader-vs-less.sh FOLIO_BINARY OUTPUT.tsv [RUNS] [COLUMNSxROWS]}
runs=${3:-7}
size=${4:-200x50}
columns=${size%x*}
rows=${size#*x}
command -v tmux >/dev/null || { echo "reader-vs-less.sh: tmux is not installed" >&2; exit 1; }
command -v less >/dev/null || { echo "reader-vs-less.sh: less is not installed" >&2; exit 1; }
[ -x "$folio" ] || { echo "reader-vs-less.sh: no folio binary at $folio" >&2; exit 1; }

work=$(mktemp -d)
socket=folio-bench-$$
cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# The real text: licences (prose) then NamesList.txt, repeated up to the size.
sources=()
while IFS= read -r name; do sources+=("/usr/share/common-licenses/$name"); done \
    < <(ls /usr/share/common-licenses | LC_ALL=C sort)
[ -f /usr/share/unicode/NamesList.txt ] && sources+=(/usr/share/unicode/NamesList.txt)
make_text() {  # make_text BYTES FILE
    local bytes=$1 file=$2
    : >"$file"
    while [ "$(stat -c %s "$file")" -lt "$bytes" ]; do cat "${sources[@]}" >>"$file"; done
    truncate -s "$bytes" "$file"
}
# The first page shows the first line of the first licence.
marker=$(grep -m1 -o '[A-Za-z][A-Za-z ]*[A-Za-z]' "${sources[0]}")

now() { date +%s%N; }

# Seconds from starting `command` in a new session until `marker` shows in its pane.
first_frame() {
    local command=$1 start end deadline
    start=$(now)
    deadline=$((start + 30000000000))
    tmux -L "$socket" new-session -d -s run -x "$columns" -y "$rows" "$command"
    until tmux -L "$socket" capture-pane -p -t run 2>/dev/null | grep -qF "$marker"; do
        if [ "$(now)" -gt "$deadline" ]; then
            echo "reader-vs-less.sh: no first frame within 30 s from: $command" >&2
            tmux -L "$socket" capture-pane -p -t run >&2 || true
            exit 1
        fi
    done
    end=$(now)
    tmux -L "$socket" kill-session -t run
    echo "$(( (end - start) / 1000 ))"   # microseconds
}

median() { tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] / 1000000 }'; }

# A server that outlives the measured sessions, so none pays for starting it.
tmux -L "$socket" -f /dev/null new-session -d -s keeper -x "$columns" -y "$rows" "sleep 86400"
mkdir -p "$work/state"
env_line="env LANG=C.UTF-8 TERM=tmux-256color XDG_STATE_HOME=$work/state LESS= LESSOPEN= LESSHISTFILE=-"

: >"$output"
for megabytes in 1 100; do
    file="$work/text-${megabytes}MB.txt"
    make_text $((megabytes << 20)) "$file"
    folio_command="$env_line $folio --forget $file"
    less_command="$env_line less $file"
    first_frame "$folio_command" >/dev/null   # warm up: binaries and the file in the page cache
    first_frame "$less_command" >/dev/null
    folio_times=() less_times=()
    for _ in $(seq "$runs"); do   # interleaved, so both see the same machine
        folio_times+=("$(first_frame "$folio_command")")
        less_times+=("$(first_frame "$less_command")")
    done
    folio_median=$(echo "${folio_times[*]}" | median)
    less_median=$(echo "${less_times[*]}" | median)
    printf 'first-frame\t%s MB\t%sx%s\t%s\t%s\t%s\n' "$megabytes" "$columns" "$rows" \
        "$folio_median" "$less_median" "$runs" >>"$output"
    echo "first frame, $megabytes MB, ${columns}x${rows}: folio ${folio_times[*]} µs; less ${less_times[*]} µs" >&2
done
