# urigrep.dask on a real public-inbox epoch (open-iscsi's list, a
# linux-mailinglist-archives v2 epoch brought with the fetch tool under
# /work/.mirror; URIGREP_PINBOX_DASK_ARCHIVE names another archive), cut
# by `urigrep --list-runs` into tasks of about a megabyte of messages on
# a LocalCluster of two workers: its parts, one after the other, are
# what `urigrep --json -j 1` writes for the archive, byte for byte, and
# its summary counts them. Skipped (77) without the archive, without
# libgit2 in urigrep, or without a python3 that has cffi and
# dask.distributed.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
: "${top_srcdir:=$srcdir}"
a=/work/.mirror/linux-mailinglist-archives+open-iscsi.googlegroups.com.0/repo
a=${URIGREP_PINBOX_DASK_ARCHIVE:-$a}
[ -d "$a" ] || { echo "skipping: no archive $a" >&2; exit 77; }
pi_skip
if [ -n "$URIGREP_SANITIZED" ] ||
    ldd "${top_builddir:-$(dirname "$URIGREP")/..}/src/lib/.libs/liburigrep.so" 2>/dev/null |
    grep -q libasan; then
    # a cluster under AddressSanitizer takes minutes (python/tests too)
    echo "skipping: sanitizer build" >&2
    exit 77
fi
py=$(sh "$top_srcdir/python/find-python" distributed 2>/dev/null) ||
    { echo "skipping: no python3 with cffi and dask.distributed" >&2
      exit 77; }
libs=$(cd "${top_builddir:-$(dirname "$URIGREP")/..}/src/lib/.libs" && pwd) || exit 99
"$py" "$top_srcdir/python/build_ext.py" --include "$top_srcdir/include" \
    --libdir "$libs" --rpath "$libs" --out "$tmp/py" >"$tmp/build.log" 2>&1 ||
    { cat "$tmp/build.log" >&2; exit 99; }

ug --json -j 1 "$a" >"$tmp/want" 2>"$tmp/want.err"
rc=$?
[ "$rc" -le 1 ] || { cat "$tmp/want.err" >&2; fail "urigrep $a: exit $rc"; }
[ -s "$tmp/want" ] || fail "no URI in $a"
PYTHONPATH=$tmp/py PYTHONDONTWRITEBYTECODE=1 URIGREP=$URIGREP \
    "$py" -m urigrep.dask "$a" --out "$tmp/out" --workers 2 \
    --chunk-size 1 --no-progress 2>"$tmp/dask.err" ||
    { cat "$tmp/dask.err" >&2; fail "urigrep.dask $a"; }
cat "$tmp/out"/part-*.jsonl >"$tmp/got"
cmp "$tmp/want" "$tmp/got" ||
    fail "urigrep.dask's records differ from urigrep's"
jq -e --argjson n "$(wc -l <"$tmp/want")" \
    '.records == $n and .tasks >= 4 and .errors == []' \
    "$tmp/out/summary.json" >/dev/null || fail "$(cat "$tmp/out/summary.json")"
echo "$a: $(wc -l <"$tmp/want") records in" \
    "$(jq .tasks "$tmp/out/summary.json") tasks, as urigrep -j 1" >&2
exit 0
