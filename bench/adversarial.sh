#!/bin/sh
# bench/adversarial.sh [URIGREP]: time urigrep on inputs built to be
# costly (quadratic scans, per-line overheads, hash collisions) next to
# plain text of the same size, at 1, 10 and 100 MB (ADV_SIZES), and print
# seconds, ms/MB, peak RSS and the ratio to plain text. Goal: every input
# within 5x of plain text's cost per MB, peak RSS bounded.
#
# Each input kind is one shell function gen_KIND SIZE (bytes, about) that
# writes the input to stdout, and one row in the table at the end: to add
# a kind, write gen_KIND and add "row KIND 'OPTIONS' 'DESCRIPTION'" there.
# Needs GNU time (/usr/bin/time); python3 for the hash-collision rows.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ug=${1:-$here/../src/urigrep}
. "$here/binary.sh"
real_binary "$ug"
ug=$REAL_BINARY
data=${BENCH_DATA:-$here/data}
sizes=${ADV_SIZES:-1 10 100}
kinds=${ADV_KINDS:-}
mkdir -p "$data"
[ -x /usr/bin/time ] || { echo "bench: needs GNU time (apt-get install time)" >&2; exit 77; }

# repeat FILE SIZE: FILE's bytes over and over, SIZE bytes in all
repeat() {
    while :; do cat "$1"; done | head -c "$2"
}

# unit NAME AWK-PROGRAM: make $data/unit-NAME.txt once from the program
unit() {
    [ -s "$data/unit-$1.txt" ] || awk "BEGIN { $2 }" >"$data/unit-$1.txt"
    echo "$data/unit-$1.txt"
}

# ---- plain text: the yardstick ----
gen_text() {
    repeat "$(unit text 'srand(2396); for (i = 0; i < 4000; i++) {
        printf "Lorem ipsum dolor sit amet, see http://host%d.example.org/p/%d.html and\n", i % 97, i;
        printf "consectetur <http://x.example/a/%d> adipiscing elit, sed do 10:30.\n", i;
        printf "eiusmod tempor incididunt ut labore et dolore magna aliqua quis.\n\n" }')" "$1"
}

# ---- mail (helper mail) ----
# a message whose header is made of fields full of RFC 2047
# encoded-word starts ("=?a?q?b", never ended by "?="), each 16 KiB, the
# longest field kept; --headers
gen_mail_ew_starts() {
    printf 'From: a@example.org\n'
    repeat "$(unit ewstarts 'for (f = 0; f < 8; f++) {
        printf "Subject: x";
        for (i = 0; i < 220; i++) {
            s = ""; for (j = 0; j < 8; j++) s = s "=?a?q?b ";
            printf "\n %s", s }
        printf "\n" }')" "$1"
    printf '\nbody http://body.example/\n'
}

# fields of valid encoded words in a charset that needs iconv; --headers
gen_mail_ew_words() {
    printf 'From: a@example.org\n'
    repeat "$(unit ewwords 'for (f = 0; f < 2000; f++) {
        printf "Subject: =?iso-8859-1?q?caf=E9?= =?iso-8859-1?q?http://h%d.example/=E9?=", f;
        printf " =?utf-16?b?AGgAaQ==?= =?koi8-r?b?9MXT1A==?=\n" }')" "$1"
    printf '\nbody http://body.example/\n'
}

# a multipart body made only of boundary lines
gen_mail_boundaries() {
    printf 'From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n'
    repeat "$(unit bounds 'for (i = 0; i < 65536; i++) print "--b"')" "$1"
}

# quoted-printable text made of soft line breaks and '=' runs
gen_mail_qp_soft() {
    printf 'From: a@example.org\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n'
    repeat "$(unit qpsoft 'for (i = 0; i < 20000; i++) {
        print "="; print "= \t ="; print "==========================================="
        printf "http://q%d.=\nexample/\n", i }')" "$1"
}

# one header line as long as the input; --headers
gen_mail_long_header() {
    printf 'From: a@example.org\nSubject: '
    repeat "$(unit longhdr 'for (i = 0; i < 4000; i++) printf "word http://h%d.example/ =?x?q?y?= ", i')" "$1"
    printf '\n\nbody http://body.example/\n'
}

# multiparts nested 40 deep (past the depth followed), over and over
gen_mail_nested() {
    printf 'From: a@example.org\nContent-Type: multipart/mixed; boundary=t\n\n'
    repeat "$(unit nested 'print "--t"; print "Content-Type: multipart/mixed; boundary=b0"; print "";
        for (i = 0; i < 40; i++) {
            printf "--b%d\nContent-Type: multipart/mixed; boundary=b%d\n\n--b%d\n\nx http://n%d.example/\n", i, i + 1, i + 1, i }
        for (i = 40; i >= 0; i--) printf "--b%d--\n", i')" "$1"
}

# a base64 text part of lines with one byte each
gen_mail_b64_tiny() {
    printf 'From: a@example.org\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n'
    repeat "$(unit b64tiny 'for (i = 0; i < 65536; i++) print "QQ=="')" "$1"
}

# -u over URIs whose FNV-1a hashes agree in their low 32 bits (a Joux
# multicollision: 16 blocks, each of two colliding variants)
gen_uniq_fnv() {
    fnv=$data/unit-fnv.txt
    [ -s "$fnv" ] || python3 - >"$fnv" <<'PY'
import itertools, random
M, P = 1 << 32, 0x100000001b3 % (1 << 32)
def step(h, s):
    for c in s.encode():
        h = ((h ^ c) * P) % M
    return h
h = step(0xcbf29ce484222325 % M, "http://fnv.example/")
alpha = "abcdefghijklmnopqrstuvwxyz0123456789"
rnd = random.Random(2396)
blocks = []
for _ in range(16):
    seen = {}
    while True:
        s = "".join(rnd.choice(alpha) for _ in range(8))
        t = step(h, s)
        if t in seen and seen[t] != s:
            blocks.append((seen[t], s))
            h = t
            break
        seen[t] = s
for pick in itertools.product((0, 1), repeat=16):
    print("http://fnv.example/" + "".join(b[k] for b, k in zip(blocks, pick)))
PY
    repeat "$fnv" "$1"
}

# -u over as many URIs of the same shape, not colliding
gen_uniq_random() {
    repeat "$(unit uniqrnd 'srand(1808); for (i = 0; i < 65536; i++) {
        s = ""; for (j = 0; j < 128; j++) s = s substr("abcdefghijklmnopqrstuvwxyz0123456789", 1 + int(rand() * 36), 1);
        print "http://fnv.example/" s }')" "$1"
}

# ---- text: the scanner ----
# lines of 4,000 "x:" pairs: a ':' every two bytes, no scheme
gen_scan_xcolon() {
    repeat "$(unit xcolon 's = ""; for (i = 0; i < 4000; i++) s = s "x:"; print s')" "$1"
}

# ",www." runs (with --abbrev: a '.' trigger every five bytes)
gen_scan_www() {
    repeat "$(unit www 's = ""; for (i = 0; i < 4000; i++) s = s ",www."; print s')" "$1"
}

# "<a:" and "<http:" runs: an angle candidate at every third byte
gen_scan_angles() {
    repeat "$(unit angles 's = ""; for (i = 0; i < 2000; i++) s = s "<a:<http:"; print s')" "$1"
}

# "<URL:" runs, '(' runs, '"' runs and 8 KiB schemes
gen_scan_prefixes() {
    repeat "$(unit prefixes 's = ""; for (i = 0; i < 1500; i++) s = s "<URL:"; print s;
        s = ""; for (i = 0; i < 4000; i++) s = s "(\""; print s;
        s = ""; for (i = 0; i < 8192; i++) s = s "a"; print s ":b"')" "$1"
}

# one URI of 60,000 bytes a line: rejected or cut candidates are not
# read again (with --max-uri-length=65536)
gen_scan_long_uri() {
    repeat "$(unit longuri 's = "http://a.example/"; for (i = 0; i < 6000; i++) s = s "x[a:&g)x"; print s')" "$1"
}

# uuencoded-looking lines: upper case, a ':' every other byte
gen_scan_uu() {
    repeat "$(unit uu 's = "M"; for (i = 0; i < 30; i++) s = s "A:"; print s')" "$1"
}

# ---- HTML ----
# one tag with attributes without end, and <wbr> floods
gen_html_attrs() {
    printf '<html><body><img '
    repeat "$(unit attrs 'for (i = 0; i < 4000; i++) printf "src=a href=http://h%d.example/ ", i')" "$1"
    printf '>\n</body></html>\n'
}

gen_html_wbr() {
    printf '<html><body>'
    repeat "$(unit wbr 'for (i = 0; i < 4000; i++) printf "<wbr>&amp;<wbr>http:<wbr>//x%d.example/<wbr> ", i')" "$1"
    printf '</body></html>\n'
}

# ---- wrapped links (issue 22) ----
# wrappers nested deeper than are decoded (8): Google redirects 200 deep
# written plainly, and Safe Links around Safe Links, each layer
# percent-encoding the one inside it (5 deep: 3 KB a link); --unwrap
gen_unwrap_deep() {
    repeat "$(unit unwrapdeep 'esc[":"] = "%3A"; esc["/"] = "%2F"; esc["?"] = "%3F"
        esc["="] = "%3D"; esc["&"] = "%26"; esc["%"] = "%25"
        for (i = 0; i < 200; i++) {
        s = "https://x" i ".example/p?utm_source=a&id=" i
        for (k = 0; k < 200; k++) s = "https://www.google.com/url?q=" s
        print s
        t = "https://y" i ".example/"
        for (k = 0; k < 5; k++) {
            e = ""
            for (j = 1; j <= length(t); j++) {
                c = substr(t, j, 1)
                e = e (c in esc ? esc[c] : c)
            }
            t = "https://nam11.safelinks.protection.outlook.com/?url=" e "&data=05%7C01&reserved=0"
        }
        print t }')" "$1"
}

# wrappers with huge parameters: a v3 link whose URL is 300 runs "**_"
# of 65 characters each and its tail of 19,500, a Safe Links url= of 15,000 escapes, a
# Sophos u= of 40 KB of base64, and a cut v3 link of 40 KB; --unwrap
# with --max-uri-length=65536
gen_unwrap_huge() {
    repeat "$(unit unwraphuge 's = ""; t = ""
        for (i = 0; i < 300; i++) s = s "**_"
        for (i = 0; i < 6500; i++) t = t "QUFB"
        print "https://urldefense.com/v3/__https://h.example/" s "__;" t "!!AB!cd$"
        s = ""; for (i = 0; i < 15000; i++) s = s "%41"
        print "https://nam11.safelinks.protection.outlook.com/?url=https%3A%2F%2Fh.example%2F" s "&data=05"
        s = "aHR0cHM6Ly9oLmV4YW1wbGUv"; for (i = 0; i < 10000; i++) s = s "QUFB"
        print "https://eu-west-1.protection.sophos.com/?d=h.example&u=" s "&i=1"
        s = ""; for (i = 0; i < 20000; i++) s = s "a*"
        print "https://urldefense.com/v3/__https://h.example/" s "__;QUFB"')" "$1"
}

# ---- the table ----
# measure FILE OPTIONS: "seconds peak-KiB", best of three (wall time
# from date(1) in ns: GNU time's %e has 10 ms steps)
measure() {
    best= rss=
    for _ in 1 2 3; do
        t0=$(date +%s%N)
        # shellcheck disable=SC2086
        /usr/bin/time -f '%M' -o "$data/time.out" "$ug" $2 "$1" >/dev/null 2>&1 || true
        t1=$(date +%s%N)
        t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
        r=$(tail -n 1 "$data/time.out")
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t rss=$r; fi
    done
    echo "$best $rss"
}

# row KIND OPTIONS DESCRIPTION: time gen_KIND's input at every size
row() {
    case " $kinds " in
    "  " | *" $1 "*) ;;
    *) return 0 ;;
    esac
    for mb in $sizes; do
        f=$data/adv-$1-${mb}M
        [ -s "$f" ] || "gen_$1" $((mb * 1048576)) >"$f"
        t=$data/adv-text-${mb}M
        [ -s "$t" ] || gen_text $((mb * 1048576)) >"$t"
        set -- "$1" "$2" "$3" "$(measure "$f" "$2")" "$(measure "$t" "$2")"
        awk -v k="$1" -v d="$3" -v o="$2" -v m="$4" -v x="$5" \
            -v s="$(wc -c <"$f")" -v ts="$(wc -c <"$t")" 'BEGIN {
            split(m, a, " "); split(x, b, " ");
            mb = s / 1048576; tmb = ts / 1048576;
            msmb = a[1] * 1000 / mb; tmsmb = b[1] * 1000 / tmb;
            printf "%-18s %6.1f MB %7.3f s %8.1f ms/MB %7d KiB | text %7.1f ms/MB %7d KiB | x%.1f\n",
                k, mb, a[1], msmb, a[2], tmsmb, b[2], (tmsmb > 0 ? msmb / tmsmb : 0) }'
    done
}

echo "urigrep: $ug; $(nproc) cores; $(date -u +%Y-%m-%d); sizes (MB): $sizes"
echo "kind                 size      time        cost    peak RSS | plain text, same options      | ratio"
row mail_ew_starts '--headers' 'fields full of "=?"'
row mail_ew_words '--headers' 'encoded words needing iconv'
row mail_boundaries '' 'multipart of boundary lines only'
row mail_qp_soft '' 'QP soft breaks and = runs'
row mail_long_header '--headers' 'one header line, the whole input'
row mail_nested '' 'multiparts 40 deep, repeated'
row mail_b64_tiny '' 'base64 lines of one byte'
row uniq_fnv '-u -x' '65,536 URIs, colliding FNV-1a'
row uniq_random '-u -x' '65,536 random URIs, same shape'
row scan_xcolon '' 'lines of x:x:x... (4,000 pairs)'
row scan_www '--abbrev' ',www. runs, --abbrev'
row scan_angles '' '<a:<http: runs'
row scan_prefixes '' '<URL: ( " runs, 8 KiB schemes'
row scan_long_uri '--max-uri-length=65536' '60 KB URIs with [a: &g )'
row scan_uu '' 'uuencoded-looking lines'
row html_attrs '--type=html' 'one tag, endless attributes'
row html_wbr '--type=html' '<wbr> floods'
row unwrap_deep '--unwrap' 'wrappers nested 200 and 5 deep'
row unwrap_huge '--unwrap --max-uri-length=65536' 'wrappers with 40 KB parameters'
