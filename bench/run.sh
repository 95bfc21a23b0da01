#!/bin/sh
# bench/run.sh [URIGREP]: time urigrep against ripgrep and cat on the same
# inputs (mail-like text, two mboxes, a maildir, an HTML page), and
# measure peak RSS, including on 1 GB with no newline; then the cost per
# MB from 1 MB to 1 GB (BENCH_SCALE) to show that it grows linearly.
# Prints, per command: seconds (best of BENCH_RUNS), MB/s, peak RSS (KiB),
# its time over cat's, and ripgrep's time over its own (above 1: faster
# than ripgrep) from the same run.
#
# Needs: GNU time (/usr/bin/time, Debian package "time"), ripgrep (rg) for
# the comparison, python3 for bench/gen-mbox.py (the mbox, maildir and
# HTML with the mix of a real mailbox). Inputs are generated under
# bench/data (not committed): the RFC texts of ../shared/seeds when
# present, plus generated mail-like text with URLs in every Appendix E
# style, to at least $BENCH_MB MB.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ug=${1:-$here/../src/urigrep}
. "$here/binary.sh"
real_binary "$ug"
ug=$REAL_BINARY
mb=${BENCH_MB:-128}
runs=${BENCH_RUNS:-5}
scale=${BENCH_SCALE-1 4 16 64 256 1024}
rgre='(https?|ftp)://[^\]\[<>"\s]+'
data=${BENCH_DATA:-$here/data}
seeds=${SEEDS:-$here/../../shared/seeds}
mkdir -p "$data"
[ -x /usr/bin/time ] || { echo "bench: needs GNU time (apt-get install time)" >&2; exit 77; }

text=$data/text-${mb}M.txt
if [ ! -s "$text" ]; then
    echo "generating $text ..."
    gen=$data/unit.txt
    : >"$gen"
    # the RFCs themselves: long runs of prose with a few URIs
    if [ -d "$seeds" ]; then cat "$seeds"/*.txt >>"$gen"; fi
    # mail-like text: headers, quoted replies, links in every style
    awk 'BEGIN {
        srand(2396);
        split("http https ftp mailto news", sch, " ");
        for (i = 0; i < 20000; i++) {
            h = "host" int(rand() * 500) ".example.org";
            p = "/path/" int(rand() * 100000) "/page-" i ".html";
            printf "From: user%d <user%d@%s>\n", i, i, h;
            printf "Date: Mon, 1 Jan 2024 10:%02d:%02d +0000\n", i % 60, i % 60;
            printf "Message-ID: <%d.%d@%s>\n", i, i * 7, h;
            printf "Subject: Re: the thread about item %d\n\n", i;
            printf "> On Monday someone wrote about http://%s%s and more.\n", h, p;
            printf "Hello, the document is at <http://%s/very/long/\n  wrapped%s>.\n", h, p;
            printf "See also \"https://%s%s?q=%d&r=x#frag\", or (https://%s/wiki/Item_(%d)).\n", h, p, i, h, i;
            printf "Write to mailto:list%d@%s or read news:comp.lang.c.%d today.\n", i, h, i;
            printf "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do\n";
            printf "eiusmod tempor incididunt ut labore et dolore magna aliqua: 12:30.\n";
            printf "Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris\n";
            printf "nisi ut aliquip ex ea commodo consequat. URL:ftp://%s/pub/%d.tar.gz\n\n", h, i;
        }
    }' >>"$gen"
    : >"$text"
    while [ "$(wc -c <"$text")" -lt $((mb * 1024 * 1024)) ]; do
        cat "$gen" "$gen" "$gen" "$gen" >>"$text"
    done
    rm -f "$gen"
fi

# mail-like mbox: multipart/alternative (quoted-printable text and HTML
# with tracking links), base64 text parts, base64 attachments, forwarded
# messages; URLs split by soft line breaks and across base64 lines
mbox=$data/mail-${mb}M.mbox
if [ ! -s "$mbox" ]; then
    echo "generating $mbox ..."
    unit=$data/unit.mbox
    b64text=$(printf 'Hello,\nthe minutes are at https://wiki.example.org/meetings/2024/minutes.html\nand the slides at <https://files.example.org/slides/deck-final.pdf>.\nRegards\n' | base64 -w 76 | tr '\n' '~')
    awk -v b64text="$b64text" 'BEGIN {
        srand(1808);
        for (i = 0; i < 4000; i++) {
            h = "lists" int(rand() * 50) ".example.org";
            printf "From list-bounces@%s Mon May  6 10:%02d:%02d 2024\n", h, i % 60, i % 60;
            printf "Return-Path: <list-bounces@%s>\n", h;
            printf "Received: from mx%d.%s (mx%d.%s [192.0.2.%d])\n\tby mail.example.net with ESMTPS; Mon, 6 May 2024 10:00:00 +0000\n", i % 9, h, i % 9, h, i % 250;
            printf "From: Sender %d <sender%d@%s>\nTo: list@%s\nSubject: [list] issue %d\n", i, i, h, h, i;
            printf "Date: Mon, 6 May 2024 10:%02d:00 +0000\nMessage-ID: <%d.%d@%s>\n", i % 60, i, i * 13, h;
            printf "List-Archive: <https://%s/archive/>\nList-Unsubscribe: <mailto:leave@%s>\n", h, h;
            printf "MIME-Version: 1.0\n";
            k = i % 4;
            if (k == 3) {
                printf "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n";
                n = split(b64text, lines, "~");
                for (j = 1; j <= n; j++) if (lines[j] != "") print lines[j];
                print "";
                continue;
            }
            b = "=_b" i "_" int(rand() * 1000000);
            if (k == 2)
                printf "Content-Type: multipart/mixed; boundary=\"%s-m\"\n\n--%s-m\n", b, b;
            printf "Content-Type: multipart/alternative; boundary=\"%s\"\n\nThis is a multi-part message in MIME format.\n\n", b;
            printf "--%s\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n", b;
            for (p = 0; p < 12; p++) {
                printf "Paragraph %d of the discussion about the patch at https://git.%s/c=\nommit/%x?id=3D%d&view=3Dfull and the tracker, which says the bug=\n is fixed; caf=C3=A9 au lait for everyone who reviewed it (see http=\ns://%s/wiki/Review_(process)).\n\n", p, h, i * 7919 + p, i, h;
            }
            printf "--%s\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n", b;
            printf "<html><head><style>p{margin:0}</style></head><body>\n";
            for (p = 0; p < 12; p++) {
                printf "<p>Paragraph %d: see <a href=3D\"https://click.%s/track?u=3D%d&amp;l=\n=3D%d&amp;dest=3Dhttps%%3A%%2F%%2Fgit.%s%%2Fcommit%%2F%x\">the patch</a> and=\n <img src=3D\"https://pixel.%s/open/%d.gif\" alt=3D\"\"> the <b>tracker</b>.</p>\n", p, h, i, p, h, i * 7919 + p, h, i;
            }
            printf "</body></html>\n--%s--\n", b;
            if (k == 2) {
                printf "\n--%s-m\nContent-Type: application/pdf; name=report.pdf\nContent-Transfer-Encoding: base64\n\n", b;
                for (j = 0; j < 200; j++) {
                    line = "";
                    for (c = 0; c < 19; c++)
                        line = line substr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 1 + int(rand() * 64), 4);
                    print line;
                }
                printf "--%s-m--\n", b;
            }
            print "";
        }
    }' >"$unit"
    : >"$mbox"
    while [ "$(wc -c <"$mbox")" -lt $((mb * 1024 * 1024)) ]; do
        cat "$unit" "$unit" "$unit" "$unit" >>"$mbox"
    done
    rm -f "$unit"
fi
# the mix of a real mailbox (issue 10), as an mbox, a maildir and HTML
real=$data/real-${mb}M.mbox
maildir=$data/maildir-${mb}M
page=$data/page-${mb}M.html
if command -v python3 >/dev/null; then
    [ -s "$real" ] || python3 "$here/gen-mbox.py" "$mb" "$real"
    [ -d "$maildir/cur" ] || python3 "$here/gen-mbox.py" $((mb / 4)) "$maildir" maildir
    [ -s "$page" ] || python3 "$here/gen-mbox.py" $((mb / 4)) "$page" html
fi

# now: a clock in nanoseconds
now() {
    date +%s%N
}

# run NAME CMD...: best of $runs wall times (ns, in $best), peak RSS of
# the best run; prints seconds, MB/s of $size bytes, peak RSS, the time
# over $cat_ns (cat on the same input) and $rg_ns over the time
run() {
    name=$1
    shift
    best=
    rss=
    i=0
    while [ $i -lt "$runs" ]; do
        t0=$(now)
        /usr/bin/time -f '%M' -o "$data/time.out" "$@" >/dev/null 2>"$data/err.out" || true
        t=$(($(now) - t0))
        if [ -z "$best" ] || [ "$t" -lt "$best" ]; then
            best=$t
            rss=$(tail -n 1 "$data/time.out")
        fi
        i=$((i + 1))
    done
    awk -v n="$name" -v s="$size" -v t="$best" -v r="$rss" -v c="${cat_ns:-0}" \
        -v g="${rg_ns:-0}" 'BEGIN {
        printf "%-34s %7.3f s %8.1f MB/s %7d KiB", n, t / 1e9,
               s / 1048576 / (t / 1e9), r;
        printf "  %6s", (c > 0 ? sprintf("x%.1f", t / c) : "-");
        printf "  %6s\n", (g > 0 ? sprintf("%.2f", g / t) : "-") }'
}

# bench_input LABEL FILE-OR-DIR [URIGREP-OPTIONS]: cat, ripgrep and
# urigrep on one input
bench_input() {
    label=$1 in=$2
    shift 2
    if [ -d "$in" ]; then
        size=$(find "$in" -type f -exec cat {} + | wc -c)
        set -- -r "$@"
        catcmd="find $in -type f -exec cat {} +"
    else
        size=$(wc -c <"$in")
        catcmd="cat $in"
    fi
    echo "$label: $in ($size bytes)"
    printf '%-34s %9s %13s %11s  %6s  %6s\n' command time speed "peak RSS" "/cat" "rg/this"
    cat_ns= rg_ns=
    run "cat" sh -c "$catcmd"
    cat_ns=$best
    if command -v rg >/dev/null; then
        run "rg -o '(https?|ftp)://...'" rg -o "$rgre" "$in"
        rg_ns=$best
    fi
    run "urigrep $*" "$ug" "$@" "$in"
    last_ns=$best
    # the default -j reads a large file in pieces on every core (rg reads
    # one file with one thread): the one-thread figure too
    run "urigrep -j 1 $*" "$ug" -j 1 "$@" "$in"
}

echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M') UTC; best of $runs"
bench_input "text" "$text"
text_ns=$last_ns text_size=$size
run "urigrep -c" "$ug" -c "$text"
run "urigrep --json" "$ug" --json "$text"
echo "URIs found: urigrep $("$ug" -c "$text")" \
    "rg $(command -v rg >/dev/null && rg -o "$rgre" "$text" | wc -l)"
bench_input "mbox (bench/run.sh)" "$mbox"
run "urigrep --type=text (same mbox)" "$ug" --type=text "$mbox"
if [ -s "$real" ]; then
    bench_input "mbox (bench/gen-mbox.py)" "$real"
    awk -v a="$size" -v b="$last_ns" -v c="$text_size" -v d="$text_ns" 'BEGIN {
        printf "mail/text: %.2f of the plain-text MB/s\n", (a / b) / (c / d) }'
    bench_input "maildir" "$maildir"
    bench_input "HTML" "$page"
fi

# memory is bounded by the longest URI: 1 GB of one line, streamed
/usr/bin/time -f '%M' -o "$data/time.out" sh -c \
    "head -c 1073741824 /dev/zero | tr '\\0' 'a' | '$ug'" >/dev/null 2>&1 || true
echo "1 GB without a newline: peak RSS $(tail -n 1 "$data/time.out") KiB"
/usr/bin/time -f '%M' -o "$data/time.out" sh -c \
    "{ printf 'http://'; head -c 1073741824 /dev/zero | tr '\\0' 'a'; } | '$ug'" >/dev/null 2>&1 || true
echo "1 GB single candidate URI: peak RSS $(tail -n 1 "$data/time.out") KiB"

# cost per MB, 1 MB .. 1 GB: inputs cut from the same text and mbox
[ -n "$scale" ] || exit 0
runs=${BENCH_SCALE_RUNS:-3}
echo "cost per MB, urigrep -j 1 (best of $runs):"
printf '%-8s %8s %10s %10s %10s | %10s %10s %10s\n' size "" "text s" "ms/MB" "peak RSS" "mbox s" "ms/MB" "peak RSS"
for n in $scale; do
    row="$n MB"
    for kind in text mbox; do
        f=$data/scale-$kind-${n}M
        if [ ! -s "$f" ]; then
            if [ $kind = text ]; then src=$text; else src=${real:-$mbox}; [ -s "$src" ] || src=$mbox; fi
            while :; do cat "$src"; done | head -c $((n * 1048576)) >"$f"
        fi
        size=$(wc -c <"$f")
        run x "$ug" -j 1 "$f" >/dev/null
        row="$row $(awk -v t="$best" -v s="$size" -v r="$rss" 'BEGIN {
            printf "%10.3f %10.2f %10d", t / 1e9, t / 1e6 / (s / 1048576), r }')"
    done
    echo "$row" | awk '{ printf "%-8s %8s %10s %10s %10s | %10s %10s %10s\n", $1" "$2, "", $3, $4, $5, $6, $7, $8 }'
done
