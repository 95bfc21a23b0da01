# --pick shows a lookalike IDN host in its other form beside the URI
# (issue 22 item 3: "The picker shows such hosts in punycode beside the
# Unicode form"): "https://pаypal.com/" (a Cyrillic a) gets
# "[xn--pypal-4ve.com]", a URI written in A-labels gets its Unicode form,
# a host of one script (bücher.de) gets nothing, and a long URI gives way
# so that the bracket stays on screen; the A-label form can be searched.
. "${srcdir:-.}/tests/init.sh"
"$URIGREP" --version | grep -q '^Features:.* ICU' ||
    { echo "SKIP: built without ICU: no IDN lookalike to show"; exit 77; }
"$URIGREP" --version | grep -q '^Features:.* libidn2' ||
    { echo "SKIP: built without libidn2: no A-labels to show"; exit 77; }
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick-lookalike.html" "$tmp/pick-lookalike.html"
# an ICU that cannot be opened leaves lookalike unknown: nothing to see
"$URIGREP" --json "$tmp/pick-lookalike.html" |
    grep -q '"lookalike":true' ||
    { echo "SKIP: ICU's library cannot be opened here"; exit 77; }
PICK_LC=C.UTF-8
pick_start '"$URIGREP" --pick --open-with=./opener pick-lookalike.html'
wait_screen 'urigrep: 1/4'
# (capture-pane ends a line at its last character: the bracket is last)
grep -q '^   1 \[lookalike\] https://pаypal\.com/signin \[xn--pypal-4ve\.com\]$' \
    "$tmp/screen" || fail "pаypal.com without its A-labels beside it"
grep -q '^   2 \[lookalike\] https://xn--gogle-rce\.com/search?q=account \[gοogle\.com\]$' \
    "$tmp/screen" || fail "an A-label host without its Unicode form beside it"
grep -q '^   3 https://bücher\.de/$' "$tmp/screen" ||
    fail "a host of one script is shown with a bracket or a flag"
# 80 columns: the long URI is cut, its host's A-labels are not
grep -q '^   4 \[lookalike\] https://pаypal\.com/cgi-bin/.* \[xn--pypal-4ve\.com\]$' \
    "$tmp/screen" || fail "the long URI pushed its A-labels off the screen"
# searching for the A-labels finds the entry showing them
tm send-keys -t pick / x n - - p y Enter
wait_screen 'urigrep: 4/4'
# opening still asks first, and the URI is the one written
tm send-keys -t pick g Enter
wait_screen 'its host looks like another: open it? [y/N]'
tm send-keys -t pick y
opened 'https://pаypal.com/signin'
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc, want 0"
exit 0
