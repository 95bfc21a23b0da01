# tests/init.sh: shared setup for the CLI tests (sourced, not run).
# SPDX-License-Identifier: MIT
#
# Provides: ug (runs urigrep, under $URIGREP_WRAPPER if set), fixtures
# (the fixture directory), tmp (a scratch directory removed at exit),
# fail, expect (run, then compare stdout with a file and the exit status).

: "${URIGREP:?URIGREP must name the urigrep binary}"
: "${srcdir:=.}"
fixtures=$srcdir/tests/fixtures
[ -d "$fixtures" ] || fixtures=$(dirname "$0")/../fixtures
tmp=$(mktemp -d "${TMPDIR:-/tmp}/urigrep-test.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C
export LC_ALL

# under valgrind, no PCRE2 JIT: its code reads past the subject by design
ug() {
    if [ -n "$URIGREP_WRAPPER" ]; then
        $URIGREP_WRAPPER "$URIGREP" --no-jit "$@"
    else
        "$URIGREP" "$@"
    fi
}

fail() {
    echo "FAIL: $*" >&2
    exit 1
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
