# A file cut short while -j 1 reads it is said to have shrunk, exit
# status 2, wherever its new end lies: past the window being read (a
# large file, read through mapped windows of 4 MiB) or past the buffer
# read() filled (a small one). Both were read to the new end in silence,
# exit 0. The cut is made while urigrep is blocked on its output, at a
# point it cannot have read yet: no sleep, no race.
. "${srcdir:-.}/tests/init.sh"
command -v truncate >/dev/null || exit 77

# shrink SIZE CUT: a file of SIZE bytes, 10,000 URIs (230 KB) then
# prose, cut to CUT bytes once urigrep has printed its first line: it
# blocks on the pipe with 64 KB of output, some 70 KB into the file
# (the window mapped, or the 128 KiB buffer read, around it)
shrink() {
    awk -v size="$1" 'BEGIN {
        for (i = 1; i <= 10000; i++) {
            s = sprintf("http://h.example/%d\n", i)
            printf "%s", s; n += length(s)
        }
        line = "words and more words of prose, nothing to see here\n"
        while (n + length(line) <= size) { printf "%s", line; n += length(line) }
    }' >"$tmp/f.txt"
    { ug -j 1 --line-buffered "$tmp/f.txt" 2>"$tmp/err"; echo $? >"$tmp/rc"; } |
        { IFS= read -r first; truncate -s "$2" "$tmp/f.txt"
          printf '%s\n' "$first"; cat; } >"$tmp/out"
    [ "$(cat "$tmp/rc")" = 2 ] ||
        fail "$1 bytes cut to $2: exit status $(cat "$tmp/rc"), not 2"
    grep -F "f.txt: the file shrank while it was read" "$tmp/err" >/dev/null ||
        fail "$1 bytes cut to $2: no message: $(cat "$tmp/err")"
    [ "$(grep -c '^http://h.example/' "$tmp/out")" = 10000 ] ||
        fail "$1 bytes cut to $2: URIs before the cut lost"
}

# mapped: the new end in the second window
shrink 6000000 5000000
# mapped: the new end at the first window's end (4 MiB)
shrink 6000000 4194304
# read(): a file under 1 MB, the new end two buffers on
shrink 600000 500000

# a file of /sys says 4096 bytes and has fewer, and stays so: it did not
# shrink (nor does /proc's, of size 0, go unread)
for f in /sys/kernel/mm/transparent_hugepage/enabled /sys/power/state; do
    [ -r "$f" ] && [ "$(wc -c <"$f")" -lt "$(stat -c %s "$f")" ] || continue
    ug -c "$f" >/dev/null 2>"$tmp/err"
    [ $? = 1 ] && [ ! -s "$tmp/err" ] || fail "$f: $(cat "$tmp/err")"
    break
done
if [ -r /proc/self/environ ]; then
    out=$(URIGREP_T=http://proc.example/ ug -a /proc/self/environ)
    [ "$out" = http://proc.example/ ] || fail "/proc/self/environ: $out"
fi
exit 0
