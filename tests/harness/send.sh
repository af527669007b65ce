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
# The advice works: export as the sender, test, and it would go.
fx "$tmp/s" "$S/export.sh" >/dev/null
(PATCHES=$tmp/s/patches STAMP=$stamp "$S/stamp.sh" 2>/dev/null)
out=$(fx "$tmp/s" env STAMP="$stamp" "$S/send.sh" </dev/null)
rc=$?
[ "$rc" = 0 ] && ! grep -q 'would be refused' <<<"$out" && grep -q 'To: Maint Ainer <maint@fixture-mail.dev>' <<<"$out" &&
	grep -q '^From: Fixture <fixture@fixture-mail.dev>' <<<"$out"
result "15.5 exported as the sender, the dry run shows it would be sent" $? "$out"
# Signed off by someone else: the sender's own Signed-off-by is missing.
out=$(send SIGNOFF_NAME="Other Name" SIGNOFF_EMAIL=other@fixture-mail.dev)
rc=$?
[ "$rc" != 0 ] && grep -q 'has no Signed-off-by: Other Name <other@fixture-mail.dev>' <<<"$out"
result "15.5 a series without the sender's Signed-off-by is not sent" $? "$out"

# Issue 22.4: a commit in the tree that make export has not written:
# the dry run says so loudly, SEND=1 is refused (and would have sent
# patches/ without it).
t=$tmp/s/build/linux
echo 'int late;' >>"$t/kernel/sched/core.c" && git -C "$t" commit -q -am "sched: late"
out=$(fx "$tmp/s" env STAMP="$stamp" "$S/send.sh" </dev/null)
rc=$?
out2=$(send)
rc2=$?
git -C "$t" reset -q --hard HEAD~1
[ "$rc" = 0 ] && grep -q '^warning: SEND=1 would be refused.*not in patches/: run make export' <<<"$out" &&
	[ "$rc2" != 0 ] && grep -q '^error: .*not in patches/: run make export' <<<"$out2"
result "22.4 make send refuses a tree with commits not yet exported" $? "$out $out2"

# Issue 22.5: make send STABLE=1 needs no 7.3 tree.
out=$(BUILD=$tmp/s/nobuild STABLE=1 "$S/send.sh" </dev/null 2>&1)
rc=$?
[ "$rc" = 0 ] && grep -q 'To: stable@vger.kernel.org' <<<"$out" && ! grep -q 'make tree' <<<"$out"
result "22.5 make send STABLE=1 needs no 7.3 tree" $? "$out"

# Issue 22.4: a patch for which get_maintainer.pl names a list and no
# maintainer (LKML, for files nobody maintains) goes To that list.
printf '#!/bin/sh\ncase " $* " in *" --no-l "*) ;; *) echo "linux-kernel@vger.kernel.org" ;; esac\n' >"$t/scripts/get_maintainer.pl"
out=$(fx "$tmp/s" env STAMP="$stamp" "$S/send.sh" </dev/null)
rc=$?
git -C "$t" checkout -q scripts/get_maintainer.pl
[ "$rc" = 0 ] && [ "$(grep -c '^To: linux-kernel@vger.kernel.org' <<<"$out")" = 4 ]
result "22.4 a patch whose only recipient is LKML goes To LKML" $? "$out"

# Issue 22.4: the dry run's list of recipients has whom git send-email
# adds itself: the people the trailers name (Cc:, Reported-by:).
git -C "$t" commit -q --amend -m "sched: three" -m "Reported-by: Re Porter <rep@fixture-mail.dev>
Signed-off-by: Fixture <fixture@fixture-mail.dev>
Cc: Se Cond <sec@fixture-mail.dev> # v1.0+"
fx "$tmp/s" "$S/export.sh" >/dev/null
out=$(BASE_CONF=$tmp/s/base.conf BUILD=$tmp/s/build PATCHES=$tmp/s/patches STAMP=$stamp "$S/send.sh" </dev/null 2>&1 >/dev/null)
[ "$(sed -n '/0003-sched-three/,/^==>/p' <<<"$out" | grep -c 'Cc: \(Re Porter <rep\|Se Cond <sec\)@fixture-mail.dev>$')" = 2 ] &&
	! grep -q 'Cc: Fixture' <<<"$out"
result "22.4 the dry run lists the Cc that git send-email takes from the trailers" $? "$out"

# New-user read: recipients in the user's git config (sendemail.cc, bcc)
# are not added unlisted; a cover letter with its placeholders is warned
# of in the dry run, not first with SEND=1.
git config --global sendemail.cc boss@fixture-mail.dev
git config --global sendemail.bcc archive@fixture-mail.dev
c=$(ls "$tmp/s/patches/sched/0000-cover-letter.patch")
cp "$c" "$tmp/s/cover.keep" && sed -i "s/^Fixture text\.$/*** BLURB HERE ***/" "$c"
out=$(fx "$tmp/s" env STAMP="$stamp" "$S/send.sh" </dev/null)
rc=$?
git config --global --unset sendemail.cc
git config --global --unset sendemail.bcc
cp "$tmp/s/cover.keep" "$c"
[ "$rc" = 0 ] && ! grep -q 'boss@\|archive@' <<<"$out" && grep -q '^warning: SEND=1 would be refused: .*SUBJECT/BLURB HERE' <<<"$out"
result "22.4 git config's sendemail.cc/bcc add nobody; the dry run warns of an unwritten cover letter" $? "$out"
