# make export: patches/ from the tree's b4 branches, by b4.

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
p=$tmp/e/patches/sched
fx "$tmp/e" "$S/tree.sh" >/dev/null

# Issue 22.2: make export writes each b4 branch as b4 sends it: To/Cc
# from get_maintainer.pl, base-commit: and change-id:; export again, the
# files stay as they were (b4's new dates and message ids aside).
out=$(fx "$tmp/e" "$S/export.sh")
rc=$?
cp -r "$p" "$tmp/e/first"
out2=$(fx "$tmp/e" "$S/export.sh")
[ "$rc" = 0 ] && grep -q '^To: Maint Ainer <maint@fixture-mail.dev>$' "$p/0001-sched-one.patch" &&
	grep -q '^Cc: list@lists.fixture-mail.dev' "$p/0000-fixture-series.patch" &&
	grep -qx "base-commit: $(git -C "$t" rev-parse base)" "$p/0000-fixture-series.patch" &&
	grep -q '^change-id: ' "$p/0000-fixture-series.patch" && grep -q '^X-B4-Tracking: ' "$p/0000-fixture-series.patch" &&
	diff -r "$tmp/e/first" "$p" >/dev/null
result "22.2 make export writes b4's mails, with To/Cc, base-commit: and change-id:, the same each time" $? "$out $out2$(diff -r "$tmp/e/first" "$p")"

# Issue 15.5: the sender's identity (git config here) becomes the patches'
# From: and Signed-off-by:, and the cover's shortlog; an upstream author
# of a backport stays the author, with the sender's Signed-off-by added.
git -C "$t" checkout -q b4/sched
echo 'int up;' >"$t/kernel/sched/up.c"
git -C "$t" add kernel/sched/up.c
git -C "$t" -c user.name="Up Stream" -c user.email=up@fixture-mail.dev commit -q -s -m "sched: up"
out=$(fx "$tmp/e" "$S/export.sh")
rc=$?
[ "$rc" = 0 ] && ! grep -l placeholder "$p"/*.patch && grep -q '^From: Fixture <fixture@fixture-mail.dev>$' "$p/0001-sched-one.patch" &&
	[ "$(grep -c '^Signed-off-by: Fixture <fixture@fixture-mail.dev>$' "$p/0002-sched-two.patch")" = 1 ] &&
	grep -qx 'From: Up Stream <up@fixture-mail.dev>' <(sed '1,/^$/d' "$p/0004-sched-up.patch") &&
	[ "$(grep '^Signed-off-by:' "$p/0004-sched-up.patch" | paste -sd'|')" = 'Signed-off-by: Up Stream <up@fixture-mail.dev>|Signed-off-by: Fixture <fixture@fixture-mail.dev>' ] &&
	grep -q '^Fixture (3):$' "$p/0000-fixture-series.patch" && grep -q '^Up Stream (1):$' "$p/0000-fixture-series.patch" &&
	grep -q '^Subject: \[PATCH 0/4\] Fixture series$' "$p/0000-fixture-series.patch" &&
	[ "$(git -C "$t" symbolic-ref --short HEAD)" = b4/sched ]
result "15.5 make export signs every patch as the sender; an upstream author stays; the user stays on their branch" $? "$out$(grep -h '^From:\|Signed-off' "$p"/*.patch)"
out=$(fx "$tmp/e" env SIGNOFF_NAME="Other Name" SIGNOFF_EMAIL=other@fixture-mail.dev "$S/export.sh")
grep -q '^From: Other Name <other@fixture-mail.dev>$' "$p/0000-fixture-series.patch" &&
	grep -q '^Signed-off-by: Other Name <other@fixture-mail.dev>$' "$p/0001-sched-one.patch"
result "15.5 SIGNOFF_NAME and SIGNOFF_EMAIL sign the patches too" $? "$out"
# Stop 34: after a collaborator's export make send refuses the sender's
# Signed-off-by above theirs, and names make export alone. Read 36:
# exports taking turns, and a name spelled anew, gave an address two
# Signed-off-by lines; each signs once, the sender last, also in
# another's commit (its own chain kept). Read 37: the dry run names an
# author who is not the sender.
out=$(fx "$tmp/e" "$S/send.sh" </dev/null 2>&1)
other() { fx "$tmp/e" env SIGNOFF_NAME="Other Name" SIGNOFF_EMAIL=other@fixture-mail.dev "$S/export.sh"; }
grep -q 'is not Fixture <fixture@fixture-mail.dev>: SEND=1 would be refused; run make export and make test' <<<"$out" &&
	[ "$(grep -c '^    Author: ' <<<"$out")" = 1 ] && grep -q '^    Author: Up Stream <up@fixture-mail.dev>$' <<<"$out" &&
	out=$(fx "$tmp/e" "$S/export.sh" && other && fx "$tmp/e" env SIGNOFF_NAME="Fix Ture" "$S/export.sh") &&
	[ "$(grep '^Signed-off-by:\|^From:' "$p/0001-sched-one.patch" | paste -sd'|')" = 'From: Fix Ture <fixture@fixture-mail.dev>|Signed-off-by: Other Name <other@fixture-mail.dev>|Signed-off-by: Fix Ture <fixture@fixture-mail.dev>' ] &&
	[ "$(grep '^Signed-off-by:' "$p/0004-sched-up.patch" | paste -sd'|')" = 'Signed-off-by: Up Stream <up@fixture-mail.dev>|Signed-off-by: Other Name <other@fixture-mail.dev>|Signed-off-by: Fix Ture <fixture@fixture-mail.dev>' ]
result "read 36/37: exports taking turns, and a name spelled anew, leave one Signed-off-by an address, the sender's last; the dry run names another author" $? "$out$(grep -h '^From:\|^Signed-off' "$p"/000[14]*.patch)"
# Read 37: the sender's Signed-off-by moved last left their
# Co-developed-by above another's; one with a comment was not theirs;
# a backport's upstream chain that named the sender lost that line.
# Read 38: exports taking turns piled up below a backport's note.
out=$(SIGNOFF_EMAIL=fixture@fixture-mail.dev ME="Fixture <fixture@fixture-mail.dev>"
	printf 's\n\nb\n\nSigned-off-by: C <c@c.dev>\nCo-developed-by: Fixture <Fixture@fixture-mail.dev>\nSigned-off-by: Fixture <fixture@fixture-mail.dev> # v1\nSigned-off-by: C <c@c.dev>\n' | sign_message
	printf 's\n\ncommit %040d upstream.\n\nSigned-off-by: Fixture <fixture@fixture-mail.dev>\nSigned-off-by: T <t@t.dev>\n' 0 | sign_message
	printf 's\n\ncommit %040d upstream.\n\nSigned-off-by: F <fixture@fixture-mail.dev>\nSigned-off-by: T <t@t.dev>\n[ n ]\nSigned-off-by: F <fixture@fixture-mail.dev>\nSigned-off-by: B <b@b.dev>\n' 0 | sign_message)
[ "$(grep '^[A-Z].*-by:' <<<"$out" | sed 's/: \(.\).* </:\1</; s/-by//' | paste -sd'|')" = 'Signed-off:C<c@c.dev>|Co-developed:F<fixture@fixture-mail.dev>|Signed-off:F<fixture@fixture-mail.dev>|Signed-off:F<fixture@fixture-mail.dev>|Signed-off:T<t@t.dev>|Signed-off:F<fixture@fixture-mail.dev>|Signed-off:F<fixture@fixture-mail.dev>|Signed-off:T<t@t.dev>|Signed-off:B<b@b.dev>|Signed-off:F<fixture@fixture-mail.dev>' ]
result "new-user read 37/38: a Co-developed-by moves with its Signed-off-by; a backport keeps its upstream chain, and below its note each signs once" $? "$out"
# Read 39: Signed-off-by lines in the notes under --- were taken for
# trailers: the collaborator's above them was dropped, and make send
# refused each export after it. A stand-in's there is dropped still (b4
# would Cc it).
git -C "$t" checkout -q b4/sched
git -C "$t" commit -q --amend -m "sched: up" -m "Signed-off-by: Up Stream <up@fixture-mail.dev>" -m "---" \
	-m "v2: from v1:" -m "Signed-off-by: Up Stream <up@fixture-mail.dev>
Signed-off-by: Fixture <fixture@fixture-mail.dev> (old)
Signed-off-by: Placeholder Name <placeholder@example.org>"
git -C "$t" checkout -q series
out=$(fx "$tmp/e" "$S/export.sh" && fx "$tmp/e" "$S/send.sh" </dev/null 2>&1)
f=$p/0004-sched-up.patch
[ "$(sed '/^---$/q' "$f" | grep '^Signed-off-by:' | paste -sd'|')" = 'Signed-off-by: Up Stream <up@fixture-mail.dev>|Signed-off-by: Fixture <fixture@fixture-mail.dev>' ] &&
	[ "$(sed '1,/^---$/d' "$f" | grep -c '^Signed-off-by:')" = 2 ] && ! grep -q placeholder "$f" &&
	! grep -q 'is not Fixture\|stand-in identity' <<<"$out"
result "new-user read 39: Signed-off-by lines in the notes under --- are not trailers; a stand-in's is dropped" $? "$out$(cat "$f")"
# Review of read 39: the squeeze of blank lines took one of two empty
# context lines (an editor's) of a hand-edited stable/6.18.y patch.
out=$(SIGNOFF_EMAIL=fixture@fixture-mail.dev ME="Fixture <fixture@fixture-mail.dev>"
	printf 's\n\nb\n---\n f | 3 +++\n\ndiff --git a/f b/f\n@@ -1,2 +1,5 @@\n\n\n+a\n+b\n+c\n' | sign_message)
[ "$(sed -n '/^@@/,$p' <<<"$out" | grep -c '^$')" = 2 ]
result "review of read 39: sign_message keeps a diff's empty lines" $? "$out"
# The last of them too: a hunk that ends with an emptied context line
# was cut short, and git apply called the patch corrupt.
mkdir "$tmp/blank" && printf 'a\n\n' >"$tmp/blank/f" &&
	out=$(SIGNOFF_EMAIL=fixture@fixture-mail.dev ME="Fixture <fixture@fixture-mail.dev>"
		printf 's\n---\n f | 1 +\n\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n a\n+b\n\n' |
			sign_message >"$tmp/blank/p" && cd "$tmp/blank" && git apply --check p 2>&1)
result "an emptied last context line of a hand-edited patch is kept" $? "$out$(cat "$tmp/blank/p")"
# Read 40: a stand-in's Co-developed-by stayed without its
# Signed-off-by (checkpatch refuses that), and b4 Cc'd it.
out=$(SIGNOFF_EMAIL=fixture@fixture-mail.dev ME="Fixture <fixture@fixture-mail.dev>"
	printf 's\n\nCo-developed-by: Stan Din <stan@example.com>\nSigned-off-by: Stan Din <stan@example.com>\n' | sign_message)
[ "$out" = "s

Signed-off-by: Fixture <fixture@fixture-mail.dev>" ]
result "new-user read 40: a stand-in's Co-developed-by goes with its Signed-off-by" $? "$out"
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
# Read 9: the same with user.email alone set, the placeholder's name at
# a real address: warned of, and the sender's at the next export.
base_fixture "$tmp/r9"
fx "$tmp/r9" "$S/tree.sh" >/dev/null
printf '[user]\n\temail = ada@dev-mail.dev\n' >"$tmp/r9/gitconfig"
out=$(fx "$tmp/r9" env GIT_CONFIG_GLOBAL="$tmp/r9/gitconfig" "$S/export.sh")
grep -q '^warning: the sender Placeholder Name <ada@dev-mail.dev> is a stand-in' <<<"$out" && out=$(fx "$tmp/r9" "$S/export.sh") &&
	[ "$(grep -h '^From:\|^Signed-off-by:' "$tmp/r9/patches/sched"/000[1-3]*.patch | sort -u)" = "From: Fixture <fixture@fixture-mail.dev>
Signed-off-by: Fixture <fixture@fixture-mail.dev>" ]
result "new-user read 9: the placeholder's name at a real address is a stand-in" $? "$out$(grep -h '^From:\|Signed-off' "$tmp/r9/patches/sched"/*.patch)"

# Issue 15.7: the cover letter is edited with b4 prep --edit-cover; export
# keeps every line of it (a "Name (N):" line too), make tree reads it back.
git -C "$t" checkout -q b4/sched
printf '%s\n' "Edited series" "" "Text." "" "Changes since the RFC (2):" "  - one" "  - two" "" \
	"Testing:" "  - all of it" >"$tmp/e/cover.msg"
edit_cover "$t" "$tmp/e/cover.msg"
out=$(fx "$tmp/e" "$S/export.sh")
rc=$?
c=$p/0000-edited-series.patch
[ "$rc" = 0 ] && grep -q '^Subject: \[PATCH 0/4\] Edited series$' "$c" && grep -q '^Changes since the RFC (2):$' "$c" &&
	grep -q '^  - all of it$' "$c" && grep -q '^Fixture (3):$' "$c" && grep -q ' 3 files changed' "$c" && [ ! -e "$p/0000-fixture-series.patch" ]
result "15.7 the cover letter edited in the tree is exported whole" $? "$out$(ls "$p"; cat "$c")"
msg1=$(git -C "$t" log -1 --format=%B "$(TREE=$t cover_commit sched)")
cp -r "$p" "$tmp/e/p.1"
out=$(fx "$tmp/e" env FORCE=1 "$S/tree.sh") &&
	out=$(fx "$tmp/e" "$S/export.sh") &&
	[ "$(git -C "$t" log -1 --format=%B "$(TREE=$t cover_commit sched)")" = "$msg1" ] && diff -r "$p" "$tmp/e/p.1"
result "15.7 make tree reads the cover letter back as it was written, To/Cc and change-id too" $? "$out"
# A cover letter with no shortlog (edited by hand) is refused with a reason.
sed -i '/^Fixture (3):$/,$d' "$c"
out=$(fx "$tmp/e" env FORCE=1 "$S/tree.sh")
rc=$?
[ "$rc" != 0 ] && grep -q 'no shortlog' <<<"$out" && ! grep -q Traceback <<<"$out"
result "15.7 a cover letter without its shortlog is refused, without a traceback" $? "$out"
rm -rf "$p" && cp -r "$tmp/e/p.1" "$p"

# Issue 22.2: RFC and its prefixes come from b4 prep, and make tree keeps them.
fx "$tmp/e" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q b4/sched && b4t "$t" prep --set-prefixes RFC
out=$(fx "$tmp/e" "$S/export.sh") && grep -q '^Subject: \[PATCH RFC 0/4\] Edited series$' "$c" && cp "$c" "$tmp/e/rfc" &&
	out=$(fx "$tmp/e" env FORCE=1 "$S/tree.sh") && out=$(fx "$tmp/e" "$S/export.sh") && cmp "$c" "$tmp/e/rfc"
result "22.2 an RFC is b4 prep --set-prefixes RFC, and make tree keeps it" $? "$out$(grep -h '^Subject' "$p"/*)"

# Issue 15.10: work on another branch is not left out silently.
base_fixture "$tmp/o"
t=$tmp/o/build/linux
fx "$tmp/o" "$S/tree.sh" >/dev/null
git -C "$t" branch mine && commit_on "$t" mine x
git -C "$t" checkout -q --detach
out=$(fx "$tmp/o" "$S/export.sh")
rc=$?
[ "$rc" != 0 ] && grep -q 'is on no branch' <<<"$out" && [ "$(ls "$tmp/o/patches/sched" | wc -l)" = 4 ]
git -C "$t" checkout -q series
out2=$(fx "$tmp/o" "$S/export.sh")
rc2=$?
[ "$rc" != 0 ] && [ "$rc2" != 0 ] && grep -q 'branches with commits that no b4 branch has: mine' <<<"$out2"
result "15.10 commits on another branch of the tree are not left out silently" $? "$out $out2"

# Issue 22.4: the user's git configuration changes no patch written:
# format.cc would mail someone on every patch, diff.noprefix would write
# patches that do not apply.
t=$tmp/e/build/linux
git config --global format.cc someone@fixture-mail.dev
git config --global diff.noprefix true
git config --global b4.send-series-cc someone@fixture-mail.dev
out=$(fx "$tmp/e" env FORCE=1 "$S/export.sh")
rc=$?
git config --global --unset format.cc
git config --global --unset diff.noprefix
git config --global --unset b4.send-series-cc
[ "$rc" = 0 ] && ! grep -q 'someone' "$p"/*.patch && grep -q '^diff --git a/' "$p/0001-sched-one.patch"
result "22.4 format.cc, diff.noprefix and b4.* in the user's git config change no patch" $? "$out$(grep -h '^Cc:\|^diff --git' "$p"/*.patch)"

# Issue 20 and 22.2: one folder a posting, one b4 branch each. A new
# posting of one patch (b4 prep -n) is written without a cover letter,
# and make tree makes the same branches from the two folders again; the
# text of its cover commit goes under the patch's ---, as b4 sends it.
base_fixture "$tmp/m"
t=$tmp/m/build/linux
fx "$tmp/m" "$S/tree.sh" >/dev/null
# b4 prep -n signs the new cover letter as git config's user: here a
# stand-in, who must not reach the mails.
GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.email GIT_CONFIG_VALUE_0=team@seed.example b4t "$t" prep -n irq -f base &&
	echo 'int irq2;' >>"$t/kernel/irq/manage.c" && git -C "$t" commit -q -s -am "genirq: two"
printf 'irq\n\nWhy irq goes alone.\n\nSigned-off-by: Fixture <team@seed.example>\n' >"$tmp/m/cover.msg" # the editor kept b4's sign-off
edit_cover "$t" "$tmp/m/cover.msg"
out=$(fx "$tmp/m" "$S/export.sh")
rc=$?
q=$tmp/m/patches
f=$q/irq/0001-genirq-two.patch
[ "$rc" = 0 ] && [ "$(ls "$q/irq")" = 0001-genirq-two.patch ] && grep -q '^Subject: \[PATCH\] genirq: two$' "$f" &&
	sed -n '/^---$/,/^diff /p' "$f" | grep -qx 'Why irq goes alone.' &&
	[ "$(ls "$q/sched" | wc -l)" = 4 ] && tree1=$(git -C "$t" rev-parse 'series^{tree}') && cp "$f" "$tmp/m/irq.1" &&
	out=$(fx "$tmp/m" env FORCE=1 "$S/tree.sh") && out=$(fx "$tmp/m" "$S/export.sh") && cmp "$f" "$tmp/m/irq.1" &&
	[ "$(git -C "$t" rev-parse 'series^{tree}')" = "$tree1" ] && [ "$(TREE=$t prep_postings | paste -sd' ')" = "irq sched" ] &&
	! grep -l 'seed\.example' "$q"/*/*.patch
result "20 a new b4 branch is a posting of its own, one patch without a cover letter, no stand-in's sign-off; make tree reads it back" $? "$out$(ls -R "$q"; cat "$f")"

# Third new-user read: a one-patch posting whose mail has no text but
# the patch's (so its cover commit, which make tree makes, has none)
# gains a second patch: export refuses it rather than write a cover
# letter "(no cover subject)" with no text.
base_fixture "$tmp/m3"
t=$tmp/m3/build/linux
fx "$tmp/m3" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q -b one base && echo 'int irq2;' >>"$t/kernel/irq/manage.c" && git -C "$t" commit -q -s -am "genirq: two" &&
	mkdir "$tmp/m3/patches/irq" && git -C "$t" format-patch -q -1 -o "$tmp/m3/patches/irq" &&
	git -C "$t" checkout -q series && git -C "$t" branch -q -D one
fx "$tmp/m3" "$S/tree.sh" >/dev/null 2>&1
cp -r "$tmp/m3/patches" "$tmp/m3/patches.before"
git -C "$t" checkout -q b4/irq && echo 'int irq3;' >>"$t/kernel/irq/manage.c" && git -C "$t" commit -q -s -am "genirq: three" &&
	git -C "$t" checkout -q series
out=$(fx "$tmp/m3" "$S/export.sh")
rc=$?
[ "$rc" != 0 ] && grep -q 'b4/irq has more than one patch and its cover letter has no subject' <<<"$out" &&
	diff -r "$tmp/m3/patches" "$tmp/m3/patches.before" >/dev/null
result "new-user read 3: a posting that grew a second patch is refused while its cover letter has no text" $? "$out"

# A branch b4/NAME that b4 prep did not make, or with no patch, is refused;
# patches/ stays as it was.
base_fixture "$tmp/k"
t=$tmp/k/build/linux
fx "$tmp/k" "$S/tree.sh" >/dev/null
cp -r "$tmp/k/patches" "$tmp/k/patches.before"
git -C "$t" branch b4/plain base && git -C "$t" checkout -q b4/plain && echo 'int k;' >>"$t/kernel/irq/manage.c" &&
	git -C "$t" commit -q -am "genirq: k"
out=$(fx "$tmp/k" "$S/export.sh")
rc=$?
git -C "$t" checkout -q series && git -C "$t" branch -q -D b4/plain
[ "$rc" != 0 ] && grep -q "b4/plain does not start with b4's cover-letter commit" <<<"$out" && diff -r "$tmp/k/patches" "$tmp/k/patches.before" >/dev/null
result "22.2 a b4/ branch without b4's cover commit is refused, not dropped" $? "$out"
b4t "$t" prep -n empty -f base
out=$(fx "$tmp/k" "$S/export.sh")
rc=$?
git -C "$t" checkout -q series && git -C "$t" branch -q -D b4/empty
[ "$rc" != 0 ] && grep -q 'posting empty has no patch' <<<"$out" && diff -r "$tmp/k/patches" "$tmp/k/patches.before" >/dev/null
result "22.2 a b4 branch with no patch is refused" $? "$out"

# Notes under --- keep the sender's Signed-off-by above them.
git -C "$t" checkout -q b4/sched
git -C "$t" commit -q --amend -m "sched: three" -m "Signed-off-by: Placeholder Name <placeholder@example.org>" -m "---" -m "v2: notes"
out=$(fx "$tmp/k" env FORCE=1 "$S/export.sh")
f=$(ls "$tmp/k/patches/sched"/0003-*.patch)
[ "$(sed -n '/^---$/q;/^Signed-off-by: Fixture <fixture@fixture-mail.dev>$/p' "$f")" = "Signed-off-by: Fixture <fixture@fixture-mail.dev>" ]
result "20 notes under --- keep the sender's Signed-off-by above them" $? "$out$(cat "$f")"

# Issue 22.5: an empty commit is refused at export (git format-patch would
# write a patch that git am cannot apply); a sender at a reserved domain
# is told at export, not first at make send.
rm -rf "$tmp/k/patches.before" && cp -r "$tmp/k/patches" "$tmp/k/patches.before"
git -C "$t" checkout -q b4/sched && git -C "$t" commit -q --allow-empty -m "sched: nothing"
out=$(fx "$tmp/k" env FORCE=1 "$S/export.sh")
rc=$?
git -C "$t" checkout -q b4/sched && git -C "$t" reset -q --hard HEAD~1 && git -C "$t" checkout -q series
[ "$rc" != 0 ] && grep -q '"sched: nothing" of b4/sched changes no file' <<<"$out" && diff -r "$tmp/k/patches" "$tmp/k/patches.before" >/dev/null
result "22.5 an empty commit is refused at export" $? "$out"
out=$(fx "$tmp/k" env FORCE=1 SIGNOFF_EMAIL=me@example.com "$S/export.sh")
grep -q '^warning: .*me@example.com.* reserved domain' <<<"$out"
result "22.5 a sender at a reserved domain is warned of at export" $? "$out"

# Issue 22.3: notes under --- survive make tree (git am drops them) and the
# export after it, byte for byte.
base_fixture "$tmp/n"
fx "$tmp/n" "$S/tree.sh" >/dev/null
git -C "$tmp/n/build/linux" checkout -q b4/sched
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
git -C "$tmp/n/build/linux" config b4.send-series-cc extra@fixture-mail.dev
out=$(fx "$tmp/n" env FORCE=1 "$S/export.sh")
rc=$?
git -C "$tmp/n/build/linux" config --unset b4.send-series-cc
[ "$rc" != 0 ] && grep -q 'own git config sets b4.send-series-cc' <<<"$out" && diff -r "$tmp/n/patches.first" "$tmp/n/patches" >/dev/null
result "22.4 b4.* in the tree's own git config is refused, not exported" $? "$out"

# New-user read: make export after patches/ was checked out again (the
# export thrown away): make clean refuses, the b4 branches hold the only
# copy.
cp -r "$tmp/n/patches" "$tmp/n/patches.exported"
printf 'x\n' >>"$tmp/n/patches/sched/0001-sched-one.patch"
out=$(fx "$tmp/n" "$S/clean.sh")
rc=$?
rm -rf "$tmp/n/patches" && cp -r "$tmp/n/patches.exported" "$tmp/n/patches"
[ "$rc" != 0 ] && grep -q 'is not what .* exported to' <<<"$out" && [ -d "$tmp/n/build/linux" ]
result "22.3 make clean refuses when patches/ is no longer what the b4 branches were exported to" $? "$out"

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

# Issue 22.2: series is made from the b4 branches; a commit made on it
# (as before b4) is refused, not dropped, and the way given keeps it.
base_fixture "$tmp/q"
t=$tmp/q/build/linux
fx "$tmp/q" "$S/tree.sh" >/dev/null
echo 'int q;' >>"$t/kernel/sched/core.c" && git -C "$t" commit -q -am "sched: on series"
out=$(fx "$tmp/q" "$S/export.sh")
rc=$?
recipe=$(sed -n 's/.*branches: bring them to their posting.s branch (\(git checkout b4\/\)NAME\(; git cherry-pick [^)]*\)), then \(git branch -f series [0-9a-f]*\) and make export.*/\1sched\2 \&\& \3/p' <<<"$out")
[ "$rc" != 0 ] && grep -q 'commits on branch series' <<<"$out" && [ -n "$recipe" ] &&
	(cd "$t" && eval "$recipe" >/dev/null 2>&1) && out=$(fx "$tmp/q" "$S/export.sh") &&
	grep -q '^+int q;' "$tmp"/q/patches/sched/0004-*.patch
result "22.2 a commit on series is refused, not dropped; the way given brings it to its posting" $? "$out $recipe"
# Third new-user read: with a stand-in sender, a commit with notes under
# --- is the same after a second export (a blank line above the notes
# was added at each one).
base_fixture "$tmp/n3"
t=$tmp/n3/build/linux
fx "$tmp/n3" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q b4/sched &&
	git -C "$t" commit -q --amend -m "sched: three" -m "Signed-off-by: Placeholder Name <placeholder@example.org>" -m "---" -m "v2: notes" &&
	git -C "$t" checkout -q series
fx "$tmp/n3" env FORCE=1 SIGNOFF_EMAIL=me@example.com "$S/export.sh" >/dev/null 2>&1
h1=$(git -C "$t" rev-parse b4/sched)
out=$(fx "$tmp/n3" env SIGNOFF_EMAIL=me@example.com "$S/export.sh")
[ "$(git -C "$t" rev-parse b4/sched)" = "$h1" ] && ! grep -q 'b4/sched rewritten' <<<"$out"
result "new-user read 3: a second export with a stand-in sender leaves a commit with notes as it was" $? "$out$(git -C "$t" log -1 --format=%B b4/sched | cat -A)"
# Fourth read: a posting whose last patch changed is exported as one
# thread: its unchanged mails are not kept from the export before, whose
# message ids the new cover letter does not have.
base_fixture "$tmp/th"
t=$tmp/th/build/linux
fx "$tmp/th" "$S/tree.sh" >/dev/null
fx "$tmp/th" "$S/export.sh" >/dev/null
git -C "$t" checkout -q b4/sched && git -C "$t" commit -q --amend -m "sched: three, reworded" -s && git -C "$t" checkout -q series
out=$(fx "$tmp/th" "$S/export.sh")
id=$(sed -n 's/^Message-Id: //p' "$tmp"/th/patches/sched/0000-*.patch)
[ -n "$id" ] && [ "$(grep -lx "In-Reply-To: $id" "$tmp"/th/patches/sched/000[1-9]-*.patch | wc -l)" = 3 ]
result "new-user read 4: a posting with one patch changed is exported as one thread" $? "$out$(grep -h '^Message-Id\|^In-Reply-To' "$tmp"/th/patches/sched/*)"
# Fourth read: a commit made on no branch; the way given brings it to
# its posting and leaves no branch that the next export refuses.
base_fixture "$tmp/nb"
t=$tmp/nb/build/linux
fx "$tmp/nb" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q --detach b4/sched && echo 'int nb;' >>"$t/kernel/sched/core.c" && git -C "$t" commit -q -am "sched: nb"
out=$(fx "$tmp/nb" "$S/export.sh")
recipe=$(sed -n 's/.*put your commits on their posting.s branch (\(.*\)), or FORCE=1.*/\1/p' <<<"$out" | sed 's/NAME/mine/g; s/POSTING/sched/g')
[ -n "$recipe" ] && (eval "$recipe") >/dev/null 2>&1 && out=$(fx "$tmp/nb" "$S/export.sh") &&
	grep -q '^+int nb;' "$tmp"/nb/patches/sched/0004-*.patch
result "new-user read 4: the way given for a commit on no branch brings it to its posting, nothing left to refuse" $? "$out $recipe"
# Review: the same from series, whose commits are not the posting's:
# only the user's commit is picked.
git -C "$t" checkout -q --detach series && echo 'int nb2;' >>"$t/kernel/sched/core.c" && git -C "$t" commit -q -am "sched: nb2"
out=$(fx "$tmp/nb" "$S/export.sh")
recipe=$(sed -n 's/.*put your commits on their posting.s branch (\(.*\)), or FORCE=1.*/\1/p' <<<"$out" | sed 's/NAME/mine/g; s/POSTING/sched/g')
[ -n "$recipe" ] && (eval "$recipe") >/dev/null 2>&1 && out=$(fx "$tmp/nb" "$S/export.sh") &&
	[ "$(ls "$tmp"/nb/patches/sched | wc -l)" = 6 ] && grep -q '^+int nb2;' "$tmp"/nb/patches/sched/0005-*.patch
result "review: the way given for a commit on no branch, made from series, picks that commit alone" $? "$out $recipe"
# Seventh read: a cherry-pick of that way that fails leaves the branch
# that holds the commits.
git -C "$t" checkout -q --detach b4/sched && git -C "$t" commit -q --amend -m "sched: amended" &&
	echo 'int nb3;' >>"$t/kernel/sched/core.c" && git -C "$t" commit -q -am "sched: nb3"
out=$(fx "$tmp/nb" "$S/export.sh")
recipe=$(sed -n 's/.*put your commits on their posting.s branch (\(.*\)), or FORCE=1.*/\1/p' <<<"$out" | sed 's/NAME/mine/g; s/POSTING/sched/g')
[ -n "$recipe" ] && ! (eval "$recipe") >/dev/null 2>&1 && git -C "$t" log -1 --format=%s mine | grep -q 'sched: nb3'
result "new-user read 7: the way given for a commit on no branch keeps its branch when the cherry-pick fails" $? "$out $recipe"
git -C "$t" cherry-pick --abort 2>/dev/null
# Fourth read: a one-patch posting's cover text (b4 mails it under the
# patch's ---, above the patch's own notes) is in its cover commit again
# after make tree, not in the patch's notes, where a new cover text
# would have come beside it.
base_fixture "$tmp/c1"
t=$tmp/c1/build/linux
fx "$tmp/c1" "$S/tree.sh" >/dev/null
b4t "$t" prep -n irq -f base && echo 'int irq2;' >>"$t/kernel/irq/manage.c" &&
	git -C "$t" commit -q -am "genirq: two" -m "Signed-off-by: Fixture <fixture@fixture-mail.dev>" -m "---" -m "Patch notes."
printf 'irq\n\nWhy irq goes alone.\n' >"$tmp/c1/cover.msg"
edit_cover "$t" "$tmp/c1/cover.msg"
git -C "$t" checkout -q series
# made again from patches/, as in a new clone
fx "$tmp/c1" "$S/export.sh" >/dev/null && rm -rf "$tmp/c1/build" && out=$(fx "$tmp/c1" "$S/tree.sh")
printf '#!/bin/sh\nsed -i "s/alone\\./alone, reworded./" "$1"\n' >"$tmp/c1/editor" && chmod +x "$tmp/c1/editor"
git -C "$t" checkout -q b4/irq
out=$out$(git -C "$t" log -1 --format=%B b4/irq; EDITOR=$tmp/c1/editor b4t "$t" prep --edit-cover; git -C "$t" checkout -q series; fx "$tmp/c1" "$S/export.sh")
f=$tmp/c1/patches/irq/0001-genirq-two.patch
! git -C "$t" log -1 --format=%B b4/irq | grep -q 'Why irq' && grep -q 'Patch notes' "$f" &&
	grep -qx 'Why irq goes alone, reworded.' "$f" && ! grep -qx 'Why irq goes alone.' "$f"
result "new-user read 4: make tree puts a one-patch posting's cover text back in its cover commit" $? "$out$(cat "$f")"
# Code review: make export FORCE=1 on no branch, which the guard offers,
# exports and leaves the checkout where it was.
base_fixture "$tmp/fd"
t=$tmp/fd/build/linux
fx "$tmp/fd" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q --detach b4/sched
out=$(fx "$tmp/fd" env FORCE=1 "$S/export.sh")
[ $? = 0 ] && grep -q 'exported 1 postings' <<<"$out" && ! git -C "$t" symbolic-ref -q HEAD >/dev/null
result "review: make export FORCE=1 on no branch exports" $? "$out"

# Read 9: a commit-msg hook of the user's (core.hooksPath, Gerrit's
# Change-Id) put its trailer after b4's tracking in the cover commit,
# and make export failed on it; commit.gpgsign made the base commit, and
# so base-commit:, differ per user, or failed. Read 23: so did an
# identity in the environment (GIT_COMMITTER_NAME); read 24: so did
# i18n.commitEncoding and GIT_DEFAULT_HASH, and git -c's settings in the
# environment (GIT_CONFIG_PARAMETERS) changed the patches.
d=$tmp/hk9
base_fixture "$d"
mkdir -p "$d/hooks" && printf '#!/bin/sh\necho "Change-Id: I0123" >>"$1"\n' >"$d/hooks/commit-msg" && chmod +x "$d/hooks/commit-msg"
cp "$GIT_CONFIG_GLOBAL" "$d/gitconfig"
printf '[core]\n\thooksPath = %s\n[commit]\n\tgpgsign = true\n[gpg]\n\tprogram = false\n[i18n]\n\tcommitEncoding = ISO-8859-1\n' \
	"$d/hooks" >>"$d/gitconfig"
out=$(fx "$d" env GIT_CONFIG_GLOBAL="$d/gitconfig" GIT_COMMITTER_NAME="Jane Dev" GIT_COMMITTER_EMAIL=jane@dev.example \
	GIT_AUTHOR_NAME="Jane Dev" GIT_AUTHOR_EMAIL=jane@dev.example GIT_DEFAULT_HASH=sha256 "$S/tree.sh") &&
	out=$out$(fx "$d" env GIT_CONFIG_GLOBAL="$d/gitconfig" GIT_CONFIG_PARAMETERS="'diff.noprefix'='true'" "$S/export.sh") &&
	! grep -rq 'Change-Id' "$d/patches" && grep -q '^diff --git a/' "$d"/patches/sched/0001-*.patch && [ "$(git -C "$d/build/linux" rev-parse base)" = "$(git -C "$tmp/k/build/linux" rev-parse base)" ]
result "new-user read 9: the user's hooks, commit signing, git config and GIT_* variables change no commit or patch the harness makes" $? "$out"
# Read 14: a recipient removed from the cover letter (b4 prep
# --edit-cover) came back at every make export (b4 prep --auto-to-cc).
base_fixture "$tmp/x14"
t=$tmp/x14/build/linux
fx "$tmp/x14" "$S/tree.sh" >/dev/null
git -C "$t" log -1 --format=%B "b4/sched~3" | sed "/^--- b4-submit-tracking ---\$/,\$d; /^Cc: list@/d" >"$tmp/x14/cover.msg"
git -C "$t" checkout -q b4/sched && edit_cover "$t" "$tmp/x14/cover.msg" && git -C "$t" checkout -q series
out=$(fx "$tmp/x14" "$S/export.sh")
[ $? = 0 ] && grep -q "names who b4/sched's cover letter lacks (Cc: list@lists.fixture-mail.dev)" <<<"$out" &&
	! grep -q 'list@' "$tmp/x14/patches/sched/"*.patch && grep -q '^To: Maint Ainer' "$tmp/x14/patches/sched/0000-"*.patch
result "new-user read 14: a recipient removed from the cover letter stays removed at make export, and is named" $? "$out"
# Read 25: Ctrl-C after b4 prep --auto-to-cc, before the cover letter
# was put back, left the removed recipient in it for the next export.
mkdir -p "$tmp/x14/bin"
printf '#!/bin/bash\n%q "$@"; rc=$?\ncase " $* " in *" --auto-to-cc "*) touch %q; sleep 60 ;; esac\nexit $rc\n' \
	"$(command -v b4)" "$tmp/x14/at-cc" >"$tmp/x14/bin/b4"
chmod +x "$tmp/x14/bin/b4"
interrupt_at "$tmp/x14/at-cc" BASE_CONF="$tmp/x14/base.conf" BUILD="$tmp/x14/build" PATCHES="$tmp/x14/patches" \
	PATH="$tmp/x14/bin:$PATH" "$S/export.sh"
[ $? = 0 ] && ! git -C "$t" log -1 --format=%B "$(TREE=$t cover_commit sched)" | grep -q 'list@'
result "new-user read 25: Ctrl-C in make export leaves no recipient that b4 prep --auto-to-cc added" $? "$(git -C "$t" log -1 --format=%B b4/sched~3)"
# Read 42: a Ctrl-C once patches/ was being written left it half
# written, and series' record as the export had made it: every next
# command named commits on series that were not there. A second Ctrl-C
# cut the restore short. A commit not yet exported makes the export
# change the branches; stand-ins for cp and git hold on where wanted.
d=$tmp/x42
base_fixture "$d"
t=$d/build/linux
fx "$d" "$S/tree.sh" >/dev/null
commit_on "$t" b4/sched four -s -m "sched: four" && git -C "$t" checkout -q series
mkdir -p "$d/bin"
printf '#!/bin/bash\n/bin/cp "$@" || exit\ncase ${!#} in %q/*) touch %q; sleep 3 ;; esac\n' "$d/patches" "$d/at-cp" >"$d/bin/cp"
chmod +x "$d/bin/cp"
interrupt_at "$d/at-cp" BASE_CONF="$d/base.conf" BUILD="$d/build" PATCHES="$d/patches" PATH="$d/bin:$PATH" "$S/export.sh"
rc=$?
out=$(fx "$d" "$S/export.sh") && [ "$rc" = 0 ] && grep -q 'sched: four' "$d"/patches/sched/0004-*.patch &&
	[ "$(ls "$d/patches/sched" | wc -l)" = 5 ]
result "new-user read 42: Ctrl-C while make export writes patches/ leaves it whole and recorded" $? "$out $(ls "$d/patches/sched")"
rm "$d/bin/cp"
commit_on "$t" b4/sched five -s -m "sched: five" && git -C "$t" checkout -q series
before=$(git -C "$t" for-each-ref; state "$t")
printf '#!/bin/bash\ncase "$*" in *"update-ref --stdin"*) touch %q; sleep 3 ;; esac\nexec %q "$@"\n' "$d/at-ref" "$(command -v git)" >"$d/bin/git"
printf '#!/bin/bash\ncase "$*" in *"send -o"*) exit 1 ;; esac\nexec %q "$@"\n' "$(command -v b4)" >"$d/bin/b4"
chmod +x "$d/bin/git" "$d/bin/b4"
interrupt_at "$d/at-ref" BASE_CONF="$d/base.conf" BUILD="$d/build" PATCHES="$d/patches" PATH="$d/bin:$PATH" "$S/export.sh"
[ $? = 0 ] && [ "$(git -C "$t" for-each-ref; state "$t")" = "$before" ] && fx "$d" "$S/export.sh" >/dev/null &&
	grep -q 'sched: five' "$d"/patches/sched/0005-*.patch
result "new-user read 42: Ctrl-C while a refused make export puts the branches back does not cut that short" $? \
	"$(git -C "$t" for-each-ref; state "$t"; echo "$before")"
# Read 42: b4 failed with a Python error on a cover letter's Cc: line
# that had no address at a dotted domain, and mailed neither of two
# addresses on one line. A line of the text or changelog is no recipient.
d=$tmp/x42c
base_fixture "$d"
fx "$d" "$S/tree.sh" >/dev/null
git -C "$d/build/linux" checkout -q b4/sched
ok=0
for cc in "Cc: Jane Doe" "Cc: Maint Ainer <maint@fixture-mail.dev>, list@lists.fixture-mail.dev"; do
	printf '%s\n' "Fixture series" "" "Fixture text." "" "$cc" >"$d/cover"
	edit_cover "$d/build/linux" "$d/cover" && out=$(fx "$d" "$S/export.sh")
	[ $? != 0 ] && grep -qF "b4/sched's cover letter has \"$cc\": b4 takes one address" <<<"$out" || ok=1
done
printf '%s\n' "Fixture series" "" "Fixture text." "Cc: the list asked for it." "" "To: \"m@fixture-mail.dev\" <maint@fixture-mail.dev>" \
	"Cc: list@lists.fixture-mail.dev" "" "---" "Changes in v2:" "Cc: a list more" >"$d/cover"
edit_cover "$d/build/linux" "$d/cover" && out=$(fx "$d" "$S/export.sh") || ok=1
result "new-user read 42: a cover letter's To/Cc line that b4 cannot take is named" "$ok" "$out"
# Read 25: a global ignore of *.patch hid new postings from git add -A
# patches/ (README's) and from make clean's check of patches/.
printf '*.patch\n' >"$tmp/ignore25"
out=$(git -C "$TOP" -c core.excludesFile="$tmp/ignore25" check-ignore --no-index patches/new/0001-new.patch stable/6.1.y/0001-new.patch)
[ $? = 1 ] && [ -z "$out" ]
result "new-user read 25: a global ignore of *.patch does not hide patches/ or stable/ in the clone" $? "$out"
# Read 25: an includeIf in build/linux's own config (onbranch:b4/**)
# brought b4.* settings past the check, which runs on branch series;
# log.showSignature with signed commits broke make export.
d=$tmp/ic25
base_fixture "$d"
t=$d/build/linux
fx "$d" "$S/tree.sh" >/dev/null
printf '[b4]\n\tsend-series-cc = boss@boss-mail.dev\n' >"$t/.git/b4.inc"
git -C "$t" config --local 'includeIf.onbranch:b4/**.path' b4.inc
out=$(fx "$d" "$S/export.sh")
[ $? != 0 ] && grep -q 'includeif.onbranch' <<<"$out" && ! grep -rq boss "$d/patches"
result "new-user read 25: an includeIf in build/linux's own config is refused" $? "$out"
git -C "$t" config --local --unset 'includeIf.onbranch:b4/**.path'
# A stand-in gpg: its signature, and its word on it.
printf '#!/bin/sh\ncase "$*" in *-bsau*) cat >/dev/null; echo "[GNUPG:] SIG_CREATED " >&2
	printf -- "-----BEGIN PGP SIGNATURE-----\\n\\nZmFrZQ==\\n-----END PGP SIGNATURE-----\\n" ;;
*--verify*) echo "[GNUPG:] GOODSIG 0 Fixture"; echo "gpg: Good signature from Fixture" >&2 ;; esac\n' >"$d/gpg"
chmod +x "$d/gpg"
cp "$GIT_CONFIG_GLOBAL" "$d/gitconfig"
printf '[gpg]\n\tprogram = %s\n[user]\n\tsigningkey = fixture\n[log]\n\tshowSignature = true\n' "$d/gpg" >>"$d/gitconfig"
GIT_CONFIG_GLOBAL=$d/gitconfig commit_on "$t" b4/sched signed -S -s -m "sched: signed" && git -C "$t" checkout -q series
out=$(fx "$d" env GIT_CONFIG_GLOBAL="$d/gitconfig" "$S/export.sh")
[ $? = 0 ] && grep -q '^+int signed;' "$d"/patches/sched/0004-*.patch
result "new-user read 25: log.showSignature and signed commits do not break make export" $? "$out"
# Read 33: a make export that failed in making branch series again (two
# postings that overlap) left the tree on another branch, its index
# that of the series half made, which a commit there would take.
d=$tmp/e33
base_fixture "$d"
t=$d/build/linux
fx "$d" "$S/tree.sh" >/dev/null && git -C "$t" branch b4/aaa b4/sched && git -C "$t" checkout -q b4/sched
# Review of read 40: and the b4 branches, which it had signed.
before=$(git -C "$t" for-each-ref refs/heads/)
out=$(fx "$d" "$S/export.sh")
rc=$?
[ "$rc" != 0 ] && grep -q 'does not apply after the postings before it' <<<"$out" &&
	[ "$(git -C "$t" branch --show-current)" = b4/sched ] && [ -z "$(git -C "$t" status --porcelain)" ] && [ ! -e "$d/build/series.index" ] &&
	[ "$(git -C "$t" for-each-ref refs/heads/)" = "$before" ]
result "new-user read 33: a make export that failed leaves the branches and the index as they were" $? "$out // $(git -C "$t" branch --show-current) $(git -C "$t" status --porcelain)"
# New-user read 40: a refused make export changes nothing. It signed the
# commits as the sender before b4 refused the cover letter's EDITME
# lines, and make tree and make clean then named commits not exported.
base_fixture "$tmp/m1"
t1=$tmp/m1/build/linux
fx "$tmp/m1" "$S/tree.sh" >/dev/null
git -C "$t1" checkout -q b4/sched
echo 'int co;' >"$t1/kernel/sched/co.c"
git -C "$t1" add kernel/sched/co.c
git -C "$t1" -c user.name="Co Worker" -c user.email=co@fixture-mail.dev commit -q -s -m "sched: co"
printf '%s\n' "Fixture series" "" "EDITME: describe it" >"$tmp/m1/cover.msg"
edit_cover "$t1" "$tmp/m1/cover.msg"
git -C "$t1" checkout -q series
before=$(git -C "$t1" for-each-ref refs/heads/)
out=$(fx "$tmp/m1" "$S/export.sh")
rc=$?
[ "$rc" != 0 ] && grep -q 'EDITME lines' <<<"$out" && [ "$(git -C "$t1" for-each-ref refs/heads/)" = "$before" ] &&
	[ "$(git -C "$t1" symbolic-ref --short HEAD)" = series ]
result "new-user read 40: a refused make export leaves the b4 branches as they were" $? "$out$(git -C "$t1" for-each-ref refs/heads/)"
# Read 41: a trailer b4 cannot encode (a non-ASCII domain) failed make
# export with an empty reason: its traceback had no CRITICAL line.
base_fixture "$tmp/x41"
fx "$tmp/x41" "$S/tree.sh" >/dev/null
git -C "$tmp/x41/build/linux" checkout -q b4/sched
git -C "$tmp/x41/build/linux" commit -q --amend --trailer "Suggested-by: Foo <foo@exámple.com>" --no-edit
git -C "$tmp/x41/build/linux" checkout -q series
out=$(fx "$tmp/x41" "$S/export.sh")
[ $? != 0 ] && grep -q '^error: b4 send -o on b4/sched: .\+' <<<"$out"
result "new-user read 41: a b4 failure without a CRITICAL line gives its reason" $? "$out"
