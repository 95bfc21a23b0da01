# Every delimiting style of Appendix E in one mail-like text: quotes,
# brackets (wrapped), parentheses, URL: prefixes, well-known schemes, IPv6;
# addresses, Message-IDs and times are not URIs.
. "${srcdir:-.}/tests/init.sh"
expect 0 "$fixtures/mixed.out" "$fixtures/mixed.txt"
