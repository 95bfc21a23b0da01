# --normalize prints each URI in its normal form (RFC 3986 6.2.2 and
# 6.2.3, urigrep_uri_normalize()), so that -u and --stats count a page
# linked as HTTP://Example.COM:80/a/./b and http://example.com/a/b once
# (issue 36 item 4).  On the corpus, the http(s) URIs' normal forms are
# what Python's urllib.parse reckons for them.
. "${srcdir:-.}/tests/init.sh"
printf '%s\n' 'HTTP://Example.COM:80/a/./b and http://example.com/a/b' \
    'and https://EXAMPLE.com:443 and http://example.com/%7euser/%3a' \
    'eXAMPLE://a/./b/../b/%63/%7bfoo%7d ftp://Ftp.Example.ORG:21/../x' \
    >"$tmp/in.txt"
expect_text 0 "http://example.com/a/b
http://example.com/a/b
https://example.com/
http://example.com/~user/%3A
example://a/b/c/%7Bfoo%7D
ftp://ftp.example.org/../x" --normalize "$tmp/in.txt"
expect_text 0 "http://example.com/a/b
https://example.com/
http://example.com/~user/%3A
example://a/b/c/%7Bfoo%7D
ftp://ftp.example.org/../x" --normalize -u "$tmp/in.txt"
expect_text 0 "      2 http://example.com/a/b
      1 example://a/b/c/%7Bfoo%7D
      1 ftp://ftp.example.org/../x
      1 http://example.com/~user/%3A
      1 https://example.com/" --normalize --stats=uri "$tmp/in.txt"
# without it, as found
expect_text 0 "HTTP://Example.COM:80/a/./b
http://example.com/a/b" -i -e 'com(:80)?/a/' "$tmp/in.txt"
# -j 2 as -j 1
jobs_agree --normalize

# the corpus: for each http(s) URI, urllib's reckoning of the normal form
command -v python3 >/dev/null || exit 0
ug -r -h "$srcdir/tests/corpus" >"$tmp/plain" || fail "corpus"
ug -r -h --normalize "$srcdir/tests/corpus" >"$tmp/norm" || fail "corpus"
python3 - "$tmp/plain" "$tmp/norm" <<'PY' || fail "--normalize differs from urllib"
import re, sys, urllib.parse
plain = open(sys.argv[1], 'rb').read().decode('utf-8').split('\n')[:-1]
norm = open(sys.argv[2], 'rb').read().decode('utf-8').split('\n')[:-1]
assert len(plain) == len(norm)
UNRES = re.compile(r'%([0-9A-Fa-f]{2})')
def pct(s):
    def one(m):
        c = chr(int(m.group(1), 16))
        return c if c.isascii() and (c.isalnum() or c in '-._~') \
            else '%' + m.group(1).upper()
    return UNRES.sub(one, s)
def dots(path):
    out = []
    segs = path.split('/')
    for i, s in enumerate(segs[1:]):
        last = i == len(segs) - 2
        if s == '.':
            if last: out.append('')
        elif s == '..':
            if out and out[-1] != '..': out.pop()
            else: out.append('..'); continue
            if last: out.append('')
        else:
            out.append(s)
    return '/' + '/'.join(out)
checked = 0
for uri, got in zip(plain, norm):
    if not re.match(r'(?i)https?://[^/?#\[\]@]*([/?#]|$)', uri) or \
            not uri.isascii():
        continue
    u = urllib.parse.urlsplit(uri)
    default = {'http': 80, 'https': 443}[u.scheme]
    try:
        port = u.port
    except ValueError:
        continue
    host = pct(u.hostname or '').lower()
    netloc = host if port in (None, default) else '%s:%d' % (host, port)
    path = dots(pct(u.path)) if u.path else '/'
    want = u.scheme + '://' + netloc + path
    if '?' in uri:
        want += '?' + pct(uri.split('?', 1)[1].split('#', 1)[0])
    if '#' in uri:
        want += '#' + pct(uri.split('#', 1)[1])
    assert got == want, (uri, got, want)
    checked += 1
assert checked > 1000, checked
PY
