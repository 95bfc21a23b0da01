# A news batch, as INN's and C News' rnews read one: "#! rnews COUNT",
# then an article of COUNT bytes, and so on.  Each article is a message
# (its quoted-printable decoded, its header fields not scanned as text)
# whose lines count in the batch; a "#! rnews" line inside a count is
# the article's text.  The batch holds the two articles of the spool
# fixture and a third, quoted-printable one.  Damage is said, with the
# file and line, exit status 2, and no URI is lost.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
want="10:http://c-faq.example.com/
11:news:comp.lang.c.moderated
20:ftp://ftp.example.net/pub/c/snippets.tar.gz
32:https://www.open-std.org/jtc1/sc22/wg14/www/docs/n3096.pdf?x=1"
expect_text 0 "$want" -n news/batch.rnews
expect_text 0 "$want" -n --type=rnews news/batch.rnews
[ -s "$tmp/err" ] && fail "a sound batch said: $(cat "$tmp/err")"
# the articles are what the spool holds, one message each
ug -r -h spool >"$tmp/spool" || fail "spool"
ug -h news/batch.rnews | diff -u "$tmp/spool" - | grep '^-[^-]' &&
    fail "the batch lost a URI of the spool's articles"
ug --json news/batch.rnews >"$tmp/json" || fail "--json"
[ "$(sed -n 's/.*"message":\([0-9]*\),.*/\1/p' "$tmp/json" | tr '\n' ' ')" = \
  "1 1 2 3 " ] || fail "message numbers: $(cat "$tmp/json")"
grep -q '"message_id":"<art3@example.net>"' "$tmp/json" ||
    fail "no Message-ID of the third article"
# a pipe, a gzip-compressed batch, and -j on a batch larger than a piece
ug -n <news/batch.rnews | diff -u "$tmp/want" - || fail "from a pipe"
gzip -c news/batch.rnews >"$tmp/b.rnews.gz" || exit 99
ug -n "$tmp/b.rnews.gz" | diff -u "$tmp/want" - || fail "gzip-compressed"
for i in 1 2 3 4 5 6 7 8; do cat news/batch.rnews; done >"$tmp/big.rnews"
ug -j 1 -n "$tmp/big.rnews" >"$tmp/j1" || fail "-j 1"
URIGREP_SPLIT_SIZE=100 ug -j 2 -n "$tmp/big.rnews" | diff -u "$tmp/j1" - ||
    fail "-j 2 reads the batch otherwise"
[ "$(wc -l <"$tmp/j1")" = 32 ] || fail "8 batches: $(cat "$tmp/j1")"
# damage: a line where a separator was due (its text read up to the next
# separator, said), and a last article cut short (what there is read)
{
    cat news/batch.rnews
    printf 'a stray line http://stray.example/\n'
    printf '#! rnews 200\nMessage-ID: <cut@example.net>\n\nhttp://cut.example/\n'
} >"$tmp/bad.rnews"
expect_text 2 "$want
35:http://stray.example/
39:http://cut.example/" -n "$tmp/bad.rnews"
grep -q "bad.rnews:35: not a \"#! rnews COUNT\" line" "$tmp/err" ||
    fail "stray line not said: $(cat "$tmp/err")"
grep -q "bad.rnews:36: the article counted here (200 bytes) is cut short" \
    "$tmp/err" || fail "short article not said: $(cat "$tmp/err")"
exit 0
