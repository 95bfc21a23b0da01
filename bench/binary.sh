# bench/binary.sh: sourced by the benchmarks. real_binary PATH sets
# REAL_BINARY to the program a benchmark should time: PATH itself, or,
# when PATH is libtool's wrapper script (src/urigrep of a build with
# shared libraries), the program it runs, with the build's liburigrep.so
# put on LD_LIBRARY_PATH (exported here: call it in the benchmark's own
# shell, not in $(...)), since the wrapper costs a shell and two seds a
# run, which would be timed.
# SPDX-License-Identifier: MIT
real_binary() {
    _rb_dir=$(dirname "$1")
    _rb_name=$(basename "$1")
    REAL_BINARY=$1
    if [ -f "$_rb_dir/.libs/$_rb_name" ] &&
        grep -q 'temporary wrapper script' "$1" 2>/dev/null; then
        _rb_lib=$(cd "$_rb_dir/lib/.libs" 2>/dev/null && pwd) || _rb_lib=
        LD_LIBRARY_PATH=$_rb_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        export LD_LIBRARY_PATH
        REAL_BINARY=$(cd "$_rb_dir/.libs" && pwd)/$_rb_name
    fi
}
