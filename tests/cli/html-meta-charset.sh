# HTML without a charset from --charset or MIME is decoded as its <meta>
# charset says, found in the first 1024 bytes as browsers do (HTML 13.2.3.2);
# ISO-8859-1 means windows-1252 there, a byte order mark wins over it.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
# mail: windows-1252 (http-equiv), ISO-8859-1, Shift_JIS; a MIME charset wins
expect 0 html-meta-charset.out -n html-meta-charset.eml
expect 0 html-meta-charset.out -n --buffer-size=1 html-meta-charset.eml
# files
cafe=$(printf 'http://caf\303\251.example/men\303\274')
printf '<!DOCTYPE html>\n<meta charset=windows-1252>\n<a href="http://caf\351.example/men\374">x</a>\n' >"$tmp/w.html"
expect_text 0 "$cafe" "$tmp/w.html"
expect_text 0 "$cafe" --buffer-size=2 "$tmp/w.html"
# the label is a browser's: ISO-8859-1 is windows-1252 (0x92 is a quote)
printf '<html><head><meta http-equiv="content-type" content="text/html; charset=iso-8859-1"></head><a href="http://x.example/l\222\351t\351">\n' >"$tmp/l.html"
expect_text 0 "$(printf 'http://x.example/l\342\200\231\303\251t\303\251')" "$tmp/l.html"
# --charset wins over the <meta>
expect_text 0 "$(printf 'http://caf\303\251.example/men\303\274')" --charset=latin1 "$tmp/w.html"
# a UTF-8 byte order mark wins over the <meta>
printf '\357\273\277<html><meta charset="windows-1252"><a href="%s">\n' "$cafe" >"$tmp/bom.html"
expect_text 0 "$cafe" "$tmp/bom.html"
# a <meta> inside a comment, or after the first 1024 bytes, does not count
printf '<html><!-- <meta charset="windows-1252"> --><a href="%s">\n' "$cafe" >"$tmp/c.html"
expect_text 0 "$cafe" "$tmp/c.html"
{ printf '<html><head><title>'; head -c 1100 /dev/zero | tr '\0' 'x'
  printf '</title><meta charset="windows-1252"><a href="%s">\n' "$cafe"; } >"$tmp/late.html"
expect_text 0 "$cafe" "$tmp/late.html"
