# Relative references are resolved against --base per RFC 2396 5.2: every
# Appendix C example, read with -x, gives the published result; --rfc=1808
# and --rfc=3986 give theirs; --no-resolve prints them as found.
. "${srcdir:-.}/tests/init.sh"
expect 0 "$fixtures/appendix-c.out" -x --base='http://a/b/c/d;p?q' "$fixtures/appendix-c.txt"
expect 0 "$fixtures/rfc1808.out" -x --rfc=1808 --base='http://a/b/c/d;p?q#f' "$fixtures/rfc1808.txt"
expect 0 "$fixtures/rfc3986.out" -x --rfc=3986 --base='http://a/b/c/d;p?q' "$fixtures/rfc3986.txt"
# as found: "<>" is the empty reference, printed as an empty line
sed 's/^<>$//' "$fixtures/appendix-c.txt" >"$tmp/asis"
expect 0 "$tmp/asis" -x --no-resolve --base='http://a/b/c/d;p?q' "$fixtures/appendix-c.txt"
# Appendix D's base, given on the command line
printf 'A <URL:../x> reference\n' >"$tmp/d.txt"
expect_text 0 "http://www.ics.uci.edu/Test/a/x" --base=http://www.ics.uci.edu/Test/a/b/c "$tmp/d.txt"
# without a base, relative references are printed as found
expect_text 0 "../x" "$tmp/d.txt"
# a base written as RFC 1808 writes it is accepted
expect_text 0 "http://www.ics.uci.edu/Test/a/x" --base='<URL:http://www.ics.uci.edu/Test/a/b/c>' "$tmp/d.txt"
