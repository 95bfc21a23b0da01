# -r reads compressed files (a maildir of compressed messages, a list
# archive of .txt.gz months) decompressed, where they used to be skipped
# quietly as binary; their type (mail, mbox) is seen after decompression.
. "${srcdir:-.}/tests/init.sh"
have_formats
mkdir -p "$tmp/plain/list" "$tmp/packed/list"
cp -R "$fixtures/maildir" "$tmp/plain/maildir"
cp -R "$fixtures/maildir" "$tmp/packed/maildir"
cp "$fixtures/archive.mbox" "$tmp/plain/list/2024-May.txt.gz"
cp "$fixtures/mixed.txt" "$tmp/plain/list/2024-June.txt.gz"
set -- $formats
for m in "$tmp"/packed/maildir/*/*; do
    # a different format for each message, as far as there are formats
    f=$1
    shift
    [ $# -gt 0 ] || set -- $formats
    $f -c "$m" >"$tmp/m" && mv "$tmp/m" "$m"
done
gzip_or=$(echo $formats | cut -d' ' -f1)
$gzip_or -c "$fixtures/archive.mbox" >"$tmp/packed/list/2024-May.txt.gz"
$gzip_or -c "$fixtures/mixed.txt" >"$tmp/packed/list/2024-June.txt.gz"
(cd "$tmp/plain" && ug -r -n --json .) >"$tmp/want" ||
    fail "plain tree: exit $?"
[ "$(wc -l <"$tmp/want")" -gt 10 ] || fail "plain tree: $(cat "$tmp/want")"
(cd "$tmp/packed" && expect 0 "$tmp/want" -r -n --json .)
grep -q '"message_id":"<m2@example.org>"' "$tmp/out" ||
    fail "mbox not read as mail after decompression"
[ -s "$tmp/err" ] && fail "messages: $(cat "$tmp/err")"
# --include chooses by name, as for any file
(cd "$tmp/packed" && ug -r -h --include='*.txt.gz' .) >"$tmp/out"
(cd "$tmp/plain" && ug -r -h --include='*.txt.gz' .) >"$tmp/want"
diff -u "$tmp/want" "$tmp/out" || fail "--include"
