#!/usr/bin/env python3
# bench/gen-mbox.py MB OUT [html|maildir]: write an mbox of about MB MiB
# to OUT (or one HTML page, or a maildir OUT/cur) with the
# mix of a real mailbox (issue 10): long headers (Received chains, DKIM
# and ARC signatures), quoted-printable text, multipart/alternative with
# big table-laid HTML (QP or base64), base64 text parts, and base64
# attachments (images, PDFs, archives), about a third of the bytes base64.
# Deterministic: the same MB gives the same bytes.
import base64
import random
import sys

WORDS = ("the of and to in is that for it as was with be by on not he this "
         "are or his from at which but have an they you were her she there "
         "would their we him been has when who will more no if out so said "
         "what up its about into than them can only other new some could "
         "time these two may then do first any my now such like our over "
         "man me even most made after also did many before must through "
         "patch review release build kernel driver tracker thread list "
         "version bug fix merge commit branch upstream").split()


def words(r, n):
    return " ".join(r.choice(WORDS) for _ in range(n))


def para(r, n, link):
    out = []
    line = ""
    for w in words(r, n).split():
        if r.random() < 0.02:
            w = link(r)
        if len(line) + len(w) + 1 > 72:
            out.append(line)
            line = w
        else:
            line = (line + " " + w) if line else w
    out.append(line)
    return "\n".join(out)


def host(r):
    return "%s%d.%s" % (r.choice(("www", "lists", "git", "news", "mail")),
                        r.randrange(40),
                        r.choice(("example.org", "example.com",
                                  "example.net")))


def link(r):
    k = r.randrange(5)
    h = host(r)
    if k == 0:
        return "https://%s/%s/%d" % (h, r.choice(WORDS), r.randrange(10**6))
    if k == 1:
        return "<http://%s/archive/%d/msg%05d.html>" % (
            h, 2000 + r.randrange(25), r.randrange(10**5))
    if k == 2:
        return "(https://%s/wiki/Item_(%d))" % (h, r.randrange(999))
    if k == 3:
        return "mailto:user%d@%s" % (r.randrange(999), h)
    return "ftp://%s/pub/%s-%d.tar.gz" % (h, r.choice(WORDS),
                                          r.randrange(99))


def qp(text):
    out = []
    for line in text.split("\n"):
        enc = ""
        for ch in line.encode("utf-8"):
            c = chr(ch)
            if ch == 61 or ch >= 127:
                c = "=%02X" % ch
            if len(enc.split("\n")[-1]) + len(c) > 75:
                enc += "=\n"
            enc += c
        out.append(enc)
    return "\n".join(out)


def b64(data):
    return base64.encodebytes(data).decode("ascii")


def headers(r, i, extra):
    h = host(r)
    out = ["From list-bounces@%s  Mon May  6 10:%02d:%02d 2024" %
           (h, i % 60, (i * 7) % 60),
           "Return-Path: <list-bounces@%s>" % h,
           "Delivered-To: reader@example.net"]
    for k in range(r.randrange(3, 8)):
        out.append("Received: from mx%d.%s (mx%d.%s [192.0.2.%d])\n"
                   "\tby mail%d.example.net (Postfix) with ESMTPS id %X\n"
                   "\tfor <reader@example.net>; Mon, 6 May 2024 10:%02d:00 "
                   "+0000" % (k, h, k, h, r.randrange(255), k,
                              r.getrandbits(40), k))
    sig = base64.b64encode(r.randbytes(256)).decode("ascii")
    out.append("DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; "
               "d=%s; s=s1;\n\th=from:to:subject:date:message-id;\n"
               "\tbh=%s;\n\tb=%s" % (h, sig[:44],
                                     "\n\t ".join(sig[j:j + 70] for j in
                                                  range(0, len(sig), 70))))
    out.append("ARC-Seal: i=1; a=rsa-sha256; t=1714989600; cv=none; d=%s;\n"
               "\tb=%s" % (h, sig[::-1][:200]))
    out.append("From: Sender %d <sender%d@%s>" % (i, i, h))
    out.append("To: list@%s" % h)
    out.append("Subject: [list] %s" % words(r, 6))
    out.append("Date: Mon, 6 May 2024 10:%02d:00 +0000" % (i % 60))
    out.append("Message-ID: <%d.%d@%s>" % (i, r.getrandbits(32), h))
    out.append("List-Id: <list.%s>" % h)
    out.append("List-Archive: <https://%s/archive/>" % h)
    out.append("List-Unsubscribe: <mailto:leave@%s>, "
               "<https://%s/options/list>" % (h, h))
    out.append("MIME-Version: 1.0")
    out.extend(extra)
    return "\n".join(out) + "\n"


def html_doc(r, paras):
    style = ("font-family:Helvetica,Arial,sans-serif;font-size:14px;"
             "line-height:20px;color:#333333;padding:0 0 12px 0")
    out = ["<!DOCTYPE html><html><head><meta http-equiv=\"Content-Type\" "
           "content=\"text/html; charset=utf-8\"><style type=\"text/css\">"
           "body{margin:0;padding:0} td{border-collapse:collapse} "
           "a{color:#1a73e8;text-decoration:none}</style></head>",
           "<body style=\"margin:0;padding:0;background:#f4f4f4\">",
           "<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" "
           "cellspacing=\"0\" border=\"0\" style=\"background:#f4f4f4\">"]
    for p in paras:
        h = host(r)
        out.append("<tr><td class=\"content\" align=\"left\" valign=\"top\" "
                   "style=\"%s\">" % style)
        out.append(p.replace("&", "&amp;").replace("<", "&lt;")
                   .replace(">", "&gt;").replace("\n", " "))
        out.append(" <a href=\"https://click.%s/ls/click?upn=%s&amp;"
                   "id=%d\" target=\"_blank\" style=\"color:#1a73e8\">"
                   "read&nbsp;more&hellip;</a></td></tr>" %
                   (h, base64.urlsafe_b64encode(r.randbytes(60)).decode(),
                    r.randrange(10**6)))
    out.append("<tr><td><img src=\"https://pixel.%s/open/%d.gif\" width=\"1\""
               " height=\"1\" alt=\"\" style=\"display:block\"></td></tr>"
               % (host(r), r.randrange(10**6)))
    out.append("</table></body></html>")
    return "\n".join(out) + "\n"


def message(r, i):
    kind = r.random()
    if kind < 0.30:
        # discussion: plain text, quoted reply, QP or 8bit
        body = "\n\n".join(para(r, r.randrange(40, 120), link)
                           for _ in range(r.randrange(2, 6)))
        quote = "\n".join("> " + ln for ln in
                          para(r, r.randrange(60, 200), link).split("\n"))
        text = "Hello,\n\n%s\n\nOn Monday someone wrote:\n%s\n\n-- \n" \
               "caf\u00e9 list https://%s/\n" % (body, quote, host(r))
        if r.random() < 0.5:
            return headers(r, i, [
                "Content-Type: text/plain; charset=utf-8; format=flowed",
                "Content-Transfer-Encoding: quoted-printable"]) + "\n" + \
                qp(text) + "\n"
        return headers(r, i, ["Content-Type: text/plain; charset=utf-8",
                              "Content-Transfer-Encoding: 8bit"]) + "\n" + \
            text + "\n"
    b = "=_b%d_%d" % (i, r.randrange(10**6))
    paras = [para(r, r.randrange(30, 90), link)
             for _ in range(r.randrange(4, 20))]
    text = "\n\n".join(paras) + "\n"
    html = html_doc(r, paras)
    base64_html = kind < 0.45
    alt = ("--%s\nContent-Type: text/plain; charset=utf-8\n"
           "Content-Transfer-Encoding: %s\n\n%s\n" %
           (b, "base64" if base64_html else "quoted-printable",
            b64(text.encode()) if base64_html else qp(text)))
    alt += ("--%s\nContent-Type: text/html; charset=utf-8\n"
            "Content-Transfer-Encoding: %s\n\n%s\n--%s--\n" %
            (b, "base64" if base64_html else "quoted-printable",
             b64(html.encode()) if base64_html else qp(html), b))
    if kind < 0.80:
        return headers(r, i, [
            "Content-Type: multipart/alternative; boundary=\"%s\"" % b]) + \
            "\nThis is a multi-part message in MIME format.\n\n" + alt + "\n"
    # with attachments: the alternative inside multipart/mixed
    m = b + "-m"
    out = headers(r, i, [
        "Content-Type: multipart/mixed; boundary=\"%s\"" % m]) + "\n"
    out += "--%s\nContent-Type: multipart/alternative; boundary=\"%s\"\n\n" \
        % (m, b) + alt
    for _ in range(r.randrange(1, 3)):
        ctype, name = r.choice((("image/jpeg", "photo.jpg"),
                                ("image/png", "screenshot.png"),
                                ("application/pdf", "report.pdf"),
                                ("application/zip", "logs.zip")))
        size = int(r.expovariate(1 / 9000)) + 1000
        out += ("\n--%s\nContent-Type: %s; name=\"%s\"\nContent-Disposition:"
                " attachment; filename=\"%s\"\nContent-Transfer-Encoding: "
                "base64\n\n%s" % (m, ctype, name, name,
                                  b64(r.randbytes(size))))
    out += "--%s--\n\n" % m
    return out


def main():
    mb = int(sys.argv[1])
    r = random.Random(2045)
    want = mb * 1024 * 1024
    if len(sys.argv) > 3 and sys.argv[3] == "html":
        # one big HTML page made of the messages' HTML
        with open(sys.argv[2], "w") as f:
            done = 0
            while done < want:
                page = html_doc(r, [para(r, r.randrange(30, 90), link)
                                    for _ in range(r.randrange(4, 20))])
                f.write(page)
                done += len(page)
        return
    if len(sys.argv) > 3 and sys.argv[3] == "maildir":
        # a maildir of one file per message, without the "From " line
        import os
        os.makedirs(sys.argv[2] + "/cur", exist_ok=True)
        done = 0
        i = 0
        while done < want:
            msg = message(r, i).split("\n", 1)[1].encode("utf-8")
            with open("%s/cur/%d.%d:2,S" % (sys.argv[2], 1714989600 + i, i),
                      "wb") as f:
                f.write(msg)
            done += len(msg)
            i += 1
        return
    # up to 4000 distinct messages (about 60 MB), repeated to the size
    unit = [message(r, i).encode("utf-8") for i in range(4000)]
    with open(sys.argv[2], "wb") as f:
        done = 0
        i = 0
        while done < want:
            f.write(unit[i % len(unit)])
            done += len(unit[i % len(unit)])
            i += 1


main()
