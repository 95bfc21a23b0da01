# -r walks directories in name order: a maildir (cur/, new/, tmp/, with an
# HTML message) and a news spool of articles; -H is then the default.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
expect 0 spools.out -r -n maildir spool
expect_text 0 "2" -r -c -h spool/comp/lang/c/1
# without -r a directory that is no mail folder is an error (a maildir is
# read as one: tests/cli/mail-folders.sh)
expect_text 2 "" spool
(cd spool && ug -r -h) >"$tmp/out" || fail "-r without a file reads ."
[ "$(wc -l <"$tmp/out")" = 3 ] || fail "-r in .: $(cat "$tmp/out")"
# binary files met on the way (a maildir's index) are skipped quietly
mkdir -p "$tmp/md/cur"
cp maildir/cur/* "$tmp/md/cur/"
printf 'idx\000\001\002http://index.example/\n' >"$tmp/md/dovecot.index"
expect_text 0 "http://maildir-cur.example/x" -r -h "$tmp/md"
[ -s "$tmp/err" ] && fail "note for a binary file found by -r: $(cat "$tmp/err")"
ug -r --verbose "$tmp/md" >/dev/null 2>"$tmp/err"
grep -q "dovecot.index: binary file skipped" "$tmp/err" || fail "no note with --verbose"
# --include, --exclude and --exclude-dir, as grep has them
expect_text 0 "spool/comp/lang/c/1:http://c-faq.example.com/
spool/comp/lang/c/1:news:comp.lang.c.moderated" -r --include=1 spool
expect_text 0 "spool/comp/lang/c/2:ftp://ftp.example.net/pub/c/snippets.tar.gz" -r --exclude=1 spool
expect_text 0 "maildir/cur/1715000000.M1P1.host!2,S:http://maildir-cur.example/x" -r --exclude-dir=new maildir
expect_text 1 "" -r --include='*.eml' maildir
