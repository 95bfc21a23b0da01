#!/bin/sh
# tests/installed-smoke.sh: after "apt install ./*.deb", check the installed
# packages from their installed files only (nothing of a build tree is
# used but these inputs): the command on RFC 2396's Appendix E sample, its
# man page, a program built with pkg-config alone against liburigrep-dev,
# the Python module imported from outside any tree, bash completion loaded
# by bash-completion and answering, the zsh and fish completions in place.
#   sh tests/installed-smoke.sh data/appendix-e.txt \
#       tests/fixtures/appendix-e.out doc/examples/scan.c
# .ci/run runs it; exit status 0 when all holds, 1 (with what failed) else.
# SPDX-License-Identifier: MIT
sample=$(realpath "$1") want=$(realpath "$2") example=$(realpath "$3") ||
    exit 2
fail() { echo "installed-smoke: FAIL: $*" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/urigrep-installed.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
LC_ALL=C.UTF-8
export LC_ALL
arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
version=$(dpkg-query -W -f '${Version}' urigrep | sed 's/-[^-]*$//')

# 1. the command, from /usr/bin, with its man page
[ "$(command -v urigrep)" = /usr/bin/urigrep ] ||
    fail "urigrep is $(command -v urigrep), not /usr/bin/urigrep"
urigrep "$sample" >out || fail "urigrep on the sample: status $?"
head -n 3 out | diff -u "$want" - || fail "urigrep on the sample"
urigrep --version >version || fail "--version"
sed -n 1p version | grep -qx "urigrep $version" ||
    fail "--version says $(sed -n 1p version), the package $version"
grep -q '^Features:.*PCRE2-JIT' version || fail "no Features line"
[ -f /usr/share/man/man1/urigrep.1.gz ] || fail "no urigrep.1"
[ -f /usr/share/man/man3/liburigrep.3.gz ] || fail "no liburigrep.3"
# one page a function (doc/man3), so that man urigrep_extractor_new works
[ -f /usr/share/man/man3/urigrep_extractor_new.3.gz ] ||
    fail "no urigrep_extractor_new.3"

# 2. a program built against liburigrep-dev with pkg-config alone
flags=$(pkg-config --cflags --libs liburigrep) || fail "pkg-config"
${CC:-cc} -Wall -Werror -o example "$example" $flags || fail "cc $example"
./example >example.out || fail "the example: status $?"
grep -qx '1: http://example.org/ab' example.out || fail "the example's output"
# (merged /usr: the linker's cache may name it /lib/...)
ldd ./example | grep -Eq "liburigrep\.so\.1 => (/usr)?/lib/$arch/" ||
    fail "the example is not linked with liburigrep1's library"

# 3. the Python module, from outside any source tree
out=$(cd / && /usr/bin/python3 -c '
import urigrep, urigrep.dask
print(urigrep.__file__)
print(urigrep.resolve("../g", "http://a/b/c/d;p?q"))') ||
    fail "python3: import urigrep"
[ "$out" = "/usr/lib/python3/dist-packages/urigrep/__init__.py
http://a/b/g" ] || fail "python3: $out"

# 4. completions: bash's loaded on demand by bash-completion, answering
got=$(bash -c '. /usr/share/bash-completion/bash_completion
    _completion_loader urigrep
    complete -p urigrep >/dev/null || exit 1
    COMP_WORDS=(urigrep --ty); COMP_CWORD=1; _urigrep
    echo "${COMPREPLY[*]}"
    COMP_WORDS=(urigrep --rfc =); COMP_CWORD=2; _urigrep
    echo "${COMPREPLY[*]}"') || fail "bash did not load the completion"
[ "$got" = "--type=
1808 2396 3986" ] || fail "bash completion answered: $got"
[ -f /usr/share/zsh/vendor-completions/_urigrep ] || fail "no zsh completion"
[ -f /usr/share/fish/vendor_completions.d/urigrep.fish ] ||
    fail "no fish completion"
echo "installed-smoke: the installed packages work"
