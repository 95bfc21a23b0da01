#!/bin/sh
# bench/precision.sh: precision and recall of urigrep on hand-labelled text.
#
#   sh bench/precision.sh [-v] [--min-precision=P] [--min-recall=R] \
#       URIGREP_BINARY SETDIR...
#
# Each SETDIR (such as tests/corpus/tune) holds SOURCE/NNN.txt windows of
# real text and, beside each, NNN.uris: the URI references a person reads
# in it, one per line, in order (an empty file when there are none).  The
# SOURCE directory's name starts with its kind: mail-, news-, rfc- or
# other-.  urigrep reads each window as a document of its own, with its
# default options and --type=text; an NNN.html window (an HTML document or
# part) with its own type detection; an NNN.eml window (one whole mail
# message or news article, headers included) with its own type detection
# (a lone message is read as mail) and --headers, because its labels
# include the URIs that list software wrote in List-Archive:, List-Post:
# and the like.  For speed one run of urigrep -H reads all the windows of
# a set that take the same options, and its output is split by file name
# (a path with a ':' in it gets a run of its own).
# The references it prints are compared with the labels as a multiset per
# window.  The table gives, per set and kind and for each set as a whole:
# windows, reported, correct, labelled, precision (correct / reported)
# and recall (correct / labelled) in per cent.  -v first lists every
# false positive (FP) and false negative (FN) with its window.
#
# Exit status: 0; 1 when a set's precision or recall is below the given
# minimum; 2 on a usage error or when urigrep fails.

verbose=0
minp=
minr=
while [ $# -gt 0 ]; do
    case $1 in
    -v) verbose=1 ;;
    --min-precision=*) minp=${1#*=} ;;
    --min-recall=*) minr=${1#*=} ;;
    --) shift; break ;;
    -*) echo "precision.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
    shift
done
for m in "$minp" "$minr"; do
    case $m in
    '' | [0-9] | [0-9][0-9] | [0-9][0-9][0-9] | [0-9]*.[0-9]*) ;;
    *) echo "precision.sh: not a percentage: $m" >&2; exit 2 ;;
    esac
done
if [ $# -lt 2 ]; then
    echo "usage: sh bench/precision.sh [-v] [--min-precision=P]" \
        "[--min-recall=R] URIGREP_BINARY SETDIR..." >&2
    exit 2
fi
ug=$1
shift
[ -x "$ug" ] || { echo "precision.sh: $ug is not executable" >&2; exit 2; }
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d "${TMPDIR:-/tmp}/precision.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# run OPTION LISTFILE: urigrep -H with OPTION (one word or none) on the
# windows named in LISTFILE, one a line; each output line goes to the
# output file of its window, named in $tmp/out-of (window TAB file).
run() {
    [ -s "$2" ] || return 0
    # shellcheck disable=SC2086 # $1 is one word or none
    tr '\n' '\0' <"$2" | xargs -0 "$ug" -H $1 -- >"$tmp/batch" 2>"$tmp/err"
    rc=$?
    # xargs says 123 when a run exits 1 to 125: 1 is "no URI", not trouble
    if [ $rc != 0 ] && { [ $rc != 123 ] || [ -s "$tmp/err" ]; }; then
        echo "precision.sh: urigrep exit status $rc on the windows of" \
            "$(head -n 1 "$2")...:" >&2
        cat "$tmp/err" >&2
        exit 2
    fi
    awk -F '\t' -v batch="$tmp/batch" '
        { out[$1] = $2 }
        END {
            while ((getline line < batch) > 0) {
                i = index(line, ":")
                f = substr(line, 1, i - 1)
                if (i == 0 || !(f in out)) {
                    print "precision.sh: a line of no window: " line \
                        >"/dev/stderr"
                    exit 2
                }
                if (f != last && last != "")
                    close(out[last])
                print substr(line, i + 1) >>out[f]
                last = f
            }
        }' "$tmp/out-of" || exit 2
}

# One line per window for awk: window, set, kind, urigrep's output file
# and the label file; awk reads both files.
n=0
for set in "$@"; do
    [ -d "$set" ] || { echo "precision.sh: no directory $set" >&2; exit 2; }
    setname=${set%/}
    setname=${setname##*/}
    : >"$tmp/text"; : >"$tmp/html"; : >"$tmp/eml"; : >"$tmp/out-of"
    for win in $(find "$set" \( -name '*.txt' -o -name '*.html' \
        -o -name '*.eml' \) -type f | sort); do
        src=${win%/*}
        src=${src##*/}
        lab=${win%.*}.uris
        list=text
        case $win in
        *.html) list=html ;;
        *.eml) list=eml ;;
        esac
        if [ ! -f "$lab" ]; then
            echo "precision.sh: no labels $lab" >&2
            exit 2
        fi
        n=$((n + 1))
        : >"$tmp/$n"
        printf '%s\t%s\n' "$win" "$tmp/$n" >>"$tmp/out-of"
        case $win in
        *:*) echo "$win" >"$tmp/one"
            case $list in
            text) run --type=text "$tmp/one" ;;
            html) run "" "$tmp/one" ;;
            eml) run --headers "$tmp/one" ;;
            esac ;;
        *) echo "$win" >>"$tmp/$list" ;;
        esac
        printf '%s\t%s\t%s\t%s\t%s\n' "$win" "$setname" "${src%%-*}" \
            "$tmp/$n" "$lab" >>"$tmp/windows"
    done
    run --type=text "$tmp/text"
    run "" "$tmp/html"
    run --headers "$tmp/eml"
done

awk -F '\t' -v verbose="$verbose" -v minp="$minp" -v minr="$minr" '
function flush(   u, r, l, c) {
    if (win == "")
        return
    for (u in rep) {
        r = rep[u]; l = (u in lab) ? lab[u] : 0
        c = r < l ? r : l
        add(c, r, 0)
        if (verbose)
            for (; r > c; r--)
                printf "FP %s %s\n", win, u
    }
    for (u in lab) {
        l = lab[u]; r = (u in rep) ? rep[u] : 0
        c = r < l ? r : l
        add(0, 0, l)
        if (verbose)
            for (; l > c; l--)
                printf "FN %s %s\n", win, u
    }
    split("", rep); split("", lab)
}
function add(c, r, l,   k) {
    k = set SUBSEP kind
    correct[k] += c; reported[k] += r; labelled[k] += l
    k = set SUBSEP "all"
    correct[k] += c; reported[k] += r; labelled[k] += l
}
function pct(a, b) {
    return b ? sprintf("%.1f", 100 * a / b) : "-"
}
{
    win = $1; set = $2; kind = $3
    if (!(set in seen)) { seen[set] = 1; sets[++nsets] = set }
    windows[set SUBSEP kind]++; windows[set SUBSEP "all"]++
    while ((getline line < $4) > 0)
        rep[line]++
    close($4)
    while ((getline line < $5) > 0)
        lab[line]++
    close($5)
    flush()
}
END {
    printf "%-10s %-6s %7s %8s %7s %8s %9s %6s\n", "set", "kind",
        "windows", "reported", "correct", "labelled", "precision", "recall"
    nk = split("mail news rfc other all", kinds, " ")
    bad = 0
    for (i = 1; i <= nsets; i++)
        for (j = 1; j <= nk; j++) {
            k = sets[i] SUBSEP kinds[j]
            if (!(k in windows))
                continue
            p = pct(correct[k], reported[k]); r = pct(correct[k], labelled[k])
            printf "%-10s %-6s %7d %8d %7d %8d %9s %6s\n", sets[i],
                kinds[j], windows[k], reported[k], correct[k],
                labelled[k], p, r
            if (kinds[j] != "all")
                continue
            if (minp != "" && p != "-" && p + 0 < minp + 0) {
                printf "precision %s%% of %s is below %s%%\n", p, sets[i],
                    minp
                bad = 1
            }
            if (minr != "" && r != "-" && r + 0 < minr + 0) {
                printf "recall %s%% of %s is below %s%%\n", r, sets[i], minr
                bad = 1
            }
        }
    exit bad
}' "$tmp/windows"
