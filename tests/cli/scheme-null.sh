# A reference whose text before its first ':' is no scheme (RFC 2396
# section 3.1: a letter, then letters, digits, '+', '-', '.') has none:
# --json says "scheme": null and "kind": "relative", --scheme does not
# select it by that text, and the summaries that count schemes do not
# count it as one (issue 34 item 4).  Real text: an HTML mail whose
# links hold prose, as list archives have them ("github, where it was
# brought up as an issue").  A reference that has a scheme keeps it,
# valid or not, registered or not ("Re: your message" has one, by the
# letter of section 3.1).
. "${srcdir:-.}/tests/init.sh"
command -v python3 >/dev/null 2>&1 || {
    echo "SKIP: python3 is not installed"
    exit 77
}
cat >"$tmp/m.eml" <<'MAIL'
From: a@example.org
Subject: the patch
MIME-Version: 1.0
Content-Type: text/html; charset=utf-8

<p>It is on <a href="github, where it was brought up as an issue: see below">the
tracker</a>, see <a href="https://github.com/o/r/issues/1">#1</a> and
<a href="Re: your message">this</a>, <a href="1http://x.example/">odd</a>,
<a href="svn+ssh://svn.example/r">svn</a>, <a href="http://exa mple/">bad</a>.</p>
MAIL
ug --json "$tmp/m.eml" >"$tmp/out" || fail "--json"
# ref, valid, kind, scheme, path of each, with the standard library's
# JSON reader
python3 -c '
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    print(r["ref"], r["valid"], r["kind"], r["scheme"], r["path"], sep="|")
' "$tmp/out" >"$tmp/got" || fail "JSON"
cat >"$tmp/want" <<'WANT'
github, where it was brought up as an issue: see below|False|relative|None|github, where it was brought up as an issue: see below
https://github.com/o/r/issues/1|True|absolute|https|/o/r/issues/1
Re: your message|False|absolute|Re| your message
1http://x.example/|False|relative|None|1http://x.example/
svn+ssh://svn.example/r|True|absolute|svn+ssh|/r
http://exa mple/|False|absolute|http|/
WANT
diff -u "$tmp/want" "$tmp/got" || fail "schemes"
# --scheme selects by a scheme, never by prose before a ':'
expect_text 1 "" --scheme=github "$tmp/m.eml"
expect_text 0 "https://github.com/o/r/issues/1" --scheme=https "$tmp/m.eml"
exit 0
