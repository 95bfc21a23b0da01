# A news batch compressed with compress(1) ("#! cunbatch", then the
# compressed bytes, as rnews(8) takes it) is said to be one, with the
# line, and not read (exit 2): it was "binary file skipped", or, after a
# first article, its compressed bytes were read as text. The articles
# before it are read; "#! c7unbatch" and other "#! ...unbatch" lines are
# said the same way.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
printf '#! cunbatch\n\037\235\220http://no.example/\000\001\n' >c.batch
ug c.batch >out 2>err
rc=$?
[ $rc = 2 ] || fail "c.batch: exit status $rc, not 2"
[ ! -s out ] || fail "c.batch: read: $(cat out)"
[ "$(cat err)" = 'urigrep: c.batch:1: "#! cunbatch": a compressed news batch (compress(1), which urigrep does not decode), not read (uncompress it first)' ] ||
    fail "c.batch: $(cat err)"
# after an article of the batch, and with --type=rnews
{ printf '#! rnews 30\nSubject: a\n\nhttp://a.example/\n'
  printf '#! c7unbatch\n\037\235\220http://no.example/\n'; } >a.batch
for t in auto rnews; do
    ug -n --type=$t a.batch >out 2>err
    rc=$?
    [ $rc = 2 ] || fail "a.batch $t: exit status $rc, not 2"
    [ "$(cat out)" = 4:http://a.example/ ] || fail "a.batch $t: $(cat out)"
    grep -F 'a.batch:5: "#! c7unbatch": a compressed news batch' err \
        >/dev/null || fail "a.batch $t: $(cat err)"
done
# a "#! rnews" batch is no compressed one, nor is text that says unbatch
printf '#! rnews 30\nSubject: a\n\nhttp://a.example/\n' >r.batch
ug r.batch >out 2>err || fail "r.batch: $(cat err)"
[ ! -s err ] || fail "r.batch: $(cat err)"
printf '#! cunbatching http://b.example/\n' >t.txt
[ "$(ug t.txt 2>&1)" = http://b.example/ ] || fail "t.txt: $(ug t.txt 2>&1)"
exit 0
