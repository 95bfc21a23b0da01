# Mail folders (issue 21): an MH folder (nmh's mh-folders(5): messages
# are the files named by a positive integer, read in numeric order; a
# .mh_sequences says what it is, --type=mh forces it), a Maildir++
# (Courier's README.maildirquota: cur/ then new/ of the maildir, then its
# .Folder and .Folder.Sub maildirs; tmp/, the server's files and names
# that start with '.' are no messages), and .eml files: each message is
# read as mail whatever field it starts with, and its path says where it
# came from. A named folder is read without -r (its own messages). -j
# reads them as -j 1 does. Real messages from notmuch's test corpora
# (tests/fixtures/folders/SOURCES), and folders written by Python's
# mailbox module.
. "${srcdir:-.}/tests/init.sh"
JOBS_FEW=4
. "${srcdir:-.}/tests/jobs-same.sh"
cd "$fixtures" || exit 99
expect 0 mail-folders.out -r -n folders/Maildir folders/mh folders/eml

# MH: numeric order (10 after 2), ",3" and .mh_sequences not read, the
# subfolder only with -r; message 10 read as mail (quoted-printable
# decoded) although it starts with Thread-Topic, and named alone too
# (its header block holds a Message-ID); without one, text
expect_text 0 "folders/mh/1:http://vger.kernel.org/majordomo-info.html
folders/mh/2:http://vger.kernel.org/majordomo-info.html
folders/mh/10:http://mh-ten.example/a/very/long/path/that/the/mailer/wrapped/index.html
folders/mh/10:https://mh-ten.example/old?a=1&b=2" folders/mh
expect_text 0 "http://mh-ten.example/a/very/long/path/that/the/mailer/wrapped/index.html
https://mh-ten.example/old?a=1&b=2" folders/mh/10
grep -v '^Message-ID:' folders/mh/10 >"$tmp/no-id" || exit 99
expect_text 0 "http://mh-ten.example/a/very/long/path/that/the/mailer/wr=
https://mh-ten.example/old?a=3D1&b=3D2" "$tmp/no-id"
# without .mh_sequences: a plain directory (no -r: an error; -r: every
# file, in name order), unless --type=mh
mkdir "$tmp/plain" && cp folders/mh/1 folders/mh/2 folders/mh/10 \
    "folders/mh/,3" "$tmp/plain/" || exit 99
expect_text 2 "" "$tmp/plain"
grep -q "plain: Is a directory" "$tmp/err" || fail "no error: $(cat "$tmp/err")"
ug -r -h "$tmp/plain" >"$tmp/out" || fail "-r on a plain directory"
grep -q deleted.example "$tmp/out" || fail ",3 not read in a plain directory"
ug -h --type=mh "$tmp/plain" >"$tmp/out" || fail "--type=mh: $?"
[ "$(head -n 3 "$tmp/out" | tail -n 1)" = http://mh-ten.example/a/very/long/path/that/the/mailer/wrapped/index.html ] ||
    fail "--type=mh order: $(cat "$tmp/out")"
grep -q deleted.example "$tmp/out" && fail "--type=mh read ,3"

# Maildir++: what is no message is not read (a delivery in tmp/, the
# server's files, a name with a leading '.'); with a folder named alone,
# its own messages only
cp -R folders/Maildir "$tmp/md" || exit 99
printf 'From: x@example.org\n\nhttp://tmp.example/\n' >"$tmp/md/tmp/1.P1.host"
printf '3 V1 N4\nhttp://uidlist.example/\n' >"$tmp/md/dovecot-uidlist"
printf 'From: x@example.org\n\nhttp://dot.example/\n' >"$tmp/md/cur/.hidden"
ug -r -h "$tmp/md" >"$tmp/out" 2>"$tmp/err" || fail "-r on a Maildir++"
grep -q -e tmp.example -e uidlist.example -e dot.example "$tmp/out" &&
    fail "not a message, read: $(cat "$tmp/out")"
[ "$(wc -l <"$tmp/out")" = 7 ] || fail "Maildir++: $(cat "$tmp/out")"
[ -s "$tmp/err" ] && fail "Maildir++: $(cat "$tmp/err")"
expect_text 0 "folders/Maildir/.lkml/cur/1382298587.002878!2,S:http://patchwork.ozlabs.org/patch/53059/
folders/Maildir/.lkml/cur/1382298587.002878!2,S:http://patchwork.ozlabs.org/patch/53674/" folders/Maildir/.lkml
expect_text 0 "folders/Maildir/cur/1354585346.000541!2,S:http://notmuchmail.org/pipermail/notmuch/2009/000370.html
folders/Maildir/cur/1354585346.000541!2,S:http://www.in-ulm.de/~mascheck/various/echo+printf/
folders/Maildir/new/1382298587.002228:http://patchwork.ozlabs.org/patch/53059/
folders/Maildir/new/1382298587.002228:http://patchwork.ozlabs.org/patch/53674/" folders/Maildir
# --exclude-dir and --include still choose
expect_text 0 "folders/Maildir/new/1382298587.002228:http://patchwork.ozlabs.org/patch/53059/
folders/Maildir/new/1382298587.002228:http://patchwork.ozlabs.org/patch/53674/" --exclude-dir=cur --exclude-dir='.lkml*' -r folders/Maildir
expect_text 0 "folders/mh/2:http://vger.kernel.org/majordomo-info.html" --include=2 -r folders/mh

# .eml: one message each, even one that starts with an mbox "From " line
# and holds an unquoted mbox as a part (notmuch's mbox-attachment.eml)
command -v jq >/dev/null 2>&1 || { echo "no jq: the rest skipped"; exit 0; }
ug -r --json folders/eml | jq -r '"\(.message) \(.message_id)"' | sort -u \
    >"$tmp/out"
printf '%s\n' "1 <87k0e9o0pu.fsf@tethera.net>" \
    "1 <YT3PR01MB10572EFC9F7C81F9446214768CEF72@YT3PR01MB10572.CANPRD01.PROD.OUTLOOK.COM>" \
    >"$tmp/want"
diff "$tmp/want" "$tmp/out" || fail ".eml files are not one message each"

# -j: the same as -j 1, folders among other files
for opts in "-r -n" "-r --json" "-r -c" "-r -u --headers"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial $opts folders maildir archive.mbox
done

# folders written by another program: Python's mailbox module (MH with
# .mh_sequences; Maildir with Maildir++ folders); what each message
# holds is known from the order Python wrote them in
command -v python3 >/dev/null 2>&1 || { echo "no python3: skipped"; exit 0; }
python3 - "$tmp" <<'PY' >"$tmp/want" || fail "python3 mailbox failed"
import email.message, mailbox, sys
top = sys.argv[1]
def msg(i):
    m = email.message.EmailMessage()
    m["Thread-Topic"] = "message %d" % i   # a first field auto takes for text
    m["From"] = "a@example.org"
    m["Message-ID"] = "<py%d@example.org>" % i
    m.set_content("see http://m%d.example/%s\n" % (i, "x" * 80))
    return m
mh = mailbox.MH(top + "/pymh", create=True)
keys = [mh.add(msg(i)) for i in range(1, 13)]
mh.set_sequences({"unseen": keys[:2]})
sub = mh.add_folder("sub")
subkeys = [sub.add(msg(i)) for i in (100, 101)]
md = mailbox.Maildir(top + "/pymd", create=True)
mdkeys = [(md, "", md.add(msg(200)))]
for name, i in (("Folder", 201), ("Folder.Sub", 202)):
    f = md.add_folder(name)
    mdkeys.append((f, "." + name + "/", f.add(msg(i))))
for k in sorted(keys):           # MH keys are numbers: numeric order
    print("%s/pymh/%d:http://m%d.example/%s" % (top, k, keys.index(k) + 1, "x" * 80))
for k in sorted(subkeys):
    print("%s/pymh/sub/%d:http://m%d.example/%s" % (top, k, 100 + subkeys.index(k), "x" * 80))
for i, (f, pre, k) in enumerate(mdkeys):
    print("%s/pymd/%snew/%s:http://m%d.example/%s" % (top, pre, k, 200 + i, "x" * 80))
PY
ug -r "$tmp/pymh" "$tmp/pymd" >"$tmp/out" || fail "python folders: $?"
diff "$tmp/want" "$tmp/out" || fail "python's folders read otherwise"
same_as_serial -r -n "$tmp/pymh" "$tmp/pymd"
