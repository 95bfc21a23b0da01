# --list-files prints what urigrep would read, in the order it reads it,
# each file's kind (file, message, public-inbox) and its name quoted as
# -H quotes names: the Dask runner lists its input with it instead of a
# copy of the folder rules.  The order and the names are those of a -c
# run over the same tree (which names every file read); a mail folder's
# files and .eml files are messages; --include/--exclude apply; a name
# that cannot be read is said (exit 2) and the others listed; nothing
# listed is exit 1; a control byte in a name is never printed raw.
. "${srcdir:-.}/tests/init.sh"
fx=$fixtures/folders
# every file -r reads, in its order (-c -H names each), as --list-files
# names them
ug -r -c -H "$fx" >"$tmp/count" || fail "-c -r"
sed 's/:[0-9]*$//' "$tmp/count" >"$tmp/want"
ug --list-files -r "$fx" >"$tmp/list" || fail "--list-files -r"
cut -d' ' -f2- "$tmp/list" >"$tmp/names"
diff -u "$tmp/want" "$tmp/names" || fail "not the files -r reads, in order"
# the kinds: mail folders' files and .eml are messages
grep -qx "message $fx/mh/10" "$tmp/list" || fail "MH message"
grep -qx "message $fx/Maildir/new/1382298587.002228" "$tmp/list" ||
    fail "maildir message"
grep -qx "message $fx/eml/text-calendar.eml" "$tmp/list" || fail ".eml"
grep -qx "file $fx/SOURCES" "$tmp/list" || fail "plain file"
# (the names below the fixtures: the tree itself may lie under a /tmp/)
sed "s|^[a-z-]* $fx/||" "$tmp/list" >"$tmp/rel"
! grep -q '^tmp/\|/tmp/\|mh_sequences' "$tmp/rel" ||
    fail "a maildir's tmp/ or MH's .mh_sequences listed"
# without -r: a mail folder's own messages (not its subfolders'); a
# plain directory is an error
expect_text 0 "message $fx/mh/1
message $fx/mh/2
message $fx/mh/10" --list-files "$fx/mh"
ug --list-files "$srcdir/data" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && grep -q 'data: Is a directory' "$tmp/err" ||
    fail "a plain directory without -r: exit 2, said"
# --include, and a missing name said while the others are listed
ug --list-files -r --include='*.eml' "$fx" "$tmp/none" >"$tmp/out" \
    2>"$tmp/err"
[ $? = 2 ] || fail "a missing name: exit 2"
grep -q 'none: No such file or directory' "$tmp/err" || fail "not said"
[ "$(wc -l <"$tmp/out")" = 2 ] && ! grep -qv '\.eml$' "$tmp/out" ||
    fail "--include: the two .eml files only"
# nothing listed: 1
mkdir "$tmp/empty"
expect_text 1 "" --list-files -r "$tmp/empty"
# a name with a newline, an escape and a backslash: one line, quoted
name=$(printf 'a\nb\033[31mc\\d.txt')
printf 'x\n' >"$tmp/empty/$name"
expect_text 0 "file $tmp/empty/a\\012b\\033[31mc\\\\d.txt" --list-files -r \
    "$tmp/empty"
no_raw "$tmp/out"
# with --list-runs, --pick: a usage error
ug --list-files --list-runs=1 "$fx" >/dev/null 2>&1
[ $? = 2 ] || fail "--list-files --list-runs: usage error"
# a public-inbox archive is named as one (with git and libgit2)
. "${srcdir:-.}/tests/pinbox-lib.sh"
if command -v git >/dev/null 2>&1 &&
    ! ug --type=public-inbox "$tmp" 2>&1 | grep -q "without libgit2"; then
    pi_inbox "$tmp/inbox"
    expect_text 0 "public-inbox $tmp/inbox
file $srcdir/data/appendix-e.txt" --list-files "$tmp/inbox" \
        "$srcdir/data/appendix-e.txt"
fi
exit 0
