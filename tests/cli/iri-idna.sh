# --ascii converts non-ASCII host names by IDNA (UTS #46 non-transitional,
# libidn2) and percent-encodes the rest (RFC 3987 3.1); a host IDNA rejects
# is percent-encoded too and --verbose says why. Without libidn2 hosts are
# percent-encoded with one warning, and the IDNA cases are skipped (77).
. "${srcdir:-.}/tests/init.sh"
printf '%s\n' \
    'Host: http://b\303\274cher.de/stra\303\237e?q=\303\274#top.' \
    'Upper case and sharp s: http://B\303\234CHER.de/ http://stra\303\237e.de/' \
    'Around it: http://user:p\303\244ss@b\303\274cher.de:8080/p\303\244th' \
    'IPv6: http://[2001:db8::1]:8080/\303\274 ASCII: http://Example.COM/caf\303\251' \
    'Emoji: http://\342\230\225.example/menu' \
    'Japanese: https://\344\276\213\343\201\210.\343\203\206\343\202\271\343\203\210/' |
    while IFS= read -r l; do printf "$l\n"; done >"$tmp/hosts.txt"
# what does not depend on IDNA
expect_text 0 "http://[2001:db8::1]:8080/%C3%BC
http://Example.COM/caf%C3%A9" --ascii -e '\[|Example' "$tmp/hosts.txt"
if ug --ascii "$tmp/hosts.txt" 2>&1 >/dev/null | grep -q 'built without IDNA'; then
    # percent-encoded hosts, one warning for the whole run, none with -s
    printf 'http://\303\274.example/\n' >"$tmp/u.txt"
    expect_text 0 "http://%C3%BC.example/
http://%C3%BC.example/" --ascii -h "$tmp/u.txt" "$tmp/u.txt"
    [ "$(grep -c 'built without IDNA' "$tmp/err")" = 1 ] || fail "warning not once"
    expect_text 0 "http://%C3%BC.example/" --ascii -s "$tmp/u.txt"
    [ -s "$tmp/err" ] && fail "-s: $(cat "$tmp/err")"
    exit 77
fi
expect_text 0 "http://xn--bcher-kva.de/stra%C3%9Fe?q=%C3%BC#top
http://xn--bcher-kva.de/
http://xn--strae-oqa.de/
http://user:p%C3%A4ss@xn--bcher-kva.de:8080/p%C3%A4th
http://[2001:db8::1]:8080/%C3%BC
http://Example.COM/caf%C3%A9
http://%E2%98%95.example/menu
https://xn--r8jz45g.xn--zckzah/" --ascii "$tmp/hosts.txt"
# the rejected host: kept percent-encoded; --verbose says why, quietly else
[ -s "$tmp/err" ] && fail "message without --verbose: $(cat "$tmp/err")"
expect_text 0 "http://%E2%98%95.example/menu" --ascii --verbose -e menu "$tmp/hosts.txt"
grep -q "hosts.txt:5: .*host name not converted by IDNA (.*disallowed.*), percent-encoded" "$tmp/err" ||
    fail "no reason: $(cat "$tmp/err")"
# -e and --strict see the converted form
expect_text 0 "http://xn--bcher-kva.de/" --ascii --strict -e '^http://xn--bcher-kva\.de/$' "$tmp/hosts.txt"
