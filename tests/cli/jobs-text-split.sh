# -j cuts one large text file into pieces read in parallel, only after an
# empty line: a URI wrapped across lines inside <...> is never cut, and
# lines, offsets and columns are those of reading it whole. The text has
# long stretches of wrapped URIs with no empty line, where a cut at any
# line break would lose them.
. "${srcdir:-.}/tests/init.sh"
JOBS_FEW=3
. "${srcdir:-.}/tests/jobs-same.sh"
for k in $(seq 1 300); do
    printf 'para %d <URL:http://wrap.example/%d/a-\n' $k $k
    printf '   b/c> then <http://two.example/\n> and\n'
    printf '> > <http://quoted.example/%d/\n' $k
    printf '> > more> x http://bare.example/%d\n' $k
    [ $((k % 7)) = 0 ] && printf '\n'
    [ $((k % 11)) = 0 ] && printf '\r\n'
done >"$tmp/big.txt"
cat "$fixtures"/*.txt >>"$tmp/big.txt"
size=$(wc -c <"$tmp/big.txt")
URIGREP_SPLIT_SIZE=500
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=20
for opts in "-n -b" "--max-uri-length=24" "--json --hyphen=both --abbrev" \
    "-q" "-u -n" "-c" "-m 7 -n" "--type=text -H"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial $opts "$tmp/big.txt"
done
URIGREP_JOBS_TRACE= ug -j 2 "$tmp/big.txt" | grep -q 'wrap.example/300/a-b/c' ||
    fail "the last wrapped URI was not found"
# every cut follows an empty line ("\n\n" or "\n\r\n")
prev=0
while read -r name from to; do
    [ "$from" = "$prev" ] || fail "pieces do not follow: $prev, $from"
    if [ "$from" != 0 ]; then
        before=$(head -c "$from" "$tmp/big.txt" | tail -c 3 | od -An -c |
            tr -d ' ')
        case $before in
        *'\n\n'|*'\n\r\n') ;;
        *) fail "cut at offset $from is not after an empty line: $before" ;;
        esac
    fi
    prev=$to
done <"$tmp/trace"
[ "$prev" = "$size" ] || fail "pieces end at $prev, not $size"
# a piece read without its origin (nothing printed shows a line number):
# the once-a-file warning still names the line in the whole file
long=$(printf 'x%.0s' $(seq 1 60))
for k in $(seq 1 400); do
    printf 'line %d http://s.example/%d\n\n' $k $k
done >"$tmp/late.txt"
printf 'http://long.example/%s and http://long.example/2%s\n' "$long" \
    "$long" >>"$tmp/late.txt"
ug -j 1 --max-uri-length=40 "$tmp/late.txt" >"$tmp/out1" 2>"$tmp/err1"
grep -q "late.txt:801: warning: 2 URI candidates longer than 40" \
    "$tmp/err1" || fail "serial warning: $(cat "$tmp/err1")"
: >"$tmp/trace"
ug -j 3 --max-uri-length=40 "$tmp/late.txt" >"$tmp/outj" 2>"$tmp/errj"
[ "$(wc -l <"$tmp/trace")" -gt 5 ] || fail "late.txt was not cut"
cmp -s "$tmp/out1" "$tmp/outj" || fail "late.txt: output differs"
cmp -s "$tmp/err1" "$tmp/errj" ||
    fail "late.txt: warning differs: $(cat "$tmp/errj")"
