# Warnings that repeat are said once per file: over-long URI candidates
# (and lines with -x) give one warning naming the first line and the
# count; --verbose names each one; -s says nothing; the next file counts
# afresh.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
long=http://long.example/$(head -c 100 /dev/zero | tr '\0' y)
printf 'a http://ok.example/\n%s\nb\n%s %s\n' "$long" "$long" "$long" >many.txt
printf '%s\n' "$long" >one.txt
expect_text 0 "many.txt:http://ok.example/" --max-uri-length=50 many.txt one.txt
cat >want <<'EOW'
urigrep: many.txt:2: warning: 3 URI candidates longer than 50 bytes skipped, the first on this line (--verbose names each)
urigrep: one.txt:1: warning: URI candidate longer than 50 bytes skipped
EOW
diff -u want "$tmp/err" || fail "summary"
expect_text 0 "http://ok.example/" --verbose --max-uri-length=50 many.txt
cat >want <<'EOW'
urigrep: many.txt:2: warning: URI candidate longer than 50 bytes skipped
urigrep: many.txt:4: warning: URI candidate longer than 50 bytes skipped
urigrep: many.txt:4: warning: URI candidate longer than 50 bytes skipped
EOW
diff -u want "$tmp/err" || fail "--verbose"
expect_text 0 "http://ok.example/" -s --max-uri-length=50 many.txt
[ -s "$tmp/err" ] && fail "-s: $(cat "$tmp/err")"
# -x: lines
ug -x --max-uri-length=50 many.txt >/dev/null 2>err
grep -q '^urigrep: many.txt:2: warning: 2 lines longer than [0-9]* bytes skipped, the first on this line' err ||
    fail "-x: $(cat err)"
