# -j 16 and -j 64 (issue 35: no fixed cap on threads; init.sh's
# URIGREP_JOBS_HOLD=0 starts them all, whatever the machine has) give
# what -j 1 gives, byte for byte on both streams: a text and an mbox cut
# into more pieces than threads, with line and message numbers, and a
# folder of more files than threads.
. "${srcdir:-.}/tests/init.sh"
JOBS_J="16 64"
JOBS_FEW=2
. "${srcdir:-.}/tests/jobs-same.sh"
k=0
while [ $k -lt 400 ]; do
    k=$((k + 1))
    printf 'para %d <URL:http://wrap.example/%d/a-\n  b> and http://bare.example/%d\n\n' \
        $k $k $k
done >"$tmp/big.txt"
k=0
while [ $k -lt 300 ]; do
    k=$((k + 1))
    printf 'From a@b.example Mon May  6 10:00:%02d 2024\nFrom: a@b.example\n' \
        $((k % 60))
    printf 'Message-ID: <%d@b.example>\nSubject: m %d\n\nsee http://m.example/%d\n' \
        $k $k $k
    printf '>From here http://q.example/%d\n\n' $k
done >"$tmp/big.mbox"
mkdir "$tmp/dir"
k=0
while [ $k -lt 150 ]; do
    k=$((k + 1))
    printf 'file %d http://f.example/%d\n' $k $k >"$tmp/dir/$k.txt"
done
URIGREP_SPLIT_SIZE=300
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=64
jobs_enough || same_as_serial -n -b "$tmp/big.txt"
jobs_enough || same_as_serial --json "$tmp/big.mbox"
JOBS_CUTS=
jobs_enough || same_as_serial -n -r "$tmp/dir"
jobs_enough || same_as_serial -c -u "$tmp/big.txt" "$tmp/big.mbox" "$tmp/dir"
[ "$(ug -j 64 -n "$tmp/big.txt" | wc -l)" = 800 ] ||
    fail "-j 64 did not find the 800 URIs of the text"
