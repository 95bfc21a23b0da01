# A link whose text is the name of the file it fetches ("data.zip" over
# https://example.org/dl/data.zip) is no mismatch, though .zip and .mov
# are top-level domains; the same names over other links ("invoice.zip"
# over https://evil.example/, a Drive page), and "github.com" at the end
# of another site's path, still are (issue 22, "text that lies about its
# target"), in an HTML file and in a message's quoted-printable HTML part.
# A non-ASCII name whose extension is no top-level domain ("Résumé.pdf")
# is a file's name too, not an IDN; "café.com" is an IDN.
. "${srcdir:-.}/tests/init.sh"
command -v jq >/dev/null || { echo "SKIP: jq is not installed"; exit 77; }
"$URIGREP" --version | grep -q '^Features:.* libpsl' ||
    { echo "built without libpsl: no mismatch to show" >&2; exit 77; }
for f in trust-file-name.html trust-file-name.eml; do
    ug --json "$fixtures/$f" >"$tmp/$f.json" || fail "--json $f"
    jq -r 'select(.text != null) | [.text, (.mismatch | tostring)] |
        join(" ")' "$tmp/$f.json" >>"$tmp/got" || fail "jq $f"
done
cat >"$tmp/want" <<'WANT'
setup.py false
README.en.md false
data.zip false
clip.mov false
Übersicht.docx false
Résumé.pdf false
café.com true
invoice.zip true
github.com true
setup.py false
data.zip false
clip.mov false
build-logs.zip true
invoice.zip true
WANT
diff -u "$tmp/want" "$tmp/got" >&2 || fail "mismatch of file names"
exit 0
