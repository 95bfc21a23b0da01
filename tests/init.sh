# tests/init.sh: shared setup for the CLI tests (sourced, not run).
# SPDX-License-Identifier: MIT
#
# Provides: ug (runs urigrep, under $URIGREP_WRAPPER if set), fixtures
# (the fixture directory), tmp (a scratch directory removed at exit),
# fail, expect (run, then compare stdout with a file and the exit status),
# unprivileged (ug runs urigrep as a user that file permissions bind),
# path_only (a PATH directory of the test's fakes and named tools only),
# jobs_agree (-j 2 prints what -j 1 does over the corpus).

: "${URIGREP:?URIGREP must name the urigrep binary}"
: "${srcdir:=.}"
fixtures=$srcdir/tests/fixtures
[ -d "$fixtures" ] || fixtures=$(dirname "$0")/../fixtures
tmp=$(mktemp -d "${TMPDIR:-/tmp}/urigrep-test.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C
export LC_ALL
# -j N starts its threads at the first file, whatever the input (as
# src/cli/jobs/plan.c would not for a small one), so that the tests' small
# inputs exercise them; tests/cli/jobs-choice.sh unsets it
URIGREP_JOBS_HOLD=0
export URIGREP_JOBS_HOLD

# what ug runs urigrep under: nothing, or setpriv after unprivileged
ug_as=
# under valgrind, no PCRE2 JIT: its code reads past the subject by design
ug() {
    if [ -n "$URIGREP_WRAPPER" ]; then
        $ug_as $URIGREP_WRAPPER "$URIGREP" --no-jit "$@"
    else
        $ug_as "$URIGREP" "$@"
    fi
}

# unprivileged: from now on ug runs urigrep as a user that file
# permissions bind, so that a test of a file it may not read means
# something.  As root (as CI runs) that is nobody, through setpriv: $tmp
# is opened to others (the files the test makes there stay root's, 0644
# or as it chmods them), and when nobody cannot reach $URIGREP a copy
# of it runs from $tmp.  Exit 77 only when that cannot be done: no
# setpriv, no user nobody, or nobody cannot run urigrep at all.
unprivileged() {
    [ "$(id -u)" = 0 ] || return 0
    command -v setpriv >/dev/null ||
        { echo "running as root without setpriv: cannot drop root" >&2;
          exit 77; }
    _uid=$(id -u nobody 2>/dev/null) && _gid=$(id -g nobody 2>/dev/null) ||
        { echo "running as root, no user nobody to run urigrep as" >&2;
          exit 77; }
    chmod 755 "$tmp" || exit 99
    ug_as="setpriv --reuid=$_uid --regid=$_gid --clear-groups"
    if ! ug --version >/dev/null 2>&1; then
        _bin=$tmp/unprivileged-bin
        mkdir "$_bin" && cp "$URIGREP" "$_bin/" || exit 99
        # and the build's liburigrep.so the program links, when the
        # test environment put it on LD_LIBRARY_PATH (Makefile.am)
        _lib=${LD_LIBRARY_PATH%%:*}
        if [ -n "$_lib" ] && [ -f "$_lib/liburigrep.so.1" ]; then
            cp -L "$_lib/liburigrep.so.1" "$_bin/" || exit 99
            LD_LIBRARY_PATH=$_bin:$LD_LIBRARY_PATH
            export LD_LIBRARY_PATH
        fi
        URIGREP=$_bin/${URIGREP##*/}
        ug --version >/dev/null 2>"$tmp/err" ||
            { echo "nobody cannot run urigrep: $(cat "$tmp/err")" >&2;
              exit 77; }
    fi
    [ "$($ug_as id -u)" = "$_uid" ] || fail "setpriv did not drop root"
}

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# path_only DIR TOOL...: make DIR (created if need be) hold a symbolic
# link to each real TOOL, as found on the test's PATH, for a test to run
# a command with PATH=DIR alone: the fakes the test puts in DIR and the
# TOOLs it names are all that command finds, never a tool that happens
# to be installed (a real xclip where a test removed its fake one).
path_only() {
    _dir=$1
    shift
    mkdir -p "$_dir" || exit 99
    for _tool in "$@"; do
        _real=$(command -v "$_tool") || fail "no $_tool on PATH"
        case $_real in
        /*) ln -sf "$_real" "$_dir/$_tool" || exit 99 ;;
        *) fail "$_tool is not a program on PATH ($_real)" ;;
        esac
    done
}

# jobs_agree ARG...: urigrep -r ARG... over tests/corpus prints with -j 2
# what it prints with -j 1.
jobs_agree() {
    ug -r -j 1 "$@" "$srcdir/tests/corpus" >"$tmp/j1" || fail "-j 1 $*"
    ug -r -j 2 "$@" "$srcdir/tests/corpus" >"$tmp/j2" || fail "-j 2 $*"
    cmp "$tmp/j1" "$tmp/j2" || fail "$*: -j 2 differs from -j 1"
}

# expect STATUS WANTFILE ARG...: run urigrep with ARGs; its stdout must be
# WANTFILE's content and its exit status STATUS.
# (shell functions share variables with the script: ours start with "_")
expect() {
    _rc_want=$1
    _out_want=$2
    shift 2
    ug "$@" >"$tmp/out" 2>"$tmp/err"
    _rc=$?
    if [ "$_rc" != "$_rc_want" ]; then
        cat "$tmp/err" >&2
        fail "exit status $_rc, want $_rc_want: urigrep $*"
    fi
    diff -u "$_out_want" "$tmp/out" || fail "output differs: urigrep $*"
}

# expect_text STATUS TEXT ARG...: as expect, with the wanted output given
# as text (a final newline is added unless TEXT is empty).
expect_text() {
    _rc_text=$1
    if [ -n "$2" ]; then printf '%s\n' "$2"; fi >"$tmp/want"
    shift 2
    expect "$_rc_text" "$tmp/want" "$@"
}

# no_raw FILE: fail unless FILE is free of what may act on a terminal: C0
# controls but newline (and NUL, for -0), DEL, C1 controls and bidi or
# other format characters in UTF-8, bytes that are not UTF-8.
# (the patterns are made once: tests/cli/control-bytes.sh calls it some
# two hundred times)
no_raw_c0=$(printf '[\001-\037\177]')
no_raw_c1=$(printf '\302[\200-\237]')
no_raw_f1=$(printf '\342\200[\213-\217\250-\256]')
no_raw_f2=$(printf '\342\201[\240-\257]')
no_raw_alm=$(printf '\330\234')
no_raw_bom=$(printf '\357\273\277')
no_raw() {
    tr -d '\n\000' <"$1" >"$tmp/no_raw"
    if LC_ALL=C grep -aq -e "$no_raw_c0" -e "$no_raw_c1" -e "$no_raw_f1" \
        -e "$no_raw_f2" -e "$no_raw_alm" -e "$no_raw_bom" "$tmp/no_raw"; then
        od -c "$1" | head -20 >&2
        fail "raw control or format character in $1"
    fi
    iconv -f UTF-8 -t UTF-8 <"$tmp/no_raw" >/dev/null 2>&1 ||
        fail "bytes that are not UTF-8 in $1"
}

# have_formats: set $formats to the compressed formats (of gzip, bzip2,
# xz, zstd) this urigrep reads; one it was built without is checked to be
# refused as such (named, exit 2) and left out, saying so on stderr.
have_formats() {
    formats=
    for _f in gzip bzip2 xz zstd; do
        printf 'http://probe.example/\n' | $_f -c >"$tmp/probe.$_f" ||
            fail "cannot run $_f"
        ug "$tmp/probe.$_f" >"$tmp/probe.out" 2>"$tmp/probe.err"
        _rc=$?
        if grep -q "built without" "$tmp/probe.err"; then
            [ "$_rc" = 2 ] || fail "$_f without its library: exit $_rc"
            grep -q "^urigrep: $tmp/probe.$_f: $_f-compressed data" \
                "$tmp/probe.err" || fail "$_f: $(cat "$tmp/probe.err")"
            echo "skipping $_f: urigrep was built without its library" >&2
        else
            [ "$_rc" = 0 ] && [ "$(cat "$tmp/probe.out")" = \
                http://probe.example/ ] ||
                fail "$_f: exit $_rc: $(cat "$tmp/probe.err")"
            formats="$formats $_f"
        fi
    done
    [ -n "$formats" ] || exit 77
}
