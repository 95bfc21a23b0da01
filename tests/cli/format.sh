# --format=TEMPLATE writes a line per URI from its fields (issue 36 item
# 1): each component as the library splits it, the registered domain,
# where it was found, \t and \n escapes, a usage error naming an unknown
# field; nothing unsafe reaches a terminal.  On the corpus, the fields
# are what Python's urllib.parse reckons from the plain output's URIs.
. "${srcdir:-.}/tests/init.sh"
printf '%s\n' \
    'From alice@example.org Mon Jan  1 00:00:00 2024' \
    'Message-ID: <m1@example.org>' \
    'Subject: links' \
    '' \
    'see https://user:pw@www.bbc.co.uk:8443/a/b?x=1&y=2#top and' \
    '  ftp://ftp.is.co.za/rfc/rfc1808.txt, news:comp.lang.c' \
    >"$tmp/m.mbox"
expect_text 0 "https|user:pw|www.bbc.co.uk|8443|/a/b|x=1&y=2|top
ftp||ftp.is.co.za||/rfc/rfc1808.txt||
news||||comp.lang.c||" \
    --format='{scheme}|{user}|{host}|{port}|{path}|{query}|{fragment}' \
    "$tmp/m.mbox"
# where it was found; {userinfo} is {user}, {authority} the whole
expect_text 0 "$tmp/m.mbox:5:5:1:<m1@example.org>:links:user:pw@www.bbc.co.uk:8443
$tmp/m.mbox:6:3:1:<m1@example.org>:links:ftp.is.co.za
$tmp/m.mbox:6:39:1:<m1@example.org>:links:" \
    --format='{file}:{line}:{column}:{message}:{message_id}:{subject}:{authority}' \
    "$tmp/m.mbox"
# escapes, literal braces, and the URI itself, as plain output has it
expect_text 0 "{https://user:pw@www.bbc.co.uk:8443/a/b?x=1&y=2#top}	\\
ftp
{ftp://ftp.is.co.za/rfc/rfc1808.txt}	\\
ftp" --scheme=https,ftp --format='\{{uri}\}\t\\\nftp' "$tmp/m.mbox"
# with -0, records end with NUL
ug -0 --format='{host}' "$tmp/m.mbox" | tr '\0' '%' >"$tmp/out"
[ "$(cat "$tmp/out")" = "www.bbc.co.uk%ftp.is.co.za%%" ] ||
    fail "-0 --format: $(cat "$tmp/out")"
# an HTML link's text; a file with no message: empty fields
printf '<p><a href="http://x.example/p">the text</a>\n' >"$tmp/a.html"
expect_text 0 "[the text] [] [http://x.example/p] [1]" --type=html \
    --format='[{text}] [{message}] [{uri}] [{line}]' "$tmp/a.html"
# the registered domain by the Public Suffix List (needs libpsl)
if ug --version | grep -q libpsl; then
    expect_text 0 "bbc.co.uk
is.co.za
" --format='{domain}' "$tmp/m.mbox"
    # any case, a final dot, an address, a private suffix, IDN; each
    # twice, the second from the memory of hosts seen
    printf '%s\n' 'http://WWW.BBC.co.UK/ http://www.bbc.co.uk./' \
        'http://192.0.2.1/ http://x.github.io/ http://localhost/' \
        >"$tmp/d.txt"
    cat "$tmp/d.txt" "$tmp/d.txt" >"$tmp/dd.txt"
    ug --format='{domain}' "$tmp/dd.txt" >"$tmp/out" || fail "{domain}"
    printf '%s\n' bbc.co.uk bbc.co.uk 192.0.2.1 x.github.io localhost \
        bbc.co.uk bbc.co.uk 192.0.2.1 x.github.io localhost >"$tmp/want"
    diff -u "$tmp/want" "$tmp/out" || fail "{domain} of repeated hosts"
else
    ug --format='{domain}' "$tmp/m.mbox" 2>"$tmp/err"
    [ $? = 2 ] && grep -q libpsl "$tmp/err" || fail "{domain} without libpsl"
fi

# what is wrong in a template: a usage error naming it
for bad in '{nope}' '{uri' 'a\q' '{URI}' '{}' 'x\'; do
    ug --format="$bad" "$tmp/m.mbox" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] || fail "--format='$bad': exit $rc"
    [ -s "$tmp/out" ] && fail "--format='$bad' printed $(cat "$tmp/out")"
    grep -q "^urigrep: --format: '" "$tmp/err" ||
        fail "--format='$bad': $(cat "$tmp/err")"
done
grep -q "unknown field (known: uri, ref" "$tmp/err" ||
    ug --format='{nope}' x 2>&1 | grep -q "unknown field (known: uri, ref" ||
    fail "an unknown field's error lists the fields"
ug --format='{uri}' --json "$tmp/m.mbox" >/dev/null 2>&1
[ $? = 2 ] || fail "--format with --json is no usage error"

# terminal-safe: a Subject with ESC and a bidi control, a file name with
# a control character, a link text with a newline
printf '%s\n' 'Message-ID: <a@b>' \
    'Subject: =?utf-8?q?x=1B[31mred=E2=80=AEy?=' \
    'Content-Type: text/html' '' \
    '<a href="http://e.example/">a' 'b&#27;[2J</a>' >"$tmp/ctl.eml"
cp "$tmp/ctl.eml" "$tmp/$(printf 'n\001')ame.eml"
ug -r --format='{file} {subject} {text} {uri}' "$tmp" >"$tmp/out"
no_raw "$tmp/out"
grep -qF 'http://e.example/' "$tmp/out" || fail "safe output: $(cat "$tmp/out")"

# -j: the same lines as -j 1
ug -r -j 1 --format='{file}\t{line}\t{host}\t{uri}' "$srcdir/tests/corpus" \
    >"$tmp/j1" || fail "corpus -j 1"
ug -r -j 2 --format='{file}\t{line}\t{host}\t{uri}' "$srcdir/tests/corpus" \
    >"$tmp/j2" || fail "corpus -j 2"
cmp "$tmp/j1" "$tmp/j2" || fail "--format: -j 2 differs from -j 1"

# the corpus: {uri} is plain output's line, the components are those
# urllib.parse.urlsplit() finds in it
command -v python3 >/dev/null || exit 0
ug -r -h "$srcdir/tests/corpus" >"$tmp/plain" || fail "corpus"
ug -r -h --format='{uri}\t{scheme}\t{host}\t{port}\t{path}\t{query}\t{fragment}' \
    "$srcdir/tests/corpus" >"$tmp/fields" || fail "corpus --format"
python3 - "$tmp/plain" "$tmp/fields" <<'PY' || fail "--format differs from urllib"
import sys, urllib.parse
plain = open(sys.argv[1], 'rb').read().decode('utf-8').split('\n')[:-1]
rows = open(sys.argv[2], 'rb').read().decode('utf-8').split('\n')[:-1]
assert len(plain) == len(rows), (len(plain), len(rows))
checked = 0
for uri, row in zip(plain, rows):
    f = row.split('\t')
    assert f[0] == uri, (uri, row)
    if '://' not in uri or '[' in uri:
        continue        # urllib's netloc rules are for hierarchical URIs
    u = urllib.parse.urlsplit(uri)
    assert f[1].lower() == u.scheme, (uri, f)
    host = u.netloc.rpartition('@')[2]
    if u.port is not None or host.endswith(':'):
        host = host.rpartition(':')[0]
    assert f[2] == host, (uri, f, host)
    assert f[3] == ('' if u.port is None else str(u.port)) or \
        f[3].lstrip('0') == str(u.port).lstrip('0'), (uri, f)
    assert f[4] == u.path and f[5] == u.query and f[6] == u.fragment, \
        (uri, f, u)
    checked += 1
assert checked > 1000, checked
PY
