# tests/anchors-ref.py: the <a href> links of the HTML parts of mail
# files and their visible text, read by Python's own email and
# html.parser modules, written apart from urigrep's MIME and HTML code:
# an independent reading for tests/cli/anchor-text.sh.
# SPDX-License-Identifier: MIT
#
# Usage: python3 tests/anchors-ref.py MAIL...  prints one "HREF<TAB>TEXT"
# line a link, in document order.  TEXT is read as urigrep.1 says of
# --json's "text": character references decoded (html.parser's
# convert_charrefs), markup, comments, scripts and styles left out, a
# <br>, <p>, <div>, <li>, <tr>, <td> or <th> read as a blank, blanks and
# U+00A0 collapsed to one space and none at either end, at most 256
# bytes cut at a character boundary; a link ends at </a> or the next <a>.
# HREF is the attribute's value, references decoded, blanks around it
# taken off (as the URL Standard does).  A link with an empty href (a
# reference to the document itself, which urigrep does not report) is
# left out.
import email
import re
import sys
from email import policy
from html.parser import HTMLParser

BLANK_TAGS = {'br', 'p', 'div', 'li', 'tr', 'td', 'th'}
TEXT_BYTES = 256


class Anchors(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.cur, self.skip = [], None, 0

    def close_link(self):
        if self.cur is None:
            return
        text = re.sub(r'[ \t\n\r\f\xa0]+', ' ', ''.join(self.cur[1]))
        text = text.strip(' ').encode()[:TEXT_BYTES]
        text = text.decode('utf-8', 'ignore').rstrip(' ')
        href = self.cur[0].strip(' \t\n\r\f')
        if href:
            self.links.append((href, text))
        self.cur = None

    def handle_starttag(self, tag, attrs):
        if tag in ('script', 'style'):
            self.skip += 1
        if tag == 'a':
            self.close_link()
            href = dict(attrs).get('href')
            if href is not None:
                self.cur = [href, []]
        elif self.cur is not None and tag in BLANK_TAGS:
            self.cur[1].append(' ')

    def handle_endtag(self, tag):
        if tag in ('script', 'style'):
            self.skip = max(0, self.skip - 1)
        if tag == 'a':
            self.close_link()
        elif self.cur is not None and tag in BLANK_TAGS:
            self.cur[1].append(' ')

    def handle_data(self, data):
        if self.cur is not None and not self.skip:
            self.cur[1].append(data)


def main():
    for name in sys.argv[1:]:
        with open(name, 'rb') as f:
            msg = email.message_from_binary_file(f, policy=policy.default)
        for part in msg.walk():
            if part.get_content_type() != 'text/html':
                continue
            p = Anchors()
            p.feed(part.get_content())
            p.close()
            p.close_link()
            for href, text in p.links:
                print(href + '\t' + text)


main()
