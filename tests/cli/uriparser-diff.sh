# RFC 3986 against an independent implementation: uriparser (Debian's
# liburiparser-dev, through tests/uriparser-ref.c, a test program only).
# Some 13,000 generated references built from the pieces the grammar
# turns on (IPv6 and IPvFuture literals, '%' escapes good and bad, every
# gen-delim and sub-delim, characters no URI may hold) must get the same
# verdict from urigrep -x --rfc=3986 as from uriparser, and the same
# resolution against seven bases (RFC 3986 5.2), but for two cases where
# uriparser adds a "/." that 5.2.4 and 5.3 do not:
#  - a path that starts with "//" after an authority ("http://a" and
#    "../../..//?y"): uriparser writes "http://a/.//?y"; with an
#    authority the path "//" cannot be misread, 5.3 gives "http://a//?y";
#  - a path whose dot segments all go ("s:/." and "%41/.."): uriparser
#    gives "s:/./", remove_dot_segments() "s:/";
# and one where it adds none where one is needed: "g:..///b" with no
# authority leaves the path "//b", which written after "g:" would read
# back as an authority; urigrep writes "g:/.//b" (the fix the WHATWG URL
# Standard makes), uriparser "g://b".
. "${srcdir:-.}/tests/init.sh"
command -v python3 >/dev/null 2>&1 || { echo "no python3: skipped"; exit 77; }
ref=$tmp/uriparser-ref
${CC:-cc} -o "$ref" "$srcdir/tests/uriparser-ref.c" -luriparser 2>"$tmp/cc" || {
    echo "no uriparser (liburiparser-dev) to compare with: skipped"
    cat "$tmp/cc"
    exit 77
}
python3 - "$tmp" <<'PY' || fail "python3 failed"
import random, sys
tmp = sys.argv[1]
rnd = random.Random(3986)
pieces = ["http", "ftp", "a", "z9", "x+y", "-", ".", "1", ":", "//", "/",
          "?", "#", "@", "[", "]", "::1", "v1.x", "v7.", "%", "%2", "%41",
          "%zz", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=",
          "~", "_", "host", "example.com", "80", "1.2.3.4", "256.1.1.1",
          "user", "p", "..", "\\", "^", "`", "{", "|", "}", "\u00e9",
          "[::ffff:1.2.3.4]", "[v1.a:b]", "[fe80::1%25eth0]",
          "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8:9]", "[::]", "[:::]",
          "[1::2::3]"]
starts = ["http://", "s:", "mailto:", "urn:x:", "s://", "//", "", "a:/"]
seen = set()
with open(tmp + "/valid.txt", "w", encoding="utf-8") as f:
    while len(seen) < 13000:
        s = "".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 8)))
        if rnd.random() < 0.6:
            s = rnd.choice(starts) + s
        if s not in seen:
            seen.add(s)
            f.write(s + "\n")
seg = ["a", "b", ".", "..", "g", "", "x;y", "q=1", "%41", "~"]
seen = set()
with open(tmp + "/rel.txt", "w") as f:
    while len(seen) < 6000:
        s = rnd.choice(["", "/", "//h", "//h/", "./", "../", "g:", "http:",
                        "?", "#"]) + "/".join(
            rnd.choice(seg) for _ in range(rnd.randint(0, 5)))
        if rnd.random() < 0.3:
            s += "?" + rnd.choice(["y", "y/./x", "", "a/../b"])
        if rnd.random() < 0.3:
            s += "#" + rnd.choice(["s", "", "s/../x"])
        if s and s not in seen:
            seen.add(s)
            f.write(s + "\n")
PY

# validity: -x removes nothing from these (no blank, quote or bracket)
"$ref" valid <"$tmp/valid.txt" >"$tmp/ref.valid" || fail "uriparser-ref"
ug -x --rfc=3986 --no-resolve --json "$tmp/valid.txt" >"$tmp/ug.json" ||
    [ $? = 1 ] || fail "urigrep -x"
sed -n 's/.*"valid":\(true\|false\),.*/\1/p' "$tmp/ug.json" |
    sed 's/true/1/; s/false/0/' >"$tmp/ug.valid"
[ "$(wc -l <"$tmp/ug.valid")" = 13000 ] || fail "urigrep gave $(wc -l <"$tmp/ug.valid") verdicts"
[ "$(grep -c 1 "$tmp/ug.valid")" -gt 2000 ] || fail "too few valid: the test tests little"
paste "$tmp/valid.txt" "$tmp/ref.valid" "$tmp/ug.valid" |
    awk -F'\t' '$2 != $3' >"$tmp/valid.diff"
[ -s "$tmp/valid.diff" ] &&
    fail "RFC 3986 verdicts differ (reference, uriparser, urigrep):
$(head -20 "$tmp/valid.diff")"

# resolution
for base in 'http://a/b/c/d;p?q' 'http://a' 'fred:///s//a/b/c' \
    'http://a/b/c/' 's:/.' 'http://a/b/c/d;p?q=1/2' 'http:///s//a/b/c'; do
    "$ref" resolve "$base" <"$tmp/rel.txt" >"$tmp/ref.res" ||
        fail "uriparser-ref resolve $base"
    ug -x --rfc=3986 --base="$base" --json "$tmp/rel.txt" |
        python3 -c 'import json, sys
for l in sys.stdin:
    r = json.loads(l)
    print(r["uri"] if r["valid"] else "!invalid")' >"$tmp/ug.res" ||
        fail "urigrep --base=$base"
    paste "$tmp/rel.txt" "$tmp/ref.res" "$tmp/ug.res" | python3 -c '
import sys
bad = 0
for line in sys.stdin:
    rel, want, got = line.rstrip("\n").split("\t")
    if want == got:
        continue
    # the cases the comment at the top explains
    if got == want.replace("/./", "/", 1):
        continue
    if ":" in want:
        s, rest = want.split(":", 1)
        if rest.startswith("//") and got == s + ":/." + rest:
            continue
    bad += 1
    if bad <= 20:
        print("base %s: %s: uriparser %s, urigrep %s" % (sys.argv[1], rel, want, got))
sys.exit(1 if bad else 0)' "$base" || fail "resolution against $base differs"
done
exit 0
