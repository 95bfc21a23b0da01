# libgit2 is opened when an archive is first read, not at start-up
# (src/cli/pinbox/git2dl.h): a run that reads no archive loads none of
# it and its fourteen libraries; a run that reads one loads it then.
# Where libgit2 cannot be loaded, an archive named says so, naming it,
# exit 2, and the other inputs are read as ever (the program does not
# fail to start, as it did when it was linked).
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
m=$fixtures/public-inbox
pi_epoch "$tmp/inbox/git/0.git"
pi_add "$tmp/inbox/git/0.git" "$m/01.eml"
ug "$top_srcdir/data/appendix-e.txt" >"$tmp/want-text" ||
    fail "appendix-e.txt alone"

# the loader's own account (LD_DEBUG=files), of the program itself (not
# of valgrind's wrapper: this test is about what ld.so maps)
LD_DEBUG=files "$URIGREP" "$top_srcdir/data/appendix-e.txt" \
    2>"$tmp/ld-text" >/dev/null || fail "appendix-e.txt under LD_DEBUG"
grep libgit2 "$tmp/ld-text" && fail "libgit2 loaded for a text file"
LD_DEBUG=files "$URIGREP" -H "$tmp/inbox" 2>"$tmp/ld-inbox" >"$tmp/out" ||
    fail "the inbox under LD_DEBUG"
lib=$(sed -n 's/.*file=\(libgit2\.so[.0-9]*\) .*dynamically loaded by.*/\1/p' \
    "$tmp/ld-inbox" | head -n 1)
[ -n "$lib" ] || fail "libgit2 not opened for an archive: $(grep git2 "$tmp/ld-inbox")"

# a libgit2 that cannot be loaded: an empty file of its name first on
# the loader's path
mkdir "$tmp/lib" && : >"$tmp/lib/$lib" || fail "fake $lib"
LD_LIBRARY_PATH=$tmp/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
expect 2 "$tmp/want-text" -h "$tmp/inbox" "$top_srcdir/data/appendix-e.txt"
grep -q "^urigrep: $tmp/inbox: libgit2 cannot be loaded ($tmp/lib/$lib: " \
    "$tmp/err" || fail "no reason given: $(cat "$tmp/err")"
# --version does not claim what cannot be had
ug --version >"$tmp/version" || fail "--version"
grep "^Features:.* libgit2" "$tmp/version" && fail "--version lists libgit2"
exit 0
