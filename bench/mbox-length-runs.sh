#!/bin/sh
# bench/mbox-length-runs.sh [URIGREP]: what a run of messages costs
# whose Content-Lengths are each too long (every count runs over the
# "From " lines after it; issue 37 item 9), against the same messages
# with no Content-Length (a plain mbox), by callgrind instruction counts
# per MB, read as a file and as a pipe, with --type=mboxcl and with
# --type=auto (which honours only a count that is right); and the same
# with counts that end inside the input, past many messages.  Goal:
# every row under 5x the plain mbox's cost per MB.
# MBOX_RUNS_MB (default 1): the size of each input; MBOX_RUNS_LENGTH
# (default 4000000): the too-long Content-Length; MBOX_RUNS_INSIDE
# (default 300000): the one that ends inside; MBOX_RUNS_TYPES (default
# "mboxcl auto"): the --type rows.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ug=${1:-$here/../src/urigrep}
. "$here/binary.sh"
real_binary "$ug"
ug=$REAL_BINARY
command -v valgrind >/dev/null || { echo "bench: needs valgrind" >&2; exit 77; }
mb=${MBOX_RUNS_MB:-1}
len=${MBOX_RUNS_LENGTH:-4000000}
inside=${MBOX_RUNS_INSIDE:-300000}
data=${BENCH_DATA:-$here/data}
mkdir -p "$data"
# gen LENGTH: messages of about 200 bytes to MB megabytes, each with
# "Content-Length: LENGTH" ("" for none)
gen() {
    awk -v len="$1" -v size=$((mb * 1000000)) 'BEGIN {
        for (i = 0; n < size; i++) {
            m = sprintf("From a%d@example.org Mon Jan  1 00:00:00 2024\n", i)
            m = m sprintf("Message-ID: <m%d@example.org>\nSubject: run %d\n", i, i)
            if (len != "")
                m = m sprintf("Content-Length: %s\n", len)
            m = m sprintf("\nsee http://h%d.example.org/p/%d.html here\n\n", i % 97, i)
            printf "%s", m
            n += length(m)
        } }'
}
gen '' >"$data/runs-plain.mbox"
gen "$len" >"$data/runs-long.mbox"
gen "$inside" >"$data/runs-inside.mbox"
bytes=$(wc -c <"$data/runs-plain.mbox" | tr -d ' ')
# ir ARG...: the instructions callgrind counts for urigrep ARG...,
# standard input as the caller gives it
ir() {
    valgrind --tool=callgrind --callgrind-out-file="$data/runs.callgrind" \
        "$ug" "$@" >/dev/null 2>&1 || true
    sed -n 's/^summary: *//p' "$data/runs.callgrind"
}
# row NAME TYPE FILE HOW: instructions for FILE read by --type=TYPE as a
# file or a pipe (HOW), and per MB
row() {
    if [ "$4" = pipe ]; then
        # a FIFO: standard input that cannot be read again
        rm -f "$data/runs.fifo"
        mkfifo "$data/runs.fifo"
        cat "$3" >"$data/runs.fifo" &
        n=$(ir -c --type="$2" - <"$data/runs.fifo")
        wait
        rm -f "$data/runs.fifo"
    else
        n=$(ir -c --type="$2" "$3")
    fi
    per=$(echo "$n $bytes" | awk '{ printf "%.1f", $1 / ($2 / 1e6) / 1e6 }')
    [ -n "${base:-}" ] || base=$per
    printf '%-36s %8.1f M Ir/MB  %6.2fx\n' "$1" "$per" \
        "$(echo "$per $base" | awk '{ print $1 / $2 }')"
}
echo "$bytes bytes each; Content-Length $len, inside $inside; $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?')"
base=
row "plain mbox, file (yardstick)" mbox "$data/runs-plain.mbox" file
row "plain mbox, pipe" mbox "$data/runs-plain.mbox" pipe
for t in ${MBOX_RUNS_TYPES:-mboxcl auto}; do
    row "too-long counts, $t, file" "$t" "$data/runs-long.mbox" file
    row "too-long counts, $t, pipe" "$t" "$data/runs-long.mbox" pipe
    row "counts ending inside, $t, file" "$t" "$data/runs-inside.mbox" file
    row "counts ending inside, $t, pipe" "$t" "$data/runs-inside.mbox" pipe
done
