# A real public-inbox archive, named by URIGREP_PINBOX_ARCHIVE (a v2 inbox
# or one epoch; skipped when unset), gives message by message what its
# messages taken out with plain git into an mbox give with --type=mbox:
# the same URIs, in the same order, with the same Message-IDs; and -j
# gives what -j 1 gives, byte for byte. (bench/README names the archives
# it was run on.)
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
a=${URIGREP_PINBOX_ARCHIVE:-}
[ -n "$a" ] || { echo "skipping: URIGREP_PINBOX_ARCHIVE not set" >&2; exit 77; }
pi_skip
if [ -d "$a/git" ]; then
    ep=$(ls -d "$a"/git/[0-9]*.git | sort -V)
else
    ep=$a
fi
# shellcheck disable=SC2086 # EP is a list of names without blanks
pi_mbox v2 "" $ep >"$tmp/all.mbox"
ug --json --type=mbox "$tmp/all.mbox" |
    jq -r '[.message_id, .uri] | @tsv' >"$tmp/want.tsv"
ug --json "$a" | jq -r '[.message_id, .uri] | @tsv' >"$tmp/got.tsv"
diff -u "$tmp/want.tsv" "$tmp/got.tsv" >"$tmp/diff" ||
    { head -n 40 "$tmp/diff"; fail "$a differs from its mbox"; }
echo "$a: $(wc -l <"$tmp/got.tsv") URIs in $(grep -c '^From mboxrd' \
    "$tmp/all.mbox") messages, as in the mbox" >&2
ug -Hn "$a" >"$tmp/j1" || fail "-j 1"
for j in 2 3; do
    URIGREP_PINBOX_RUN=97 ug -Hn -j $j "$a" >"$tmp/jn" || fail "-j $j"
    cmp "$tmp/j1" "$tmp/jn" || fail "-j $j differs"
done
exit 0
