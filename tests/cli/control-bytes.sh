# No control byte, C1 control, bidi control or invalid UTF-8 of the input
# reaches standard output raw: a URI from any source is printed with those
# bytes percent-encoded, in every output mode (issue 8, RFC 3987 3.1, 4.1).
. "${srcdir:-.}/tests/init.sh"

# every output mode on FILE [OPTION...]: nothing raw on stdout or stderr
all_modes() {
    _f=$1
    shift
    for _m in "" -n -b -H -0 --json -c -u "-e ." --no-resolve --ascii \
        --verbose --strict --invalid; do
        # shellcheck disable=SC2086 # $_m is one option or none
        ug $_m "$@" "$_f" >"$tmp/m.out" 2>"$tmp/m.err"
        [ $? -le 1 ] || fail "exit status with '$_m' on $_f"
        no_raw "$tmp/m.out"
        no_raw "$tmp/m.err"
    done
}

# HTML: attribute values with character references and raw bytes
printf '<html><a href="http://a.example/&#27;[2J&#x202E;x">x</a>
<a href="http://c1.example/\302\2332J\302\233\342\200\256\330\234">y</a>
<a href="http://bidi.example/&#x200E;&#x200F;&#x202A;&#x202B;&#x202C;&#x202D;&#x2066;&#x2067;&#x2068;&#x2069;&#x61C;">z</a>
<a href="http://bad.example/\377\300x">w</a></html>\n' >"$tmp/attr.html"
expect_text 0 "http://a.example/%1B[2J%E2%80%AEx
http://c1.example/%C2%9B2J%C2%9B%E2%80%AE%D8%9C
http://bidi.example/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%81%A6%E2%81%A7%E2%81%A8%E2%81%A9%D8%9C
http://bad.example/%FF%C0x" "$tmp/attr.html"
all_modes "$tmp/attr.html"
# --json: "ref" as found, escaped as JSON; "uri" percent-encoded
ug --json "$tmp/attr.html" | head -1 >"$tmp/out"
grep -q '"ref":"http://a.example/\\u001b\[2J\\u202ex","uri":"http://a.example/%1B\[2J%E2%80%AEx"' "$tmp/out" ||
    fail "JSON of an attribute: $(cat "$tmp/out")"
# the filters see what is printed
expect_text 0 "http://a.example/%1B[2J%E2%80%AEx" -e '%1B\[2J' "$tmp/attr.html"

# <base href>: the resolved URIs and --json's "base"
printf '<html><head><base href="http://b.example/&#27;[2J&#x202E;/"></head>
<a href="x">x</a> <a href="#t">t</a></html>\n' >"$tmp/base.html"
expect_text 0 "http://b.example/%1B[2J%E2%80%AE/x
http://b.example/%1B[2J%E2%80%AE/#t" "$tmp/base.html"
ug --json "$tmp/base.html" | head -1 >"$tmp/out"
grep -q '"base":"http://b.example/%1B\[2J%E2%80%AE/"' "$tmp/out" ||
    fail "JSON base: $(cat "$tmp/out")"
all_modes "$tmp/base.html"

# mail: Content-Base, Content-Location (raw bytes in the header)
printf 'From: a@b.example\nContent-Type: text/html\nContent-Base: http://cb.example/\033[2J/\nContent-Location: http://cl.example/\342\200\256/doc\n\n<a href="rel">r</a> <a href="#frag">f</a>\n' >"$tmp/cb.eml"
expect_text 0 "http://cb.example/%1B[2J/rel
http://cl.example/%E2%80%AE/doc#frag" "$tmp/cb.eml"
ug --json "$tmp/cb.eml" >"$tmp/out"
grep -q '"base":"http://cb.example/%1B\[2J/"' "$tmp/out" ||
    fail "JSON Content-Base: $(cat "$tmp/out")"
all_modes "$tmp/cb.eml"

# quoted-printable HTML
printf 'From: a@b.example\nContent-Type: text/html\nContent-Transfer-Encoding: quoted-printable\n\n<a href=3D"http://qp.example/=1B[2J=E2=80=AE=C2=9B=07">r</a>\n' >"$tmp/qp.eml"
expect_text 0 "http://qp.example/%1B[2J%E2%80%AE%C2%9B%07" "$tmp/qp.eml"
all_modes "$tmp/qp.eml"

# text: <...>, quotes, bare URIs
printf '<http://b.example/\342\200\256x\302\233y\342\201\246z\330\234w>
"http://q.example/\302\205x"
bare http://a.example/x\342\200\256y\302\233z \033[2J http://e.example/\033[2J
<http://wrapped.example/\342\200\217
  rest>\n' >"$tmp/t.txt"
ug "$tmp/t.txt" >"$tmp/out"
grep -qx 'http://b.example/%E2%80%AEx%C2%9By%E2%81%A6z%D8%9Cw' "$tmp/out" ||
    fail "<...>: $(od -c "$tmp/out")"
grep -qx 'http://q.example/%C2%85x' "$tmp/out" || fail "quotes: $(od -c "$tmp/out")"
all_modes "$tmp/t.txt"
all_modes "$tmp/t.txt" --base='http://base.example/'

# -x: the line is the reference
printf 'http://x.example/\033[2J\a\n<\342\200\256http://y.example/\302\233>\n' >"$tmp/x.txt"
expect_text 0 "http://x.example/%1B[2J%07
%E2%80%AEhttp://y.example/%C2%9B" -x "$tmp/x.txt"
all_modes "$tmp/x.txt" -x

# --headers, raw and RFC 2047 encoded
printf 'From: a@b.example\nList-Archive: <http://l.example/\342\200\256x\302\233y>\nList-Help: =?utf-8?q?<http://h.example/=E2=80=AEx=C2=9By>?=\n\nbody\n' >"$tmp/h.eml"
expect_text 0 "http://l.example/%E2%80%AEx%C2%9By
http://h.example/%E2%80%AEx%C2%9By" --headers "$tmp/h.eml"
all_modes "$tmp/h.eml" --headers

# --verbose echoes the invalid reference quoted
ug --verbose --no-resolve "$tmp/attr.html" >/dev/null 2>"$tmp/err"
grep -q "'http://a.example/\\\\033\[2J\\\\342\\\\200\\\\256x': " "$tmp/err" ||
    fail "--verbose: $(od -c "$tmp/err" | head)"
