# make send: the placeholder identity never leaves; the sink is known by
# its token, not by its address.
base_fixture "$tmp/s"
fx "$tmp/s" env GIT_CONFIG_GLOBAL=/dev/null "$S/tree.sh" >/dev/null
fx "$tmp/s" env GIT_CONFIG_GLOBAL=/dev/null "$S/export.sh" >/dev/null
stamp=$tmp/s/stamp
(PATCHES=$tmp/s/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
# A local server that is not the test sink: any that listens on a port
# here (the round trip's sink has its token; this one would have none).
send() { fx "$tmp/s" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT=9 "$@" timeout 60 "$S/send.sh" </dev/null; }
out=$(send GIT_CONFIG_GLOBAL=/dev/null)
rc=$?
[ "$rc" != 0 ] && grep -q 'placeholder.*set your identity (git config' <<<"$out" && grep -q 'make export and make test' <<<"$out"
result "15.5 the placeholder identity is never sent to a local server that is not the sink" $? "$out"
out=$(send SMTP_SINK_TOKEN=anything GIT_CONFIG_GLOBAL=/dev/null)
rc=$?
[ "$rc" != 0 ] && grep -q 'placeholder.*set your identity' <<<"$out"
result "15.5 a token alone does not make a server the sink" $? "$out"
# Read 40: an address without a name was called the placeholder's
# address; the way out named --global, where README names the clone's
# git config (or the global one) as git config reads it.
out=$(send GIT_CONFIG_GLOBAL=/dev/null SIGNOFF_EMAIL=jane@fixture-mail.dev)
rc=$?
[ "$rc" != 0 ] && grep -q 'the sender Placeholder Name <jane@fixture-mail.dev> has the placeholder.s name: set your identity (git config user.name and user.email,' <<<"$out"
result "new-user read 40: a sender with the placeholder's name is named as it is" $? "$out"
# Read 39: the way out of a sender at a reserved domain named that
# address again.
out=$(send SIGNOFF_EMAIL=me@example.com)
rc=$?
[ "$rc" != 0 ] && grep -q 'me@example.com is at a reserved domain.*set your identity' <<<"$out" && ! grep -q 'SIGNOFF_EMAIL=me@' <<<"$out"
result "new-user read 39: the way out of a reserved-domain sender does not give that address again" $? "$out"
# The advice works: export as the sender, test, and it would go.
fx "$tmp/s" "$S/export.sh" >/dev/null
(PATCHES=$tmp/s/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
out=$(fx "$tmp/s" env STAMP="$stamp" "$S/send.sh" </dev/null)
rc=$?
[ "$rc" = 0 ] && ! grep -q 'would be refused' <<<"$out" && grep -q 'To: Maint Ainer <maint@fixture-mail.dev>' <<<"$out" &&
	grep -q '^    From: Fixture <fixture@fixture-mail.dev>' <<<"$out"
result "15.5 exported as the sender, the dry run shows it would be sent" $? "$out"
# Read 40: b4 Cc's whom any trailer names: one at a reserved domain is
# named, and SEND=1 refused, the way out not make export alone.
base_fixture "$tmp/s40"
fx "$tmp/s40" "$S/tree.sh" >/dev/null
git -C "$tmp/s40/build/linux" checkout -q b4/sched
git -C "$tmp/s40/build/linux" commit -q --amend --trailer "Reviewed-by: Rev Iewer <rev@example.com>" --no-edit
git -C "$tmp/s40/build/linux" checkout -q series
# export_send D: in the fixture D, make export, make test's stamp, then
# the dry run ($dry) and SEND=1 ($real, its status $rc).
export_send() {
	fx "$1" "$S/export.sh" >/dev/null
	(PATCHES=$1/patches STAMP=$1/stamp "$S/stamp.sh" 2>/dev/null)
	dry=$(fx "$1" env STAMP="$1/stamp" "$S/send.sh" </dev/null)
	real=$(fx "$1" env STAMP="$1/stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT=9 timeout 60 "$S/send.sh" </dev/null)
	rc=$?
}
export_send "$tmp/s40"
grep -q '^warning: .*patches/sched/0003-.* has "Reviewed-by: Rev Iewer <rev@example.com>", an address that takes no mail, which would be Cc.d: mend that line where it is written: SEND=1 would be refused' <<<"$dry" &&
	[ "$rc" != 0 ] && grep -q '^error: .*rev@example.com.*mend that line' <<<"$real"
result "new-user read 40: a trailer at a reserved domain, which b4 would Cc, is named and not sent" $? "$dry // $real"
# Signed off by someone else: the sender's own Signed-off-by is missing.
# Read 36: the way given is make export with that identity, and it
# comes before a missing make test, which the export would make stale.
out=$(send SIGNOFF_NAME="Other Name" SIGNOFF_EMAIL=other@fixture-mail.dev STAMP="$tmp/none")
rc=$?
[ "$rc" != 0 ] && grep -q 'is not Other Name <other@fixture-mail.dev>: run make export SIGNOFF_NAME=Other\\ Name SIGNOFF_EMAIL=other@fixture-mail.dev and make test' <<<"$out"
result "15.5 a series without the sender's Signed-off-by is not sent; make export as the sender is the way" $? "$out"

# Issue 22.4: a commit in the tree that make export has not written:
# the dry run says so loudly, SEND=1 is refused (and would have sent
# patches/ without it).
t=$tmp/s/build/linux
git -C "$t" checkout -q b4/sched
echo 'int late;' >>"$t/kernel/sched/core.c" && git -C "$t" commit -q -am "sched: late"
out=$(fx "$tmp/s" env STAMP="$stamp" "$S/send.sh" </dev/null)
rc=$?
out2=$(send)
rc2=$?
git -C "$t" checkout -q b4/sched && git -C "$t" reset -q --hard HEAD~1 && git -C "$t" checkout -q series
[ "$rc" = 0 ] && grep -q '^warning: SEND=1 would be refused.*not in patches/: run make export' <<<"$out" &&
	[ "$rc2" != 0 ] && grep -q '^error: .*not in patches/: run make export' <<<"$out2"
result "22.4 make send refuses a tree with commits not yet exported" $? "$out $out2"

# Issue 22.5: make send STABLE=1 needs no 7.3 tree.
out=$(BUILD=$tmp/s/nobuild STABLE=1 "$S/send.sh" </dev/null 2>&1)
rc=$?
[ "$rc" = 0 ] && grep -q 'To stable@vger.kernel.org' <<<"$out" && ! grep -q 'make tree' <<<"$out"
result "22.5 make send STABLE=1 needs no 7.3 tree" $? "$out"
# ... and, sending to STABLE_CC alone, drops none of the people the
# backports' trailers name (the sender aside): one that stable.conf
# lacks (read 20: a trailer added on backport) is named, and SEND=1
# refused.
# edited_send PATCH SED: the STABLE=1 dry run ($dry) and SEND=1 ($real,
# its status $rc) with the backport PATCH edited by SED, then put back.
edited_send() {
	cp "$1" "$tmp/backport.orig"
	sed -i "$2" "$1"
	dry=$(BUILD=$tmp/s/nobuild STABLE=1 "$S/send.sh" </dev/null 2>&1)
	real=$(BUILD=$tmp/s/nobuild STABLE=1 SEND=1 SMTP_SERVER=127.0.0.1 "$S/send.sh" </dev/null 2>&1)
	rc=$?
	cp "$tmp/backport.orig" "$1"
}
# Read 21: an address inside a longer one of STABLE_CC, and stable@.
edited_send "$(ls "${S%/*}"/stable/*.patch)" \
	'0,/^Signed-off-by:/s//Reviewed-by: New Reviewer <new@reviewer-mail.dev>\nReported-by: Rob Wood <wood@redhat.com>\nCc: <stable@vger.kernel.org> # 6.12\n&/'
! grep -q 'STABLE_CC' <<<"$out" && grep -q "^warning: SEND=1 would be refused: the backports' trailers name New Reviewer <new@reviewer-mail.dev>, Rob Wood <wood@redhat.com>, whom STABLE_CC" <<<"$dry" &&
	[ "$rc" != 0 ] && grep -q 'whom STABLE_CC in stable.conf lacks' <<<"$real"
result "22.4 make send STABLE=1 mails every person the backports' trailers name, or names who STABLE_CC lacks" $? "$out // $dry // $real"
# Read 40: a hand-edited 6.18.y backport that git apply cannot read (a
# hunk cut short: no tree here applies it, checkpatch passes it) is
# named in the dry run, and not sent.
edited_send "$(ls "${S%/*}"/stable/6.18.y/*.patch)" '$d'
grep -q '^warning: git apply cannot read stable/6.18.y/0001-.*SEND=1 would be refused' <<<"$dry" &&
	[ "$rc" != 0 ] && grep -q '^error: git apply cannot read stable/6.18.y/0001-' <<<"$real"
result "new-user read 40: a backport that git apply cannot read is named, and not sent" $? "$dry // $real"
# Review of read 40: a trailer at a reserved domain with a comment after
# it, as stable's "# 6.1", is named too.
edited_send "$(ls "${S%/*}"/stable/*.patch)" '0,/^Signed-off-by:/s//Cc: <q@example.org> # 6.1\n&/'
grep -q '^warning: stable/0001-.* has "Cc: <q@example.org> # 6.1", an address that takes no mail' <<<"$dry" && [ "$rc" != 0 ]
result "review of read 40: a trailer at a reserved domain, a comment after it, is named" $? "$dry"
# Read 41: and with anything else after it, as a "(v1)".
edited_send "$(ls "${S%/*}"/stable/*.patch)" '0,/^Signed-off-by:/s//Reviewed-by: Foo <foo@example.com> (v1)\n&/'
grep -q '^warning: stable/0001-.* has "Reviewed-by: Foo <foo@example.com> (v1)", an address that takes no mail' <<<"$dry" && [ "$rc" != 0 ]
result "new-user read 41: a trailer at a reserved domain, a (v1) after it, is named" $? "$dry"
# Read 42: an address at a reserved domain in a cover letter's own Cc:
# (b4 mails it every mail of the posting) was mailed, unnamed.
d=$tmp/r42
base_fixture "$d"
fx "$d" "$S/tree.sh" >/dev/null
printf '%s\n' "Fixture series" "" "Fixture text." "" "To: Maint Ainer <maint@fixture-mail.dev>" \
	"Cc: list@lists.fixture-mail.dev" "Cc: Docs Writer <docs@example.com>" >"$d/cover"
git -C "$d/build/linux" checkout -q b4/sched && edit_cover "$d/build/linux" "$d/cover" && git -C "$d/build/linux" checkout -q series
export_send "$d"
grep -q '^warning: .*/patches/sched/0000-fixture-series.patch is addressed to "Docs Writer <docs@example.com>", which takes no mail' <<<"$dry" &&
	[ "$rc" != 0 ] && grep -q '^error: .*"Docs Writer <docs@example.com>", which takes no mail' <<<"$real"
result "new-user read 42: a cover letter's own Cc at a reserved domain is named, and not sent" $? "$dry // $real"

# Issue 22.4: a posting for which get_maintainer.pl names a list and no
# maintainer (LKML, for files nobody maintains) goes To that list.
LKML_ONLY=1 base_fixture "$tmp/l4"
fx "$tmp/l4" "$S/tree.sh" >/dev/null
out=$(fx "$tmp/l4" "$S/export.sh" && fx "$tmp/l4" "$S/send.sh" </dev/null)
rc=$?
[ "$rc" = 0 ] && [ "$(grep -c '^    To: linux-kernel@vger.kernel.org$' <<<"$out")" = 4 ] && ! grep -q '^    Cc: linux-kernel' <<<"$out"
result "22.4 a posting whose only recipient is LKML goes To LKML" $? "$out"

# Issue 22.4: the dry run lists whom b4 adds itself: the people a patch's
# trailers name (Cc:, Reported-by:), on that patch and the cover letter;
# recipients in the user's git config (sendemail.cc, b4.send-series-cc)
# are not added, nor its sendemail.from (read 10).
git -C "$t" checkout -q b4/sched
git -C "$t" commit -q --amend -m "sched: three" -m "Reported-by: Re Porter <rep@fixture-mail.dev>
Signed-off-by: Fixture <fixture@fixture-mail.dev>
Cc: Se Cond <sec@fixture-mail.dev> # v1.0+"
fx "$tmp/s" "$S/export.sh" >/dev/null
git config --global sendemail.cc boss@fixture-mail.dev
git config --global b4.send-series-cc boss@fixture-mail.dev
git config --global sendemail.from "Work Self <boss@fixture-mail.dev>" # read 10
out=$(fx "$tmp/s" env STAMP="$stamp" "$S/send.sh" </dev/null)
rc=$?
git config --global --unset sendemail.cc
git config --global --unset b4.send-series-cc
git config --global --unset sendemail.from
[ "$rc" = 0 ] && sed -n '/Subject: .*sched: three/,/Subject/p' <<<"$out" | grep -q '^    Cc: .*Re Porter <rep@fixture-mail.dev>.*Se Cond <sec@fixture-mail.dev>' &&
	sed -n '/Subject: .*0\/3/,/Subject/p' <<<"$out" | grep -q '^    Cc: .*Re Porter' &&
	! sed -n '/Subject: .*sched: one/,/Subject/p' <<<"$out" | grep -q 'Re Porter' &&
	! grep -q 'Cc: .*Fixture\|boss@' <<<"$out"
result "22.4 the dry run lists the Cc that b4 takes from the trailers, and none from git config" $? "$out"
# Read 9: make tree left out of the posting's recipients anyone whom a
# patch's trailers name, though the other patches went to them too.
base_fixture "$tmp/tn"
fx "$tmp/tn" "$S/tree.sh" >/dev/null
git -C "$tmp/tn/build/linux" checkout -q b4/sched
GIT_SEQUENCE_EDITOR="sed -i '2s/^pick/reword/'" GIT_EDITOR="sed -i '\$a Suggested-by: Maint Ainer <maint@fixture-mail.dev>'" \
	git -C "$tmp/tn/build/linux" rebase -q -i base >/dev/null 2>&1
fx "$tmp/tn" "$S/export.sh" >/dev/null && rm -rf "$tmp/tn/build" && fx "$tmp/tn" "$S/tree.sh" >/dev/null
out=$(fx "$tmp/tn" "$S/send.sh" </dev/null)
[ $? = 0 ] && grep -q '^Suggested-by: Maint' "$tmp"/tn/patches/sched/0001-* && [ "$(grep -c '^    To: Maint Ainer' <<<"$out")" = 4 ]
result "new-user read 9: make tree keeps a recipient of the whole posting whom one patch's trailers name" $? "$out"
# Read 10: ... and did not know a trailer with a comment for a trailer:
# stable@ went to every patch.
commit_on "$tmp/tn/build/linux" b4/sched s -s -m "sched: four" -m "Cc: stable@vger.kernel.org # v6.12+" &&
	git -C "$tmp/tn/build/linux" checkout -q series
fx "$tmp/tn" "$S/export.sh" >/dev/null && rm -rf "$tmp/tn/build" && fx "$tmp/tn" "$S/tree.sh" >/dev/null
out=$(fx "$tmp/tn" "$S/send.sh" </dev/null)
[ $? = 0 ] && sed -n '/Subject: .*sched: four/,/Subject/p' <<<"$out" | grep -q 'stable@vger' &&
	! sed -n '/Subject: .*sched: one/,/Subject/p' <<<"$out" | grep -q 'stable@vger'
result "new-user read 10: make tree knows a trailer with a comment for a trailer: stable@ is not Cc'd on every patch" $? "$out"

# Issue 22.2: SEND=1 is b4 send, through the SMTP server of the user's
# git config: the mails arrive, a thread a posting; b4 tags what it sent
# and makes the branch the next version, which make export then writes,
# and b4 prep --compare-to gives the range-diff. REFLECT=1 mails the
# sender alone and leaves the version be. No SMTP server: refused.
PY=/usr/bin/python3
start_sink() { # start_sink MBOX: tests/smtp_sink.py, its port in $port
	rm -f "$tmp/port"
	"$PY" "$TOP/tests/smtp_sink.py" "$1" "$tmp/port" 120 2>/dev/null &
	sink=$!
	for i in $(seq 100); do [ ! -s "$tmp/port" ] || break; sleep 0.1; done
	port=$(cat "$tmp/port")
}
export SMTP_SINK_TOKEN=sink-token-$$
(PATCHES=$tmp/s/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
out=$(fx "$tmp/s" env STAMP="$stamp" SEND=1 "$S/send.sh" </dev/null)
rc=$?
[ "$rc" != 0 ] && grep -q 'no SMTP server: set yours (git config --global sendemail.smtpServer' <<<"$out"
result "22.2 SEND=1 without an SMTP server is refused, with the git config to set" $? "$out"
start_sink "$tmp/reflect.mbox"
git config --global sendemail.smtpServer 127.0.0.1
git config --global sendemail.smtpServerPort "$port"
out=$(echo | fx "$tmp/s" env STAMP="$stamp" SEND=1 REFLECT=1 "$S/send.sh")
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
[ "$rc" = 0 ] && [ "$(grep -c '^X-Envelope-To: fixture@fixture-mail.dev$' "$tmp/reflect.mbox")" = 4 ] &&
	[ "$(grep -c '^X-Envelope-To' "$tmp/reflect.mbox")" = 4 ] && grep -q '^To: Maint Ainer' "$tmp/reflect.mbox" &&
	[ -z "$(git -C "$t" tag -l 'sent/*')" ]
result "22.2 REFLECT=1 mails the sender alone, the headers whole, and keeps the version" $? "$out$(grep '^X-Envelope-To' "$tmp/reflect.mbox")"
start_sink "$tmp/sent.mbox"
git config --global sendemail.smtpServerPort "$port"
out=$(echo | fx "$tmp/s" env STAMP="$stamp" SEND=1 "$S/send.sh")
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
cover_id=$(sed -n '/Subject: \[PATCH 0\/3\]/,/^$/s/^Message-I[dD]: //p' "$tmp/sent.mbox")
printf '%s\n' "Fixture series" "" "Fixture text." "" "Changes in v2:" "- the range-diff" >"$tmp/s/cover.v2"
[ "$rc" = 0 ] && grep -q 'run make export' <<<"$out" && [ "$(grep -c '^X-Envelope-To: .*maint@fixture-mail.dev' "$tmp/sent.mbox")" = 4 ] &&
	[ "$(grep -c "^In-Reply-To: $cover_id" "$tmp/sent.mbox")" = 3 ] && [ "$(git -C "$t" tag -l 'sent/*')" = sent/sched-v1 ] &&
	out=$(fx "$tmp/s" "$S/export.sh"; true) && grep -q 'prep --edit-cover' <<<"$out" &&
	git -C "$t" checkout -q b4/sched && edit_cover "$t" "$tmp/s/cover.v2" && git -C "$t" checkout -q series &&
	out=$(fx "$tmp/s" "$S/export.sh") && grep -q '^Subject: \[PATCH v2 0/3\] Fixture series$' "$tmp/s/patches/sched/0000-fixture-series.patch" &&
	(cd "$t" && git checkout -q b4/sched && b4 --offline-mode prep --compare-to v1 && git checkout -q series) >/dev/null 2>&1
result "22.2 SEND=1 is b4 send: each posting a thread, then v2, which make export writes, and a range-diff to v1" $? "$out$(grep '^Subject\|^X-Env' "$tmp/sent.mbox")"
# New-user read: a send that stops after some postings (no Enter, a
# Ctrl-C) names what went and the command for the rest, which sends the
# rest alone; a dirty tree is refused before any checkout, and the user
# is left on the branch they were on.
base_fixture "$tmp/p2"
t2=$tmp/p2/build/linux
fx "$tmp/p2" "$S/tree.sh" >/dev/null
b4t "$t2" prep -n irq -f base && echo 'int i2;' >>"$t2/kernel/irq/manage.c" &&
	git -C "$t2" commit -q -s -am "genirq: i2"
printf 'irq\n\nAlone.\n' >"$tmp/p2/cover.msg" && edit_cover "$t2" "$tmp/p2/cover.msg"
git -C "$t2" checkout -q series
fx "$tmp/p2" "$S/export.sh" >/dev/null
(PATCHES=$tmp/p2/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
git -C "$t2" checkout -q b4/sched && echo 'int dirty;' >>"$t2/kernel/sched/core.c"
out=$(fx "$tmp/p2" env STAMP="$stamp" "$S/send.sh" </dev/null)
rc=$?
git -C "$t2" checkout -q kernel/sched/core.c
[ "$rc" != 0 ] && grep -q 'uncommitted changes, and make send checks out each b4 branch' <<<"$out" &&
	out=$(fx "$tmp/p2" env STAMP="$stamp" "$S/send.sh" </dev/null) && [ "$(git -C "$t2" symbolic-ref --short HEAD)" = b4/sched ]
result "22.4 make send refuses a dirty tree before it checks anything out, and leaves the user on their branch" $? "$out"
# Fifth read: the command given for the rest keeps REFLECT=1 and the
# server given: a rehearsal's rest is not sent for real.
# Read 10: and the identity given.
out=$(echo | fx "$tmp/p2" env STAMP="$stamp" SEND=1 REFLECT=1 SMTP_SERVER=127.0.0.1 SMTP_PORT=9 "$S/send.sh")
grep -q 'the rest goes with: make send SEND=1 REFLECT=1 SMTP_SERVER=127.0.0.1 SMTP_PORT=9 POSTINGS=' <<<"$out" &&
	out=$(echo | fx "$tmp/p2" env STAMP="$stamp" SEND=1 REFLECT=1 SMTP_SERVER=127.0.0.1 SMTP_PORT=9 \
		SIGNOFF_NAME=Fixture SIGNOFF_EMAIL=fixture@fixture-mail.dev "$S/send.sh") ||
	grep -q 'the rest goes with: make send SEND=1 REFLECT=1 SMTP_SERVER=127.0.0.1 SMTP_PORT=9 SIGNOFF_NAME=Fixture SIGNOFF_EMAIL=fixture@fixture-mail.dev POSTINGS=' <<<"$out"
result "new-user read 5/10: the command for the rest of a send keeps REFLECT=1, the server and the identity" $? "$out"
start_sink "$tmp/part.mbox"
git config --global sendemail.smtpServerPort "$port"
out=$(echo | fx "$tmp/p2" env STAMP="$stamp" SEND=1 "$S/send.sh")
rc=$?
rest=$(sed -n 's/.*the rest goes with: make send SEND=1 \(POSTINGS="[^"]*"\).*/\1/p' <<<"$out")
out2=$(echo | eval fx "$tmp/p2" env STAMP="$stamp" SEND=1 "$rest" "$S/send.sh")
rc2=$?
kill "$sink"; wait "$sink" 2>/dev/null
[ "$rc" != 0 ] && grep -q 'sent already: irq' <<<"$out" && [ "$rest" = 'POSTINGS="sched"' ] && [ "$rc2" = 0 ] &&
	[ "$(grep -c '^Subject: \[PATCH\] genirq: i2' "$tmp/part.mbox")" = 1 ] && [ "$(grep -c '^Subject: \[PATCH 0/3\]' "$tmp/part.mbox")" = 1 ]
result "22.4 a send that stops names what went and sends the rest alone with POSTINGS=" $? "$out $out2 $(grep '^Subject' "$tmp/part.mbox")"
# Second read: after it, a plain SEND=1 does not send irq again as an
# unchanged v2, and the dry run leaves the sent postings out, saying so.
out=$(echo | fx "$tmp/p2" env STAMP="$stamp" SEND=1 "$S/send.sh")
rc=$?
out2=$(fx "$tmp/p2" env STAMP="$stamp" "$S/send.sh" </dev/null)
rc2=$?
[ "$rc" != 0 ] && grep -q '^error: irq sched went out already' <<<"$out" && [ "$rc2" = 0 ] &&
	grep -q '^warning: left out: irq sched went out' <<<"$out2" && ! grep -q CRITICAL <<<"$out2"
result "22.4 postings sent and rerolled unchanged are not sent again" $? "$out $out2"
# Fourth read: a posting named twice in POSTINGS goes once.
out=$(fx "$tmp/p2" env STAMP="$stamp" POSTINGS="sched sched" "$S/send.sh" </dev/null)
[ $? = 0 ] && grep -q 'left out: sched went out' <<<"$out"
result "new-user read 4: a posting named twice in POSTINGS goes once" $? "$out"
# Third read: a v2 whose patch only gained a tag is a change, and is
# sent; a mail far longer than its headers does not stop the dry run
# (its listing once quit reading early, and SIGPIPE failed make send).
printf 'irq\n\nAlone.\n\nChanges in v2:\n- a tag\n\n%s\n' \
	"$(git -C "$t2" log -1 --format=%B "$(TREE=$t2 cover_commit irq)" | grep -E '^(To|Cc): ')" >"$tmp/p2/cover.msg"
git -C "$t2" checkout -q b4/irq && git -C "$t2" commit -q --amend -m "genirq: i2" -m "Reviewed-by: Re Viewer <re@fixture-mail.dev>" -s &&
	edit_cover "$t2" "$tmp/p2/cover.msg" && git -C "$t2" checkout -q series
fx "$tmp/p2" "$S/export.sh" >/dev/null 2>&1
out=$(fx "$tmp/p2" env STAMP="$stamp" "$S/send.sh" </dev/null)
rc=$?
[ "$rc" = 0 ] && grep -q '^warning: left out: sched went out' <<<"$out" && grep -q 'b4/irq would go as' <<<"$out" &&
	grep -q 'Subject: \[PATCH v2\] genirq: i2' <<<"$out"
result "new-user read 3: a v2 that only gained a tag is sent, not left out as unchanged" $? "$out"
git -C "$t2" checkout -q b4/irq && seq 200000 >"$t2/kernel/irq/big.c" && git -C "$t2" add kernel/irq/big.c &&
	git -C "$t2" commit -q -s -m "genirq: big" && git -C "$t2" checkout -q series
fx "$tmp/p2" "$S/export.sh" >/dev/null 2>&1
ok=0
for i in 1 2 3; do fx "$tmp/p2" env STAMP="$stamp" "$S/send.sh" </dev/null >"$tmp/p2/out" 2>&1 || ok=1; done
[ "$ok" = 0 ] && grep -q 'Subject: \[PATCH v2 2/2\] genirq: big' "$tmp/p2/out"
result "new-user read 3: the dry run lists every mail, a long one too (no SIGPIPE)" $? "$(cat "$tmp/p2/out")"
# Fifth read: STABLE=1 adds no recipient of the user's git config
# (sendemail.toCmd), and POSTINGS=6.18.y sends that backport alone.
# Read 38: its dry run names the author (the mail's in-body From:).
printf '#!/bin/sh\necho extra-to@fixture-mail.dev\n' >"$tmp/tocmd" && chmod +x "$tmp/tocmd"
git config --global sendemail.toCmd "$tmp/tocmd"
out=$(fx "$tmp/s" env STABLE=1 "$S/send.sh" </dev/null)
rc=$?
out2=$(fx "$tmp/s" env STABLE=1 POSTINGS=6.18.y "$S/send.sh" </dev/null)
rc2=$?
git config --global --unset sendemail.toCmd
[ "$rc" = 0 ] && grep -q 'To: stable@vger.kernel.org' <<<"$out" && ! grep -q 'extra-to' <<<"$out" &&
	[ "$(grep -c 'author Lukas Wunner <lukas@wunner.de>$' <<<"$out")" = 2 ] &&
	[ "$rc2" = 0 ] && [ "$(grep -c '^Subject: ' <<<"$out2")" = 1 ] && grep -q '^Subject: \[PATCH 6.18.y\]' <<<"$out2"
result "new-user read 5: STABLE=1 mails no recipient of git config's toCmd; POSTINGS=6.18.y sends that one alone" $? "$out $out2"
# Read 11: a typo in POSTINGS= with STABLE=1 was passed over.
out=$(fx "$tmp/s" env STABLE=1 POSTINGS="6.12.y 6.18" "$S/send.sh" </dev/null)
[ $? != 0 ] && grep -q 'names 6.18, which is no backport' <<<"$out"
result "new-user read 11: make send STABLE=1 refuses a POSTINGS= name that is no backport" $? "$out"
# Fourth read: STABLE=1 REFLECT=1 mails the sender alone, not stable@
# and STABLE_CC.
(PATCHES=$tmp/s/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
start_sink "$tmp/stable.mbox"
out=$(fx "$tmp/s" env STAMP="$stamp" STABLE=1 SEND=1 REFLECT=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh" </dev/null)
rc=$?
# ... a comma in their name too (read 9: git send-email took "Doe" for an
# address).
out=$out$(fx "$tmp/s" env STAMP="$stamp" STABLE=1 SEND=1 REFLECT=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" \
	SIGNOFF_NAME="Doe, John" POSTINGS=6.18.y "$S/send.sh" </dev/null) || rc=1
kill "$sink"; wait "$sink" 2>/dev/null
[ "$rc" = 0 ] && [ "$(grep -c '^X-Envelope-To' "$tmp/stable.mbox")" = 3 ] &&
	[ "$(grep -c '^X-Envelope-To: fixture@fixture-mail.dev$' "$tmp/stable.mbox")" = 3 ] &&
	grep -q '^To: "Doe, John" <fixture@fixture-mail.dev>' "$tmp/stable.mbox"
result "new-user read 4/9: STABLE=1 REFLECT=1 mails the sender alone, a comma in their name too" $? "$out$(grep '^X-Envelope-To\|^To:' "$tmp/stable.mbox")"
# Read 36: a Ctrl-C in make send STABLE=1 SEND=1 said nothing.
SMTP_SINK_HOLD_AT=2 SMTP_SINK_HELD=$tmp/sti.held start_sink "$tmp/sti.mbox"
printf '#!/bin/bash\n%q/send.sh 2>%q </dev/null\n' "$S" "$tmp/sti.err" >"$tmp/sti" && chmod +x "$tmp/sti"
interrupt_at "$tmp/sti.held" BASE_CONF="$tmp/s/base.conf" BUILD="$tmp/sti.build" PATCHES="$tmp/s/patches" STAMP="$stamp" \
	STABLE=1 SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$tmp/sti"
kill "$sink"; wait "$sink" 2>/dev/null
out=$(cat "$tmp/sti.err")
grep -q "sent already: 6.12.y; the rest goes with: make send STABLE=1 SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT=$port POSTINGS=\"6.18.y\"" <<<"$out"
result "new-user read 36: a Ctrl-C in make send STABLE=1 names what went and the command for the rest" $? "$out"
# Read 37: a backport of two patches stopped after its first went: the
# command for the rest mailed that one to stable@ again.
f=$(ls "${S%/*}"/stable/0001-*.patch)
sed '0,/^Subject:/s/^Subject: .*/Subject: [PATCH 6.12.y] second/' "$f" >"${S%/*}/stable/0002-second.patch"
(PATCHES=$tmp/s/patches STAMP=$tmp/st2.stamp "$S/stamp.sh" 2>/dev/null)
SMTP_SINK_HOLD_AT=2 SMTP_SINK_HELD=$tmp/st2.held start_sink "$tmp/st2.mbox"
interrupt_at "$tmp/st2.held" BASE_CONF="$tmp/s/base.conf" BUILD="$tmp/st2.build" PATCHES="$tmp/s/patches" STAMP="$tmp/st2.stamp" \
	STABLE=1 SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$tmp/sti"
kill "$sink"; wait "$sink" 2>/dev/null
out=$(cat "$tmp/sti.err")
out2=$(BASE_CONF="$tmp/s/base.conf" BUILD="$tmp/st2.build" PATCHES="$tmp/s/patches" STABLE=1 "$S/send.sh" </dev/null 2>&1)
rm "${S%/*}/stable/0002-second.patch"
grep -q "stopped after 1 of its mails went; recorded in .* as sent: .*; the rest goes with: make send STABLE=1 SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT=$port POSTINGS=\"6.18.y\"" <<<"$out" &&
	grep -q 'left out: 6.12.y went out already' <<<"$out2"
result "new-user read 37: a backport stopped after its first mail went is recorded, and not sent again unasked" $? "$out // $out2"
# Sixth read: a second STABLE=1 SEND=1 mailed stable@ the same
# backports again. build/stable-sent records what went, and make clean
# keeps it.
start_sink "$tmp/stable2.mbox"
out=$(fx "$tmp/s" env STAMP="$stamp" STABLE=1 SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh" </dev/null)
rc=$?
out2=$(fx "$tmp/s" env STAMP="$stamp" STABLE=1 SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh" </dev/null)
rc2=$?
# ... but a copy to the sender alone goes (seventh read).
out3=$(fx "$tmp/s" env STAMP="$stamp" STABLE=1 SEND=1 REFLECT=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh" </dev/null)
rc3=$?
kill "$sink"; wait "$sink" 2>/dev/null
# make clean keeps the record, with the FORCE=1 that its other refusals
# offer too (seventh read).
mkdir -p "$tmp/sc/build" && cp "$tmp/s/build/stable-sent" "$tmp/sc/build/" 2>/dev/null
out3=$out3$(BUILD=$tmp/sc/build FORCE=1 "$S/clean.sh" 2>&1)
[ "$rc" = 0 ] && [ "$rc2" != 0 ] && grep -q '6.12.y 6.18.y went out already' <<<"$out2" && [ "$rc3" = 0 ] &&
	[ "$(grep -c '^X-Envelope-To: stable@vger.kernel.org' "$tmp/stable2.mbox")" = 2 ] &&
	[ "$(grep -c '^X-Envelope-To: fixture@fixture-mail.dev' "$tmp/stable2.mbox")" = 2 ] && [ -s "$tmp/sc/build/stable-sent" ]
result "new-user read 6: the backports that went out are not sent again but to the sender, and make clean keeps that record" $? "$out // $out2 // $out3"
# ... and an interrupted make clean's leftover too (read 8).
mkdir -p "$tmp/sc/build.trash-1" && echo "6.12.y x" >"$tmp/sc/build.trash-1/stable-sent"
out=$(BUILD=$tmp/sc/build "$S/clean.sh" 2>&1)
[ $? = 0 ] && [ ! -e "$tmp/sc/build.trash-1" ] && grep -qx "6.12.y x" "$tmp/sc/build/stable-sent"
result "new-user read 8: make clean keeps the record of the backports sent from an interrupted make clean's leftover" $? "$out"
# Fourth read: sent, then patches/ pulled back to what went (v1) and
# the tree made from it: v1 is not sent again.
base_fixture "$tmp/b"
fx "$tmp/b" "$S/tree.sh" >/dev/null && fx "$tmp/b" "$S/export.sh" >/dev/null && cp -r "$tmp/b/patches" "$tmp/b/v1"
(PATCHES=$tmp/b/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
start_sink "$tmp/b.mbox"
out=$(echo | fx "$tmp/b" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh")
rm -rf "$tmp/b/patches" && cp -r "$tmp/b/v1" "$tmp/b/patches"
out=$out$(fx "$tmp/b" env FORCE=1 "$S/tree.sh")
(PATCHES=$tmp/b/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
out2=$(echo | fx "$tmp/b" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh")
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
[ "$rc" != 0 ] && grep -q 'went out' <<<"$out2" && [ "$(grep -c '^Subject: \[PATCH 0/3\]' "$tmp/b.mbox")" = 1 ]
result "new-user read 4: a version that went out is not sent again after a pull takes the tree back to it" $? "$out $out2"
# Read 12: after a send, make clean refused b4's next version ("make
# export first"), whose export wants its changelog written; its FORCE=1
# dropped the tags sent/*, and the next SEND=1 mailed v1 again.
base_fixture "$tmp/r12c"
fx "$tmp/r12c" "$S/tree.sh" >/dev/null && fx "$tmp/r12c" "$S/export.sh" >/dev/null
(PATCHES=$tmp/r12c/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
start_sink "$tmp/c.mbox"
echo | fx "$tmp/r12c" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh" >/dev/null
out=$(fx "$tmp/r12c" "$S/clean.sh")
out2=$(fx "$tmp/r12c" env FORCE=1 "$S/clean.sh" && fx "$tmp/r12c" "$S/tree.sh")
out3=$(echo | fx "$tmp/r12c" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh")
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
grep -q 'tags of yours: sent/sched-v1 ' <<<"$out" && ! grep -q 'make export' <<<"$out" &&
	[ "$rc" != 0 ] && grep -q 'went out' <<<"$out3" && [ "$(grep -c '^Subject: \[PATCH 0/3\]' "$tmp/c.mbox")" = 1 ]
result "new-user read 12: a version sent is not sent again after make clean FORCE=1, which is refused over b4's tags alone" $? "$out // $out2 // $out3"
# Read 12: SMTP_SERVER=, a server of its own, got the login of the
# user's git config (smtpUser, smtpPass, smtpEncryption): here b4 and
# git send-email asked the server (the sink; for b4 unknown as such) for
# TLS.
cp "$GIT_CONFIG_GLOBAL" "$tmp/r12c/gitconfig"
for kv in smtpServer=smtp.fixture-mail.dev smtpServerPort=587 smtpEncryption=tls smtpUser=jane smtpPass=secret; do
	git config -f "$tmp/r12c/gitconfig" "sendemail.${kv%%=*}" "${kv#*=}"
done
start_sink "$tmp/r12c2.mbox"
out=$(echo | fx "$tmp/r12c" env -u SMTP_SINK_TOKEN GIT_CONFIG_GLOBAL="$tmp/r12c/gitconfig" STAMP="$stamp" SEND=1 REFLECT=1 \
	SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh") &&
	out=$out$(fx "$tmp/r12c" env GIT_CONFIG_GLOBAL="$tmp/r12c/gitconfig" STAMP="$stamp" SEND=1 REFLECT=1 STABLE=1 \
		POSTINGS=6.12.y SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh" </dev/null)
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
[ "$rc" = 0 ] && [ "$(grep -c '^X-Envelope-To: fixture@fixture-mail.dev' "$tmp/r12c2.mbox")" -ge 5 ]
result "new-user read 12: SMTP_SERVER= gets no login (smtpUser, smtpEncryption) of the user's git config" $? "$out"
git config --global --unset sendemail.smtpServer
git config --global --unset sendemail.smtpServerPort
unset SMTP_SINK_TOKEN
# ... and STABLE=1 SEND=1 with no SMTP server is refused (git send-email
# would try a sendmail, or localhost:25), the backports signed by the
# sender as make stable-export signs them.
cp -r "$tmp/top" "$tmp/top2"
sed -i 's/^Signed-off-by: \(Seed\|Placeholder\) .*/Signed-off-by: Fixture <fixture@fixture-mail.dev>/' \
	"$tmp"/top2/stable/*.patch "$tmp"/top2/stable/*/*.patch
(PATCHES=$tmp/s/patches STAMP=$stamp "$tmp/top2/stages/stamp.sh" 2>/dev/null)
out=$(fx "$tmp/s" env STAMP="$stamp" STABLE=1 SEND=1 "$tmp/top2/stages/send.sh" </dev/null)
rc=$?
[ "$rc" != 0 ] && grep -q 'no SMTP server: set yours' <<<"$out"
result "new-user read 4: STABLE=1 SEND=1 with no SMTP server is refused" $? "$out"

# Read 11: sendemail.from in build/linux's own git config became the
# sender, past the identity checks.
git -C "$tmp/s/build/linux" config sendemail.from "Work Self <boss@fixture-mail.dev>"
out=$(fx "$tmp/s" "$S/send.sh" </dev/null)
rc=$?
git -C "$tmp/s/build/linux" config --unset sendemail.from
[ "$rc" != 0 ] && grep -q "own git config sets sendemail.from" <<<"$out"
result "new-user read 11: make send refuses a sendemail.from in build/linux's own git config" $? "$out"

# Read 10: a deleted b4 branch: make send left its posting out, without
# a word.
base_fixture "$tmp/g10"
t=$tmp/g10/build/linux
fx "$tmp/g10" "$S/tree.sh" >/dev/null
b4t "$t" prep -n irq -f base && echo 'int irq2;' >>"$t/kernel/irq/manage.c" && git -C "$t" commit -q -s -am "genirq: two"
printf 'irq\n\nWhy irq goes alone.\n' >"$tmp/g10/cover.msg"
edit_cover "$t" "$tmp/g10/cover.msg"
fx "$tmp/g10" "$S/export.sh" >/dev/null && git -C "$t" checkout -q series && git -C "$t" branch -q -D b4/irq
out=$(fx "$tmp/g10" "$S/send.sh" </dev/null)
rc=$?
out2=$(fx "$tmp/g10" env SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT=9 timeout 60 "$S/send.sh" </dev/null)
rc2=$?
[ "$rc" = 0 ] && grep -q '^warning: SEND=1 would be refused.*no b4 branch for irq of patches/' <<<"$out" &&
	[ "$rc2" != 0 ] && grep -q '^error: .*no b4 branch for irq of patches/' <<<"$out2"
result "new-user read 10: make send warns of a posting whose b4 branch is gone, and SEND=1 refuses it" $? "$out // $out2"

# Read 13: a server that fails partway through a posting (a rate
# limit): the command given for the rest sent it whole again; after a
# real send, REFLECT=1 of b4's next version failed on its EDITME lines
# and gave itself as the command for the rest.
base_fixture "$tmp/r13"
t=$tmp/r13/build/linux
fx "$tmp/r13" "$S/tree.sh" >/dev/null && fx "$tmp/r13" "$S/export.sh" >/dev/null
(PATCHES=$tmp/r13/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
r13send() { echo | fx "$tmp/r13" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$@" "$S/send.sh"; }
SMTP_SINK_FAIL_AT=3 start_sink "$tmp/r13.mbox"
out=$(r13send)
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
[ "$rc" != 0 ] && grep -q 'stopped after it began to send: 2 of its mails went, the first' <<<"$out" &&
	! grep -q 'POSTINGS=' <<<"$out" && [ "$(grep -c '^From mboxrd' "$tmp/r13.mbox")" = 2 ]
result "new-user read 13: a send that fails partway says mails may have gone, and gives no command that sends them again" $? "$out"
start_sink "$tmp/r13b.mbox"
sed -i '/ partly$/d' "$tmp/r13/build/sent" && r13send >/dev/null
out=$(r13send REFLECT=1)
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
[ "$rc" != 0 ] && grep -q "EDITME lines.*prep --edit-cover" <<<"$out" && ! grep -q 'POSTINGS=' <<<"$out"
result "new-user read 13: REFLECT=1 of b4's next version, its changelog unwritten, names --edit-cover" $? "$out"

# Read 13: a Cc: in a patch's notes (under "---") is b4's for that
# patch alone; make tree made it the whole posting's.
base_fixture "$tmp/r13n"
t=$tmp/r13n/build/linux
fx "$tmp/r13n" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q b4/sched &&
	printf '%s\n---\nCc: Only Forthis <only@fixture-mail.dev>\n' "$(git -C "$t" log -1 --format=%B)" | git -C "$t" commit -q --amend -F - &&
	git -C "$t" checkout -q series && fx "$tmp/r13n" "$S/export.sh" >/dev/null && rm -rf "$tmp/r13n/build" &&
	fx "$tmp/r13n" "$S/tree.sh" >/dev/null
out=$(fx "$tmp/r13n" "$S/send.sh" </dev/null)
[ $? = 0 ] && sed -n '/Subject: .*sched: three/,/Subject/p' <<<"$out" | grep -q 'only@fixture-mail.dev' &&
	! sed -n '/Subject: .*sched: one/,/Subject/p' <<<"$out" | grep -q 'only@fixture-mail.dev'
result "new-user read 13: make tree keeps a Cc: of a patch's notes on that patch alone" $? "$out"

# Read 13: a .b4-config in build/linux (the kernel's .gitignore hides
# it) gave every posting its send-series-to.
printf '[b4]\n\tsend-series-to = Boss <boss@fixture-mail.dev>\n' >"$t/.b4-config" && echo '.*' >>"$t/.git/info/exclude"
out=$(fx "$tmp/r13n" "$S/send.sh" </dev/null)
rc=$?
out2=$(fx "$tmp/r13n" "$S/export.sh")
rc2=$?
rm "$t/.b4-config"
[ "$rc" != 0 ] && [ "$rc2" != 0 ] && grep -q 'has a .b4-config' <<<"$out$out2" && ! grep -q 'boss@' <<<"$out" &&
	! grep -rq boss@ "$tmp/r13n/patches"
result "new-user read 13: make send and make export refuse a .b4-config in build/linux" $? "$out // $out2"

# Read 13: a backport with a To: header of its own, which git
# send-email mails whatever it is told, REFLECT=1 too.
f=$(ls "${S%/*}"/stable/6.18.y/0001-*.patch)
cp "$f" "$tmp/r13.patch"
sed -i '0,/^Subject:/s/^Subject:/To: Boss <boss@fixture-mail.dev>\nSubject:/' "$f"
out=$(fx "$tmp/r13n" env STABLE=1 REFLECT=1 "$S/send.sh" </dev/null)
rc=$?
cp "$tmp/r13.patch" "$f"
[ "$rc" != 0 ] && grep -q 'has a To:, Cc: or Bcc: header' <<<"$out"
result "new-user read 13: make send STABLE=1 refuses a backport with a To: header of its own" $? "$out"

# Read 13: b4.sendemail-identity (git send-email's sendemail.identity)
# chose the server that b4 sends through; make send took the default.
cp "$GIT_CONFIG_GLOBAL" "$tmp/r13n/gitconfig"
start_sink "$tmp/r13i.mbox"
for kv in sendemail.smtpServer=127.0.0.1 sendemail.smtpServerPort=9 b4.sendemail-identity=home \
	sendemail.home.smtpServerPort="$port" sendemail.identity=home; do
	git config -f "$tmp/r13n/gitconfig" "${kv%%=*}" "${kv#*=}"
done
out=$(echo | fx "$tmp/r13n" env GIT_CONFIG_GLOBAL="$tmp/r13n/gitconfig" STAMP="$tmp/r13n/stamp" SEND=1 REFLECT=1 \
	sh -c 'PATCHES=$0/patches STAMP=$STAMP "$1/stamp.sh" && "$1/send.sh"' "$tmp/r13n" "$S")
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
[ "$rc" = 0 ] && [ "$(grep -c '^From mboxrd' "$tmp/r13i.mbox")" = 4 ]
result "new-user read 13: make send goes through the server of b4.sendemail-identity" $? "$out"

# Read 14: a Ctrl-C while b4 sends a posting: nothing was recorded, and
# the next SEND=1 sent it whole again. Read 39: its refusal did not say
# "in part".
base_fixture "$tmp/r14"
fx "$tmp/r14" "$S/tree.sh" >/dev/null && fx "$tmp/r14" "$S/export.sh" >/dev/null
(PATCHES=$tmp/r14/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
SMTP_SINK_HOLD_AT=2 SMTP_SINK_HELD=$tmp/r14/held start_sink "$tmp/r14.mbox"
printf '#!/bin/bash\necho | %q/send.sh 2>%q\n' "$S" "$tmp/r14.err" >"$tmp/r14/enter" && chmod +x "$tmp/r14/enter"
interrupt_at "$tmp/r14/held" BASE_CONF="$tmp/r14/base.conf" BUILD="$tmp/r14/build" PATCHES="$tmp/r14/patches" STAMP="$stamp" \
	SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$tmp/r14/enter"
out=$(cat "$tmp/r14.err" 2>/dev/null; cat "$tmp/r14/build/sent" 2>/dev/null)
out=$out$(echo | fx "$tmp/r14" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh")
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
[ "$rc" != 0 ] && grep -q 'went out already.*here: sched: build/sent:sched-v1 (in part)' <<<"$out" && grep -q '^sched 1 .* partly$' "$tmp/r14/build/sent" &&
	[ "$(grep -c '^From mboxrd' "$tmp/r14.mbox")" = 1 ]
result "new-user read 14: a posting that a Ctrl-C stopped while it went is recorded, and not sent again unasked" $? "$out"
# Read 34: a Ctrl-C while the first of two postings went named no
# command for the second.
base_fixture "$tmp/c2"
t=$tmp/c2/build/linux
fx "$tmp/c2" "$S/tree.sh" >/dev/null
b4t "$t" prep -n irq -f base && echo 'int i2;' >>"$t/kernel/irq/manage.c" && git -C "$t" commit -q -s -am "genirq: i2" &&
	edit_cover "$t" "$tmp/p2/cover.msg" && git -C "$t" checkout -q series && fx "$tmp/c2" "$S/export.sh" >/dev/null
(PATCHES=$tmp/c2/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
SMTP_SINK_HOLD_AT=2 SMTP_SINK_HELD=$tmp/c2/held start_sink "$tmp/c2.mbox"
printf '#!/bin/bash\necho | %q/send.sh 2>%q\n' "$S" "$tmp/c2.err" >"$tmp/c2/enter" && chmod +x "$tmp/c2/enter"
interrupt_at "$tmp/c2/held" BASE_CONF="$tmp/c2/base.conf" BUILD="$tmp/c2/build" PATCHES="$tmp/c2/patches" STAMP="$stamp" \
	SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" POSTINGS="sched irq" "$tmp/c2/enter"
kill "$sink"; wait "$sink" 2>/dev/null
out=$(cat "$tmp/c2.err")
grep -q "the rest goes with: make send SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT=$port POSTINGS=\"irq\"" <<<"$out" &&
	grep -q '^sched 1 .* partly$' "$tmp/c2/build/sent"
result "new-user read 34: a Ctrl-C in the first of two postings names the command for the second" $? "$out"

# Read 15: b4.* and sendemail.* of build/linux's own config that an
# include.path brings passed own_config; a posting whose first mail the
# server refused was recorded as sent in part.
base_fixture "$tmp/r15"
t=$tmp/r15/build/linux
fx "$tmp/r15" "$S/tree.sh" >/dev/null && fx "$tmp/r15" "$S/export.sh" >/dev/null
printf '[sendemail]\n\tfrom = Work Self <boss@fixture-mail.dev>\n' >"$tmp/r15/inc.cfg"
git -C "$t" config include.path "$tmp/r15/inc.cfg"
out=$(fx "$tmp/r15" "$S/send.sh" </dev/null)
rc=$?
git -C "$t" config --unset include.path
[ "$rc" != 0 ] && grep -q 'own git config sets sendemail.from' <<<"$out" && ! grep -q 'Work Self' <<<"$out"
result "new-user read 15: make send refuses a sendemail.from that an include.path of build/linux's config brings" $? "$out"
(PATCHES=$tmp/r15/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
SMTP_SINK_FAIL_AT=1 start_sink "$tmp/r15.mbox"
out=$(echo | fx "$tmp/r15" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh")
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
[ "$rc" != 0 ] && grep -q 'before a mail of it went.*POSTINGS="sched"' <<<"$out" && [ ! -s "$tmp/r15/build/sent" ]
result "new-user read 15: a posting whose first mail the server refused is not recorded as sent" $? "$out"
# Read 16: build/linux's own sendemail.smtpServer beat that of the
# user's b4.sendemail-identity (whose login then went to the wrong
# server); a diff.* of its config.worktree passed the check.
git -C "$t" config sendemail.smtpServer 127.0.0.1
out=$(fx "$tmp/r15" "$S/send.sh" </dev/null)
rc=$?
git -C "$t" config --unset sendemail.smtpServer
git -C "$t" config extensions.worktreeConfig true && git -C "$t" config --worktree diff.noprefix true
out2=$(fx "$tmp/r15" "$S/export.sh")
rc2=$?
git -C "$t" config --worktree --unset diff.noprefix
[ "$rc" != 0 ] && grep -q 'own git config sets sendemail.smtpserver' <<<"$out" &&
	[ "$rc2" != 0 ] && grep -q 'own git config sets diff.noprefix' <<<"$out2"
result "new-user read 16: build/linux's own sendemail.smtpServer, and a diff.* of its config.worktree, are refused" $? "$out // $out2"
# Read 27: after a send, a pull that changed patches/ (the version sent)
# and make tree took b4's next version back to the one sent, without
# its link to it; the dry run then called the posting sent. Read 28:
# so it did to every posting when one had changed since (and FORCE=1).
d=$tmp/r27
base_fixture "$d"
fx "$d" "$S/tree.sh" >/dev/null && b4t "$d/build/linux" prep -n irq -f base &&
	echo 'int i27;' >>"$d/build/linux/kernel/irq/manage.c" && git -C "$d/build/linux" commit -q -s -am "genirq: i27" &&
	printf 'genirq\n\nAlone.\n' >"$d/cover.msg" && edit_cover "$d/build/linux" "$d/cover.msg" && fx "$d" "$S/export.sh" >/dev/null
(PATCHES=$d/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
start_sink "$tmp/r27.mbox"
printf '\n\n' | fx "$d" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh" >/dev/null
kill "$sink"; wait "$sink" 2>/dev/null
sed -i 's/^Fixture text\.$/Fixture text, pulled./' "$d"/patches/sched/0000-*.patch
sed -i 's/^\(Subject: .*sched: one\)$/\1, pulled/' "$d"/patches/sched/0001-*.patch
printf 'genirq\n\nMine, unexported.\n' >"$d/cover.msg" && git -C "$d/build/linux" checkout -q b4/irq && edit_cover "$d/build/linux" "$d/cover.msg"
out=$(fx "$d" env FORCE=1 "$S/tree.sh")
msg=$(git -C "$d/build/linux" log -1 --format=%B "$(git -C "$d/build/linux" rev-list --reverse base..b4/sched | head -n 1)")
out2=$(fx "$d" env STAMP="$stamp" "$S/send.sh" </dev/null)
grep -q '"revision": 2' <<<"$msg" && grep -q '^- Link to v1: ' <<<"$msg" && grep -q 'Fixture text, pulled' <<<"$msg" &&
	grep -q '"v1"' <<<"$msg" && ! grep -q 'went out' <<<"$out2" && grep -q 'EDITME' <<<"$out2"
result "new-user read 27: make tree of a pulled patches/ keeps b4's next version of a posting sent" $? "$out // $msg // $out2"
# Read 29: a new base, whose make tree FORCE=1 failed (its fetch) after
# it removed the tree: the next make tree took every posting back to
# the version sent.
base_fixture "$tmp/r29" newbase
cp "$tmp/r29/base.conf" "$d/base.conf" && mv "$tmp/r29/base.tar.xz" "$tmp/r29/away"
out=$(fx "$d" env FORCE=1 "$S/tree.sh")
rc=$?
mv "$tmp/r29/away" "$tmp/r29/base.tar.xz"
out=$out$(fx "$d" "$S/tree.sh") && [ "$rc" != 0 ] &&
	git -C "$d/build/linux" log -1 --format=%B "$(git -C "$d/build/linux" rev-list --reverse base..b4/sched | head -n 1)" | grep -q '"revision": 2'
result "new-user read 29: b4's next version of a posting sent outlives a make tree of a new base that failed" $? "$out"
# Read 30: a posting renamed in patches/ (a pull) after it went out was
# mailed again, the same version: sent/ and build/sent knew it by name.
d=$tmp/r30
base_fixture "$d"
fx "$d" "$S/tree.sh" >/dev/null && fx "$d" "$S/export.sh" >/dev/null
(PATCHES=$d/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
start_sink "$tmp/r30.mbox"
printf '\n' | fx "$d" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh" >/dev/null
mv "$d/patches/sched" "$d/patches/sched-core"
out=$(fx "$d" "$S/tree.sh")
(PATCHES=$d/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
out=$out$(printf '\n' | fx "$d" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh")
rc=$?
kill "$sink"; wait "$sink" 2>/dev/null
# Read 31: the message named the tag and line of the posting's new name.
[ "$rc" != 0 ] && grep -q 'sched-core went out already.*here: sched-core: build/sent:sched-v1 tag:sent/sched-v1)' <<<"$out" && grep -q 'b4/sched is gone: .* has no posting sched now' <<<"$out" && [ "$(grep -c '^Subject: \[PATCH 0/3\]' "$tmp/r30.mbox")" = 1 ]
result "new-user read 30: a posting renamed after it went out is not mailed again" $? "$out"
# Read 31: renamed by a pull, then changed, a posting sent went out as
# the version sent again: make tree kept b4's next version by the
# posting's name, which the rename changed (b4's change-id stays).
printf '%s\n' "Fixture series" "" "Fixture text." "" "To: Maint Ainer <maint@fixture-mail.dev>" "Cc: list@lists.fixture-mail.dev" "" "---" \
	"Changes in v2:" "- r31" >"$d/cover.v2"
commit_on "$d/build/linux" b4/sched-core r31 -s -m "sched: r31" && edit_cover "$d/build/linux" "$d/cover.v2" && git -C "$d/build/linux" checkout -q series
out=$(fx "$d" "$S/export.sh")
(PATCHES=$d/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
out=$out$(fx "$d" env STAMP="$stamp" "$S/send.sh" </dev/null)
grep -q 'Subject: \[PATCH v2 0/4\]' <<<"$out" && ! grep -q 'went out already' <<<"$out"
result "new-user read 31: a posting sent, renamed by a pull and changed, goes as the next version" $? "$out"
# Read 32: a cover letter with a changelog, made again from patches/ (a
# clone, a pull), had its To:/Cc: after the changelog, where b4 mails
# them as text; a copy more each round.
cp -r "$d/patches" "$d/patches.v2"
out=$(fx "$d" env FORCE=1 "$S/clean.sh" && fx "$d" "$S/tree.sh" && fx "$d" "$S/export.sh") &&
	diff -r "$d/patches.v2" "$d/patches" >/dev/null && ! sed '1,/^$/d' "$d"/patches/sched-core/0000-*.patch | grep -q '^\(To\|Cc\): '
result "new-user read 32: a cover letter with a changelog comes back from patches/ as it was exported" $? "$out $(diff -r "$d/patches.v2" "$d/patches")"
# Read 32: a posting started as a copy of one sent (b4's change-id kept),
# pulled, became the sent one's next version, with its link.
e=$tmp/r32
base_fixture "$e" && base_fixture "$e/copy"
t=$e/copy/build/linux
fx "$e/copy" "$S/tree.sh" >/dev/null && git -C "$t" checkout -q -b b4/copy "$(git -C "$t" rev-list --reverse base..b4/sched | head -n 1)" &&
	commit_on "$t" b4/copy r32 -s -m "sched: r32" && printf 'Copy\n\nA copy.\n' >"$e/cover.msg" && edit_cover "$t" "$e/cover.msg" &&
	git -C "$t" checkout -q series && fx "$e/copy" "$S/export.sh" >/dev/null
fx "$e" "$S/tree.sh" >/dev/null && fx "$e" "$S/export.sh" >/dev/null
(PATCHES=$e/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
start_sink "$tmp/r32.mbox"
printf '\n' | fx "$e" env STAMP="$stamp" SEND=1 SMTP_SERVER=127.0.0.1 SMTP_PORT="$port" "$S/send.sh" >/dev/null
kill "$sink"; wait "$sink" 2>/dev/null
cp -r "$e/copy/patches/copy" "$e/patches/"
out=$(fx "$e" "$S/tree.sh")
cover() { git -C "$e/build/linux" log -1 --format=%B "$(git -C "$e/build/linux" rev-list --reverse "base..b4/$1" | head -n 1)"; }
cover sched | grep -q '"revision": 2' && cover copy | grep -q '"revision": 1' && ! cover copy | grep -q 'Link to v1'
result "new-user read 32: a posting that shares the change-id of one sent is not made its next version" $? "$out // $(cover copy)"
