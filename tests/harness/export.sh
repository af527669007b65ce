# make export: patches/ from the tree, the cover letter from its commit.

# Issue 15.10: no tree is named, with the command to make one.
out=$(BUILD=$tmp/none "$S/export.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'run make tree first' <<<"$out" && ! grep -q '^fatal' <<<"$out"
result "15.10 make export with no tree says to run make tree" $? "$out"
out=$(BUILD=$tmp/none "$S/flake.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'run make tree first' <<<"$out" && ! grep -q '^fatal' <<<"$out"
result "15.10 make flake with no tree says to run make tree" $? "$out"

base_fixture "$tmp/e"
t=$tmp/e/build/linux
fx "$tmp/e" "$S/tree.sh" >/dev/null
# reword_cover FILE: the cover letter's commit gets FILE as its message,
# the way the README says (git 2.39 cannot "reword" an empty commit).
reword_cover() {
	GIT_SEQUENCE_EDITOR="sed -i '1s/^pick/edit/'" git -C "$t" rebase -q -i base >/dev/null 2>&1 &&
		git -C "$t" commit -q --amend --allow-empty -F "$1" && git -C "$t" rebase --continue >/dev/null 2>&1
}

# Issue 15.5: the sender's identity (git config here) becomes the patches'
# From: and Signed-off-by:, and the cover's shortlog; an upstream author
# of a backport stays the author, with the sender's Signed-off-by added.
echo 'int up;' >"$t/kernel/sched/up.c"
git -C "$t" add kernel/sched/up.c
git -C "$t" -c user.name="Up Stream" -c user.email=up@fixture-mail.dev commit -q -s -m "sched: up"
out=$(fx "$tmp/e" "$S/export.sh")
rc=$?
p=$tmp/e/patches/sched
[ "$rc" = 0 ] && ! grep -l placeholder "$p"/*.patch && grep -q '^From: Fixture <fixture@fixture-mail.dev>$' "$p/0001-sched-one.patch" &&
	[ "$(grep -c '^Signed-off-by: Fixture <fixture@fixture-mail.dev>$' "$p/0002-sched-two.patch")" = 1 ] &&
	grep -q '^From: Up Stream <up@fixture-mail.dev>$' "$p/0004-sched-up.patch" &&
	[ "$(grep '^Signed-off-by:' "$p/0004-sched-up.patch" | paste -sd'|')" = 'Signed-off-by: Up Stream <up@fixture-mail.dev>|Signed-off-by: Fixture <fixture@fixture-mail.dev>' ] &&
	grep -q '^Fixture (3):$' "$p/0000-cover-letter.patch" && grep -q '^Up Stream (1):$' "$p/0000-cover-letter.patch" &&
	grep -q '^Subject: \[PATCH 0/4\] Fixture series$' "$p/0000-cover-letter.patch"
result "15.5 make export signs every patch as the sender; an upstream author stays" $? "$out$(grep -h '^From:\|Signed-off' "$p"/*.patch)"
out=$(fx "$tmp/e" env SIGNOFF_NAME="Other Name" SIGNOFF_EMAIL=other@fixture-mail.dev "$S/export.sh")
grep -q '^From: Other Name <other@fixture-mail.dev>$' "$p/0000-cover-letter.patch" &&
	grep -q '^Signed-off-by: Other Name <other@fixture-mail.dev>$' "$p/0001-sched-one.patch"
result "15.5 SIGNOFF_NAME and SIGNOFF_EMAIL sign the patches too" $? "$out"
# Patches exported under a stand-in (an address that takes no mail)
# become the real sender's, with only the sender's Signed-off-by.
base_fixture "$tmp/r"
fx "$tmp/r" "$S/tree.sh" >/dev/null
fx "$tmp/r" env SIGNOFF_NAME="A Team" SIGNOFF_EMAIL=team@seed.example "$S/export.sh" >/dev/null
out=$(fx "$tmp/r" "$S/export.sh")
rc=$?
[ "$rc" = 0 ] && ! grep -l 'seed\.example' "$tmp/r/patches/sched"/*.patch &&
	[ "$(grep -h '^From:\|^Signed-off-by:' "$tmp/r/patches/sched"/000[1-3]*.patch | sort -u)" = "From: Fixture <fixture@fixture-mail.dev>
Signed-off-by: Fixture <fixture@fixture-mail.dev>" ]
result "15.5 a stand-in's patches become the sender's on export" $? "$out$(grep -h '^From:\|Signed-off' "$tmp/r/patches/sched"/*.patch)"

# Issue 15.7: the cover letter is edited in the tree; export keeps every
# line of it (a "Name (N):" line too), and regenerates shortlog and diffstat.
printf '%s\n' "posting: sched" "" "Edited series" "" "Text." "" "Changes since the RFC (2):" "  - one" "  - two" "" \
	"Testing:" "  - all of it" >"$tmp/e/cover.msg"
reword_cover "$tmp/e/cover.msg"
out=$(fx "$tmp/e" "$S/export.sh")
rc=$?
c=$p/0000-cover-letter.patch
[ "$rc" = 0 ] && grep -q '^Subject: \[PATCH 0/4\] Edited series$' "$c" && grep -q '^Changes since the RFC (2):$' "$c" &&
	grep -q '^  - all of it$' "$c" && grep -q '^Fixture (3):$' "$c" && grep -q ' 3 files changed' "$c"
result "15.7 the cover letter edited in the tree is exported whole" $? "$out$(cat "$c")"
# ... and make tree makes the same cover commit from it again.
msg1=$(git -C "$t" log -1 --format=%B "$(TREE=$t markers | sed -n "1s/ .*//p")")
cp "$c" "$tmp/e/cover.1"
out=$(fx "$tmp/e" env FORCE=1 "$S/tree.sh") &&
	out=$(fx "$tmp/e" "$S/export.sh") &&
	[ "$(git -C "$t" log -1 --format=%B "$(TREE=$t markers | sed -n "1s/ .*//p")")" = "$msg1" ] && cmp -s "$c" "$tmp/e/cover.1"
result "15.7 make tree reads the cover letter back as it was written" $? "$out"
# A cover letter with no shortlog (edited by hand) is refused with a reason.
sed -i '/^Fixture (3):$/,$d' "$c"
out=$(fx "$tmp/e" env FORCE=1 "$S/tree.sh")
rc=$?
[ "$rc" != 0 ] && grep -q 'no shortlog' <<<"$out" && ! grep -q Traceback <<<"$out"
result "15.7 a cover letter without its shortlog is refused, without a traceback" $? "$out"

# Issue 15.10: work on another branch is not left out silently.
base_fixture "$tmp/o"
t=$tmp/o/build/linux
fx "$tmp/o" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q -b mine && echo 'int x;' >"$t/kernel/sched/x.c" && git -C "$t" add kernel/sched/x.c &&
	git -C "$t" commit -q -m x
out=$(fx "$tmp/o" "$S/export.sh")
rc=$?
[ "$rc" != 0 ] && grep -q 'not on branch series' <<<"$out" && [ "$(ls "$tmp/o/patches/sched" | wc -l)" = 4 ]
git -C "$t" checkout -q series
out2=$(fx "$tmp/o" "$S/export.sh")
rc2=$?
[ "$rc" != 0 ] && [ "$rc2" != 0 ] && grep -q 'branches with commits that are not on series: mine' <<<"$out2"
result "15.10 commits on another branch of the tree are not left out silently" $? "$out $out2"

# Issue 22.4: the user's git configuration changes no patch written:
# format.cc would mail someone on every patch, diff.noprefix would write
# patches that do not apply.
git config --global format.cc someone@fixture-mail.dev
git config --global diff.noprefix true
out=$(fx "$tmp/e" env FORCE=1 "$S/export.sh")
rc=$?
git config --global --unset format.cc
git config --global --unset diff.noprefix
[ "$rc" = 0 ] && ! grep -q '^Cc: someone' "$p"/*.patch && grep -q '^diff --git a/' "$p/0001-sched-one.patch"
result "22.4 format.cc and diff.noprefix in the user's git config change no patch" $? "$out$(grep -h '^Cc:\|^diff --git' "$p"/*.patch)"

# Issue 20: one folder a posting. A posting of one patch (its marker with
# no cover letter) is written without one, and make tree makes the same
# series from the two folders again; a cover letter on a posting of one
# patch is refused, not dropped.
base_fixture "$tmp/m"
t=$tmp/m/build/linux
fx "$tmp/m" "$S/tree.sh" >/dev/null
git -C "$t" commit -q --allow-empty -m "posting: irq" &&
	echo 'int irq2;' >>"$t/kernel/irq/manage.c" && git -C "$t" commit -q -s -am "genirq: two"
out=$(fx "$tmp/m" "$S/export.sh")
rc=$?
q=$tmp/m/patches
[ "$rc" = 0 ] && [ "$(ls "$q/irq")" = 0001-genirq-two.patch ] && grep -q '^Subject: \[PATCH\] genirq: two$' "$q/irq/0001-genirq-two.patch" &&
	[ "$(ls "$q/sched" | wc -l)" = 4 ] && grep -q '^Subject: \[PATCH 0/3\] Fixture series$' "$q/sched/0000-cover-letter.patch" &&
	tree1=$(git -C "$t" rev-parse 'series^{tree}') && out=$(fx "$tmp/m" env FORCE=1 "$S/tree.sh") &&
	[ "$(git -C "$t" rev-parse 'series^{tree}')" = "$tree1" ] && [ "$(TREE=$t markers | cut -d' ' -f2 | sort | paste -sd' ')" = "irq sched" ]
result "20 make export writes a folder a posting, a single patch without a cover letter; make tree reads them back" $? "$out$(ls -R "$q")"
GIT_SEQUENCE_EDITOR="sed -i '/posting: irq/s/^pick/edit/'" git -C "$t" rebase -q -i base >/dev/null 2>&1 &&
	git -C "$t" commit -q --amend --allow-empty -m "posting: irq" -m "A cover letter" && git -C "$t" rebase --continue >/dev/null 2>&1
out=$(fx "$tmp/m" "$S/export.sh")
rc=$?
[ "$rc" != 0 ] && grep -q 'posting irq has one patch and a cover letter' <<<"$out" && [ "$(ls "$q/irq")" = 0001-genirq-two.patch ]
result "20 a cover letter on a posting of one patch is refused, not dropped" $? "$out"

# Issue 20, a new user's read: a marker that is not one loses or merges a
# posting, so it is refused: one that changes files, a second of the same
# name, a near miss; patches/ stays as it was.
base_fixture "$tmp/k"
t=$tmp/k/build/linux
fx "$tmp/k" "$S/tree.sh" >/dev/null
cp -r "$tmp/k/patches" "$tmp/k/patches.before"
bad_marker() { # bad_marker MSG [FILE]: a marker-like commit on series, export refused, undone
	local out rc
	if [ -n "${2:-}" ]; then echo x >>"$t/$2"; git -C "$t" commit -q -am "$1"; else git -C "$t" commit -q --allow-empty -m "$1"; fi
	echo 'int k;' >>"$t/kernel/irq/manage.c" && git -C "$t" commit -q -am "genirq: k"
	out=$(fx "$tmp/k" "$S/export.sh")
	rc=$?
	git -C "$t" reset -q --hard HEAD~2
	printf '%s\n' "$out"
	[ "$rc" != 0 ] && diff -r "$tmp/k/patches" "$tmp/k/patches.before" >/dev/null
}
out=$(bad_marker "posting: irq" kernel/irq/manage.c)
result "20 a marker that changes files is refused, not dropped with its posting" $? "$out"
out=$(bad_marker "posting: sched")
grep -q 'two markers "posting: sched"' <<<"$out"
result "20 a second marker of the same name is refused, not merged" $? "$out"
out=$(bad_marker "posting:irq")
grep -q 'is no posting.s marker' <<<"$out"
result "20 a marker's near miss is refused, not taken as a patch" $? "$out"

# Notes under --- keep the sender's Signed-off-by above them.
git -C "$t" commit -q --amend -m "sched: three" -m "Signed-off-by: Placeholder Name <placeholder@example.org>" -m "---" -m "v2: notes"
out=$(fx "$tmp/k" env FORCE=1 "$S/export.sh")
f=$(ls "$tmp/k/patches/sched"/0003-*.patch)
[ "$(sed -n '/^---$/q;/^Signed-off-by: Fixture <fixture@fixture-mail.dev>$/p' "$f")" = "Signed-off-by: Fixture <fixture@fixture-mail.dev>" ]
result "20 notes under --- keep the sender's Signed-off-by above them" $? "$out$(cat "$f")"

# Issue 22.5: an empty commit that is no marker is refused at export (git
# format-patch would write a patch that git am cannot apply); a sender at
# a reserved domain is told at export, not first at make send.
rm -rf "$tmp/k/patches.before" && cp -r "$tmp/k/patches" "$tmp/k/patches.before"
git -C "$t" commit -q --allow-empty -m "sched: nothing"
out=$(fx "$tmp/k" env FORCE=1 "$S/export.sh")
rc=$?
git -C "$t" reset -q --hard HEAD~1
[ "$rc" != 0 ] && grep -q '"sched: nothing" changes no file' <<<"$out" && diff -r "$tmp/k/patches" "$tmp/k/patches.before" >/dev/null
result "22.5 an empty commit is refused at export" $? "$out"
out=$(fx "$tmp/k" env FORCE=1 SIGNOFF_EMAIL=me@example.com "$S/export.sh")
grep -q '^warning: .*me@example.com.* reserved domain' <<<"$out"
result "22.5 a sender at a reserved domain is warned of at export" $? "$out"

# Issue 22.3: notes under --- survive make tree (git am drops them) and the
# export after it, byte for byte.
base_fixture "$tmp/n"
fx "$tmp/n" "$S/tree.sh" >/dev/null
printf 'sched: three\n\nSigned-off-by: Fixture <fixture@fixture-mail.dev>\n---\nv2: notes, # kept\n' |
	git -C "$tmp/n/build/linux" commit -q --amend --cleanup=verbatim -F -
fx "$tmp/n" "$S/export.sh" >/dev/null && cp -r "$tmp/n/patches" "$tmp/n/patches.first" && rm -rf "$tmp/n/build"
out=$(fx "$tmp/n" "$S/tree.sh" && fx "$tmp/n" env FORCE=1 "$S/export.sh")
f=$(ls "$tmp/n/patches/sched"/0003-*.patch)
sed -n '/^---$/,/^ kernel/p' "$f" | grep -qx 'v2: notes, # kept' && diff -r "$tmp/n/patches.first" "$tmp/n/patches"
result "22.3 notes under --- survive make tree and make export" $? "$out$(cat "$f")"

# New-user read: the tree's own git config (diff.noprefix, format.*)
# changes no patch either: it is refused, named.
git -C "$tmp/n/build/linux" config diff.noprefix true
out=$(fx "$tmp/n" env FORCE=1 "$S/export.sh")
rc=$?
git -C "$tmp/n/build/linux" config --unset diff.noprefix
[ "$rc" != 0 ] && grep -q 'own git config sets diff.noprefix' <<<"$out" && diff -r "$tmp/n/patches.first" "$tmp/n/patches" >/dev/null
result "22.4 diff.noprefix in the tree's own git config is refused, not exported" $? "$out"

# New-user read: while another command holds build/, make export says so,
# not that there is no tree.
(BUILD=$tmp/n/held && lock_build && exec sleep 5) &
pid=$!
sleep 0.5
out=$(BUILD=$tmp/n/held "$S/export.sh" 2>&1)
kill "$pid" 2>/dev/null
wait "$pid"
grep -q 'in use by another command' <<<"$out"
result "22.5 make export while build/ is held names the holder, not a missing tree" $? "$out"
