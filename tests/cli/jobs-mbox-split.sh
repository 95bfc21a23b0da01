# -j cuts one large mbox at "From " lines into pieces read in parallel;
# line numbers, offsets, JSON message numbers, --headers, -u, -m, -l, -c
# and the warnings said once a file (over-long candidates) are
# those of reading it whole, URIs wrapped near a cut included. "From "
# lines the mail parser does not take for separators (no date, longer
# than its line buffer, ">From ") are never cuts.
. "${srcdir:-.}/tests/init.sh"
JOBS_FEW=4
. "${srcdir:-.}/tests/jobs-same.sh"
long=$(printf 'x%.0s' $(seq 1 260))
n=0
for round in $(seq 1 10); do
    for f in "$fixtures"/*.eml; do
        n=$((n + 1))
        printf 'From sender%d@example.org Mon May  6 10:%02d:00 2024\n' \
            $n $((n % 60))
        sed 's/^From />From /' "$f"
        printf '\nwrapped <URL:http://wrapped.example/%d/\n  tail/%d> and\n' \
            $n $n
        printf 'From the desk of nobody http://nodate.example/%d\n' $n
        printf 'From %s 10:00:00 http://long.example/%d\n' "$long" $n
        printf '<http://split.example/%d/\n' $n
        printf '  across/lines>\n\n'
    done
done >"$tmp/big.mbox"
cat "$fixtures/archive.mbox" >>"$tmp/big.mbox"
size=$(wc -c <"$tmp/big.mbox")
[ "$size" -gt 60000 ] || fail "mbox not made"
URIGREP_SPLIT_SIZE=3000
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=20
for opts in "-n -b" "-u -c" "--json --headers" "--max-uri-length=24" \
    "--json" "-u" "-c" "--verbose -n" "--type=mbox -H -n" "-m 3 -n" \
    "-m 5 -u" "-l" "--unique=message -n" "--json -c"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial $opts "$tmp/big.mbox"
done
# every cut is at a separator line and the pieces cover the file
prev=0
while read -r name from to; do
    [ "$from" = "$prev" ] || fail "pieces do not follow: $prev, $from"
    if [ "$from" != 0 ]; then
        line=$(tail -c +$((from + 1)) "$tmp/big.mbox" | head -n 1)
        case $line in
        "From sender"*) ;;
        *) fail "cut at offset $from is not a separator: $line" ;;
        esac
    fi
    prev=$to
done <"$tmp/trace"
[ "$prev" = "$size" ] || fail "pieces end at $prev, not $size"
# and the JSON message numbers go on across pieces to the last message
max=$(ug -j 4 --json "$tmp/big.mbox" |
    sed -n 's/.*"message":\([0-9]*\).*/\1/p' | sort -n | tail -n 1)
[ "$max" -gt "$n" ] || fail "last message number $max, want more than $n"
# compressed, the mbox is one stream: read whole by one worker, the same
# output, no cut
if command -v gzip >/dev/null; then
    gzip -c "$tmp/big.mbox" >"$tmp/big.mbox.gz"
    ug -j 1 -n "$tmp/big.mbox.gz" >"$tmp/out1" 2>&1
    : >"$tmp/trace"
    ug -j 4 -n "$tmp/big.mbox.gz" >"$tmp/outj" 2>&1
    cmp -s "$tmp/out1" "$tmp/outj" || fail "big.mbox.gz: output differs"
    [ -s "$tmp/trace" ] && fail "big.mbox.gz was cut: $(head -3 "$tmp/trace")"
    [ "$(wc -l <"$tmp/out1")" -gt 100 ] || fail "big.mbox.gz: $(head "$tmp/out1")"
fi
