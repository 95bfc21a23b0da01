# --defang prints each URI as indicator-sharing tools (iocextract, defang,
# ioc-fang) write it, so that a report pasted into mail holds no live
# link: hxxp, hxxps, fxp, the host's dots as [.] (issue 36 item 3).
# Selection and -u see the URI itself; --json keeps "uri" and adds
# "defanged"; --format's and --stats's URI and host fields are defanged.
. "${srcdir:-.}/tests/init.sh"
printf '%s\n' 'Phish at https://evil.example.com/login.php?a=b.c and' \
    'HTTP://Example.COM/a.html, ftp://1.2.3.4/pub/x.tgz,' \
    'mailto:a.b@example.com and ssh://git.example.org/r.git' \
    'again https://evil.example.com/login.php?a=b.c' >"$tmp/in.txt"
expect_text 0 "hxxps://evil[.]example[.]com/login.php?a=b.c
HXXP://Example[.]COM/a.html
fxp://1[.]2[.]3[.]4/pub/x.tgz
mailto:a.b@example.com
ssh://git[.]example[.]org/r.git
hxxps://evil[.]example[.]com/login.php?a=b.c" --defang "$tmp/in.txt"
# the prefixes are as ever; -e and -u see the URI as it is
ug --defang -H -n -u -e 'evil\.example\.com/' "$tmp/in.txt" |
    sed 's|^.*/in.txt:|in.txt:|' >"$tmp/got"
[ "$(cat "$tmp/got")" = "in.txt:1:hxxps://evil[.]example[.]com/login.php?a=b.c" ] ||
    fail "-H -n -u -e: $(cat "$tmp/got")"
expect_text 0 "HXXP://Example[.]COM/a.html" --defang --domain=example.com \
    --scheme=http "$tmp/in.txt"
# --format: URIs defanged, the host's dots as [.], other parts as they are
expect_text 0 "evil[.]example[.]com|evil[.]example[.]com|https|/login.php|hxxps://evil[.]example[.]com/login.php?a=b.c
git[.]example[.]org|git[.]example[.]org|ssh|/r.git|ssh://git[.]example[.]org/r.git" \
    --defang -u -e '^(https|ssh):' \
    --format='{host}|{authority}|{scheme}|{path}|{uri}' "$tmp/in.txt"
printf 'http://u.ser@www.example.org:8080/x.y\n' >"$tmp/auth.txt"
expect_text 0 "u.ser@www[.]example[.]org:8080 hxxp://u.ser@www[.]example[.]org:8080/x.y" \
    --defang --format='{authority} {ref}' "$tmp/auth.txt"
# --stats counts values as printed
expect_text 0 "      2 evil[.]example[.]com
      1 (none)
      1 1[.]2[.]3[.]4
      1 Example[.]COM
      1 git[.]example[.]org" --defang --stats=host "$tmp/in.txt"
# {domain}, when this urigrep has libpsl
if ug --format='{domain}' /dev/null 2>/dev/null; [ $? = 1 ]; then
    expect_text 0 "example[.]com" --defang -m 1 --format='{domain}' \
        "$tmp/in.txt"
fi
# --json: uri stays, defanged follows it; without --defang no such key
ug --json --defang "$tmp/in.txt" >"$tmp/json" || fail "--json --defang"
grep -q '"uri":"https://evil.example.com/login.php?a=b.c","defanged":"hxxps://evil\[.\]example\[.\]com/login.php?a=b.c","delimiter"' \
    "$tmp/json" || fail "--json: $(head -1 "$tmp/json")"
[ "$(grep -c '"defanged":' "$tmp/json")" = 6 ] || fail "--json: not 6 defanged"
ug --json "$tmp/in.txt" | grep -q '"defanged"' && fail "defanged without --defang"
# a picker opens links: a defanged one opens nothing
expect_text 2 "" --defang --pick "$tmp/in.txt"
grep -q -- '--defang excludes --pick' "$tmp/err" || fail "$(cat "$tmp/err")"
# -j 2 as -j 1
jobs_agree --defang

# the corpus: each plain http, https and ftp URI defanged as a second
# reckoning (urllib's split) has it
command -v python3 >/dev/null || exit 0
ug -r -h "$srcdir/tests/corpus" >"$tmp/plain" || fail "corpus"
ug -r -h --defang "$srcdir/tests/corpus" | paste "$tmp/plain" - \
    >"$tmp/pairs" || fail "corpus"
python3 - "$tmp/pairs" <<'PY' || fail "--defang differs from urllib"
import re, sys, urllib.parse
checked = 0
for line in open(sys.argv[1], encoding='utf-8'):
    uri, d = line.rstrip('\n').split('\t')
    if not re.match(r'(?i)(https?|ftp)://[^/?#\[\]@]*([/?#]|$)', uri) or \
            not uri.isascii():
        continue
    u = urllib.parse.urlsplit(uri)
    host = u.netloc.rsplit(':', 1)[0] if re.search(r':\d*$', u.netloc) \
        else u.netloc
    s = uri[:len(u.scheme)]
    x = 'X' if s[1] == 'T' else 'x'
    scheme = s[0] + x + (x + s[3:] if s[2] in 'tT' else s[2:])
    rest = uri[len(u.scheme) + 3:]
    want = scheme + '://' + host.replace('.', '[.]') + rest[len(host):]
    assert d == want, (uri, d, want)
    checked += 1
assert checked > 500, checked
PY
