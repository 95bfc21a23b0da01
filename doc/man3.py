#!/usr/bin/env python3
# man3.py: one man page a public function, made from the Doxygen comments
# of include/urigrep/*.h, so that "man urigrep_extractor_new" finds it.
# SPDX-License-Identifier: MIT
#
#   python3 doc/man3.py OUTDIR include/urigrep/*.h
#
# writes OUTDIR/urigrep_NAME.3 for every function the headers declare and
# OUTDIR/man3.am, the list automake installs (dist_man_MANS).  The pages
# are kept in the tree (doc/man3/, "make man3" writes them again);
# tests/man3.sh makes them anew and fails when they differ, so a page
# always says what its header says.  Each function's comment is the
# /** ... */ just above its prototype, and must say "Added in X.Y.Z" and,
# unless the function returns void, what it returns (@return); a header
# that breaks this is an error naming the header and the function.
# Python 3 of Debian's python3 package, its standard library only.
import os
import re
import sys

PROTO = re.compile(r'^(?!typedef\b|#|struct\b|enum\b[^(]*\{)'
                   r'[A-Za-z].*?\b(urigrep_[a-z0-9_]+)\s*\(')
ADDED = re.compile(r'Added in (\d+\.\d+\.\d+)')
CALL = re.compile(r'\b(urigrep_[a-z0-9_]+)\(\)')


class Error(Exception):
    pass


def roff(text):
    """TEXT escaped for roff: backslashes, a line's first '.' or "'", and
    a '-' that starts a word (an option, a minus sign) as a minus."""
    text = text.replace('\\', '\\e')
    text = re.sub(r'(?<![A-Za-z0-9_])-', r'\\-', text)
    return re.sub(r"(?m)^([.'])", r'\\&\1', text)


def comment_lines(raw):
    """The text lines of a /** ... */ comment, its markers taken off."""
    body = raw.strip()
    body = body[3:] if body.startswith('/**') else body
    body = body[:-2] if body.endswith('*/') else body
    out = []
    for line in body.split('\n'):
        line = line.strip()
        if line.startswith('*'):
            line = line[1:]
        out.append(line.strip())
    while out and not out[0]:
        out.pop(0)
    while out and not out[-1]:
        out.pop()
    return out


def declarations(path):
    """(name, comment lines, prototype lines) of each function in PATH."""
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    found = []
    last = None   # the doc comment that ended on the line before, if any
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith('/**') and not \
                line.lstrip().startswith('/**<'):
            start = i
            while '*/' not in lines[i]:
                i += 1
            last = (i, '\n'.join(lines[start:i + 1]))
            i += 1
            continue
        m = PROTO.match(line)
        if m and ';' not in line.split('(')[0]:
            start = i
            while ';' not in lines[i]:
                i += 1
            name = m.group(1)
            if last is None or last[0] != start - 1:
                raise Error('%s: %s has no /** */ comment just above it'
                            % (path, name))
            found.append((name, comment_lines(last[1]),
                          lines[start:i + 1]))
        if line.strip():
            last = last if last and last[0] == i else None
        i += 1
    return found


def params(proto):
    """The parameter names of the prototype PROTO (one string)."""
    inner = proto[proto.index('(') + 1:proto.rindex(')')]
    names = []
    for p in inner.split(','):
        m = re.search(r'([A-Za-z_][A-Za-z0-9_]*)\s*(\[\])?\s*$', p.strip())
        if m and p.strip() != 'void':
            names.append(m.group(1))
    return names


def split_return(text):
    """DESCRIPTION and RETURN VALUE of the comment TEXT (one string)."""
    if '@return' not in text:
        return text.strip(), None
    before, after = text.split('@return', 1)
    return before.strip(), after.strip()


def sentences(text, names):
    """TEXT as roff, the parameters' names (written NAME) in italics, the
    functions named (written name()) in bold."""
    text = roff(text)
    text = CALL.sub(r'\\fB\1\\fR()', text)
    for n in sorted(names, key=len, reverse=True):
        text = re.sub(r'(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])' % n.upper(),
                      r'\\fI%s\\fR' % n, text)
    return text


def paragraphs(lines):
    """LINES (a comment's) joined into paragraphs at its empty lines."""
    paras, cur = [], []
    for line in lines:
        if line:
            cur.append(line)
        elif cur:
            paras.append(' '.join(cur))
            cur = []
    if cur:
        paras.append(' '.join(cur))
    return paras


def summary_of(desc, names):
    """The NAME line's words: DESC's first sentence, without what it says
    in parentheses, its parameters in lower case, at most about 70
    bytes."""
    text = ' '.join(desc.split())
    for abbr in ('e.g.', 'i.e.'):
        text = text.replace(abbr, abbr.replace('.', '\0'))
    while True:
        shorter = re.sub(r'\s*\([^()]+\)', '', text)
        if shorter == text:
            break
        text = shorter
    first = re.split(r'(?<=[.;:])\s', text, 1)[0].rstrip('.;:')
    first = first.replace('\0', '.')
    for n in names:
        first = re.sub(r'(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])' % n.upper(),
                       n, first)
    if len(first) > 72:
        first = first[:first.rfind(' ', 0, 68)].rstrip(',;') + '...'
    word = first.split(' ', 1)[0]
    if not (len(word) > 1 and word.isupper()):
        first = first[0].lower() + first[1:]
    return first


def page(name, header, comment, proto, version, public):
    """The roff text of NAME's page."""
    one = ' '.join(' '.join(proto).split())
    rtype = one[:one.index(name)].strip()
    names = params(one)
    text = '\n\n'.join(paragraphs(comment))
    m = ADDED.search(text)
    if not m:
        raise Error('%s: the comment of %s does not say "Added in"'
                    % (header, name))
    added = m.group(1)
    # said once, under HISTORY
    text = re.sub(r'\s*Added in \d+\.\d+\.\d+\.', '', text)
    desc, ret = split_return(text)
    if ret is None and rtype != 'void':
        raise Error('%s: the comment of %s says no @return' % (header, name))
    if not desc:
        desc = 'Returns ' + ret
    summary = summary_of(desc, names)
    out = ['.\\" SPDX-License-Identifier: MIT',
           '.\\" Made by doc/man3.py from include/urigrep/%s: edit that.'
           % os.path.basename(header),
           '.TH %s 3 "" "urigrep %s" "Library Functions Manual"'
           % (name.upper(), version),
           # identifiers are neither hyphenated nor spread out
           '.nh', '.ad l',
           '.SH NAME',
           '%s \\- %s' % (name, roff(summary)),
           '.SH SYNOPSIS',
           '.nf',
           '.B #include <urigrep.h>',
           '.PP']
    for line in proto:
        line = roff(line)
        line = line.replace(name + '(', '\\fB%s\\fR(' % name, 1)
        out.append(line)
    out += ['.fi', '.PP',
            'Link with',
            '.BR "pkg\\-config \\-\\-libs liburigrep" ;',
            'the declaration is in',
            '.I \\%%<urigrep/%s>' % os.path.basename(header),
            '(which may be included alone).',
            '.SH DESCRIPTION']
    for i, para in enumerate(desc.split('\n\n')):
        if i:
            out.append('.PP')
        out.append(sentences(para, names))
    out.append('.SH RETURN VALUE')
    if ret is None:
        out.append('None.')
    else:
        out.append(sentences(ret[0].upper() + ret[1:], names))
    out += ['.SH HISTORY', 'Added in liburigrep %s.' % added,
            '.SH SEE ALSO']
    seen = []
    for called in CALL.findall(text):
        if called in public and called != name and called not in seen:
            seen.append(called)
    refs = ['.BR liburigrep (3)'] + ['.BR %s (3)' % s for s in seen]
    out.append(',\n'.join(refs))
    return '\n'.join(out) + '\n'


def version_of(headers):
    """URIGREP_VERSION of version.h among HEADERS."""
    for h in headers:
        if os.path.basename(h) == 'version.h':
            with open(h, encoding='utf-8') as f:
                m = re.search(r'#define URIGREP_VERSION "([^"]+)"', f.read())
            if m:
                return m.group(1)
    raise Error('no URIGREP_VERSION among the headers (version.h)')


def main(argv):
    if len(argv) < 3:
        sys.stderr.write('usage: man3.py OUTDIR HEADER...\n')
        return 2
    outdir, headers = argv[1], sorted(argv[2:])
    try:
        version = version_of(headers)
        decls = []
        for h in headers:
            decls += [(h,) + d for d in declarations(h)]
        public = {d[1] for d in decls}
        if not decls:
            raise Error('no function in the headers')
        pages = {}
        for header, name, comment, proto in decls:
            if name in pages:
                raise Error('%s: %s is declared twice' % (header, name))
            pages[name] = page(name, header, comment, proto, version, public)
    except (Error, OSError) as e:
        sys.stderr.write('man3.py: %s\n' % e)
        return 1
    os.makedirs(outdir, exist_ok=True)
    for name, text in pages.items():
        with open(os.path.join(outdir, name + '.3'), 'w',
                  encoding='utf-8') as f:
            f.write(text)
    with open(os.path.join(outdir, 'man3.am'), 'w', encoding='utf-8') as f:
        f.write('# Made by doc/man3.py (make man3): one page a public'
                ' function.\nMAN3_PAGES =')
        for name in sorted(pages):
            f.write(' \\\n\tdoc/man3/%s.3' % name)
        f.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
