# Shared by comic-window.sh and pdf-window.sh (sourced, not run): a virtual X display at
# 1920 × 1080, folio-view's first window and first picture timed from its --trace, and paging
# at 3 a second with real X input.

# Starts Xvfb on display $1 and points DISPLAY at it; it is killed when the script exits.
start_display() {
    Xvfb ":$1" -screen 0 1920x1080x24 >/dev/null 2>&1 &
    local xvfb=$!
    trap "kill $xvfb 2>/dev/null" EXIT
    sleep 1
    export DISPLAY=":$1"
}

# The median of the numbers given.
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Opens $2 in folio-view ($1) $3 times: sets `windows` and `pictures` (seconds from its start to the
# window, and to the first picture drawn) and `size` (the first picture's "W H").
time_first_picture() {
    windows=(); pictures=(); size=""
    local out line
    for _ in $(seq "$3"); do
        out=$(timeout 4 "$1" --trace --forget --size 1920x1080 "$2" 2>&1 || true)
        windows+=("$(grep -m1 ' window ' <<<"$out" | sed 's/^\[\([0-9.]*\)\].*/\1/')")
        line=$(grep -m1 ' picture ' <<<"$out")
        pictures+=("$(sed 's/^\[\([0-9.]*\)\].*/\1/' <<<"$line")")
        size=$(sed 's/.*(\([0-9]*\)×\([0-9]*\)).*/\1 \2/' <<<"$line")
    done
}

# Opens $2 in folio-view ($1), presses → 60 times a third of a second apart: sets `before` and
# `after` (resident kB at the first page and at the end) and `ahead` (its summary of pictures made ahead).
page_through() {
    local trace pid
    trace=$(mktemp)
    "$1" --trace --forget --size 1920x1080 "$2" 2>"$trace" &
    pid=$!
    sleep 2
    before=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
    for _ in $(seq 60); do xdotool key Right; sleep 0.333; done
    after=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
    xdotool key q
    wait "$pid" || true
    ahead=$(grep -m1 'pictures:' "$trace" | sed 's/.*pictures: //')
    rm -f "$trace"
}
