# -r walks directories in name order: a maildir (cur/, new/, tmp/, with an
# HTML message) and a news spool of articles; -H is then the default.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
expect 0 spools.out -r -n maildir spool
expect_text 0 "2" -r -c -h spool/comp/lang/c/1
# without -r a directory is an error
expect_text 2 "" maildir
(cd spool && ug -r -h) >"$tmp/out" || fail "-r without a file reads ."
[ "$(wc -l <"$tmp/out")" = 3 ] || fail "-r in .: $(cat "$tmp/out")"
