# A quote escaped with a backslash, as JSON, C and shell strings write it
# and people paste them into mail, ends the URI before the backslash:
# RFC 2396 section 2.4.3 puts "\" among the excluded characters, so it
# is no part of a URI (issue 25).
. "${srcdir:-.}/tests/init.sh"
printf 'x "http://a.example.com\\" y\n' >"$tmp/shell.txt"
printf '"{\\"url\\":\\"https://c.example.net/x\\"}"\n' >"$tmp/json.txt"
printf 'printf("see \\"http://d.example.org/p?q=1\\"\\n");\n' >"$tmp/c.txt"
for b in 1 2 5 100; do
    expect_text 0 "http://a.example.com" --buffer-size=$b "$tmp/shell.txt"
    expect_text 0 "https://c.example.net/x" --buffer-size=$b "$tmp/json.txt"
    expect_text 0 "http://d.example.org/p?q=1" --buffer-size=$b "$tmp/c.txt"
done
