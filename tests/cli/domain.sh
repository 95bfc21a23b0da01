# --domain and --exclude-domain select by host, subdomains included, the
# comparison a regular expression gets wrong ("example.com.evil.test"):
# any case, a final dot, either form of an IDN, a mailto: address's
# domain; a name that is none is a usage error (issue 36 item 5).  On
# the corpus, what they select is what Python's urllib reckons from the
# --json hosts of an unfiltered run.
. "${srcdir:-.}/tests/init.sh"
printf '%s\n' \
    'see http://example.com/a and https://WWW.Example.COM./b' \
    'evil http://example.com.evil.test/login and http://notexample.com/x' \
    'mail mailto:alice@lists.example.com?subject=hi and mailto:bob@evil.test' \
    'idn http://bücher.de/x and http://www.xn--bcher-kva.de/y' \
    'auth http://user:pw@sub.example.com:8080/p and http://example.co/z' \
    'no host: news:comp.lang.c urn:isbn:0451450523 ftp://[::1]/x' \
    >"$tmp/in.txt"
expect_text 0 "http://example.com/a
https://WWW.Example.COM./b
mailto:alice@lists.example.com?subject=hi
http://user:pw@sub.example.com:8080/p" --domain=example.com "$tmp/in.txt"
# the same names written otherwise
expect_text 0 "http://example.com/a
https://WWW.Example.COM./b
mailto:alice@lists.example.com?subject=hi
http://user:pw@sub.example.com:8080/p" --domain='*.EXAMPLE.com.' "$tmp/in.txt"
expect_text 0 "http://example.com.evil.test/login
mailto:bob@evil.test" --domain=evil.test "$tmp/in.txt"
expect_text 1 "" --domain=xample.com "$tmp/in.txt"
# --exclude-domain, alone and with --domain
expect_text 0 "http://notexample.com/x
http://example.co/z
ftp://[::1]/x" --exclude-domain=example.com,evil.test,bücher.de \
    --scheme=http,ftp "$tmp/in.txt"
expect_text 0 "http://example.com/a
https://WWW.Example.COM./b
mailto:alice@lists.example.com?subject=hi" --domain=example.com \
    --exclude-domain=sub.example.com "$tmp/in.txt"
# an IDN in either form, on either side (IDNA needs libidn2)
if ug --version | grep -q libidn2; then
    for d in bücher.de xn--bcher-kva.de BÜCHER.DE; do
        expect_text 0 "http://bücher.de/x
http://www.xn--bcher-kva.de/y" --domain="$d" "$tmp/in.txt"
    done
fi
# names that are none: a usage error naming the name
for bad in a/b 'x y' user@host.example 'host:80' ''; do
    ug --domain="a.example,$bad" "$tmp/in.txt" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ -z "$bad" ]; then
        [ $rc = 1 ] || fail "--domain with an empty name: exit $rc"
        continue
    fi
    [ $rc = 2 ] || fail "--domain='$bad': exit $rc"
    grep -qF -- "--domain: '$bad'" "$tmp/err" || fail "--domain='$bad': $(cat "$tmp/err")"
done

# the corpus, against Python's reckoning of the same hosts
command -v python3 >/dev/null || exit 0
list=github.com,KERNEL.org,google.com,sourceforge.net,example.com
ug -r --json "$srcdir/tests/corpus" >"$tmp/all.json" || fail "corpus --json"
python3 - "$tmp/all.json" "$list" >"$tmp/want-in" 3>"$tmp/want-out" <<'PY'
import json, os, sys
from urllib.parse import urlsplit
names = [n.lower() for n in sys.argv[2].split(",")]
out = os.fdopen(3, "w")
def host(uri):
    s = urlsplit(uri)
    if s.scheme.lower() == "mailto":
        addr = s.path.split(",")[0]
        return addr.rpartition("@")[2].lower() if "@" in addr else None
    h = s.hostname
    return h.rstrip(".") if h else None
for line in open(sys.argv[1], encoding="utf-8"):
    uri = json.loads(line)["uri"]
    try:
        h = host(uri)
    except ValueError:
        h = None
    under = h is not None and any(h == n or h.endswith("." + n) for n in names)
    print(uri, file=sys.stdout if under else out)
PY
ug -r -h --domain="$list" "$srcdir/tests/corpus" >"$tmp/got-in"
ug -r -h --exclude-domain="$list" "$srcdir/tests/corpus" >"$tmp/got-out"
[ "$(wc -l <"$tmp/want-in")" -gt 500 ] || fail "too few URIs under $list"
cmp -s "$tmp/want-in" "$tmp/got-in" ||
    { diff "$tmp/want-in" "$tmp/got-in" | head >&2; fail "--domain differs from urllib"; }
cmp -s "$tmp/want-out" "$tmp/got-out" ||
    { diff "$tmp/want-out" "$tmp/got-out" | head >&2; fail "--exclude-domain differs from urllib"; }
