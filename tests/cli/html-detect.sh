# --type=auto finds HTML by its content as a browser would: a doctype or
# <html> after a byte order mark, blanks, comments or an XHTML <?xml?>
# declaration; other files that start so stay text, and mail stays mail.
. "${srcdir:-.}/tests/init.sh"
# in HTML "&amp;" is decoded and <script> skipped; in text neither
body='<p><a href="http://h.example/?a=1&amp;b=2">x</a><script>u="http://js.example/"</script>'
html_out="http://h.example/?a=1&b=2"
check_html() {
    printf '%s\n' "$1" >"$tmp/doc.txt"
    expect_text 0 "$html_out" "$tmp/doc.txt"
}
check_html "$(printf '\357\273\277\n  <!-- saved page -->\n<!-- second -->\n<html lang="fr">%s' "$body")"
check_html "$(printf '\357\273\277<!DOCTYPE html>%s' "$body")"
check_html "$(printf '<!--[if IE]><p>old<![endif]-->\n\t<!doctype HTML>\n<html>%s' "$body")"
check_html "$(printf '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml">%s' "$body")"
check_html "$(printf '<?xml version="1.0"?>\n<!-- x -->\n<html xmlns="http://www.w3.org/1999/xhtml">%s' "$body")"
# an XML declaration before anything else (a feed) is not HTML
printf '<?xml version="1.0"?>\n<rss><link>http://feed.example/?a=1&amp;b=2</link></rss>\n' >"$tmp/feed.xml"
expect_text 0 "http://feed.example/?a=1&amp;b=2" "$tmp/feed.xml"
# a comment then text, or a tag name that only starts like html, is text
printf '<!-- notes -->\nsee http://t.example/?a=1&amp;b=2\n' >"$tmp/notes.txt"
expect_text 0 "http://t.example/?a=1&amp;b=2" "$tmp/notes.txt"
printf '<htmlish> http://t.example/?a=1&amp;b=2\n' >"$tmp/notes2.txt"
expect_text 0 "http://t.example/?a=1&amp;b=2" "$tmp/notes2.txt"
# an unterminated comment at the start decides nothing: text
printf '<!-- http://c.example/?a=1&amp;b=2\n' >"$tmp/open.txt"
expect_text 0 "http://c.example/?a=1&amp;b=2" "$tmp/open.txt"
# a message that carries HTML is still a message
printf 'From: a@example.org\nSubject: x\nContent-Type: text/html\n\n<html><a href="http://m.example/?a&amp;b">m</a>\n' >"$tmp/m.eml"
expect_text 0 "http://m.example/?a&b" "$tmp/m.eml"
