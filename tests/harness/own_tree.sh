# make tree: the base in build/linux and the series on branch series.

# A base tarball with the wrong checksum, or none, is refused.
base_fixture "$tmp/d"
sed "s/^BASE_SHA256=.*/BASE_SHA256=0000/" "$tmp/d/base.conf" >"$tmp/d/bad.conf"
out=$(BASE_CONF=$tmp/d/bad.conf BUILD=$tmp/d/bad "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'is not the pinned 0000' <<<"$out" && [ ! -e "$tmp/d/bad/linux" ]
result "a base tarball with the wrong checksum is refused" $? "$out"
sed "s|^BASE_TARBALL=.*|BASE_TARBALL=$tmp/d/missing.tar.xz|" "$tmp/d/base.conf" >"$tmp/d/missing.conf"
out=$(BASE_CONF=$tmp/d/missing.conf BUILD=$tmp/d/bad "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'missing.tar.xz is missing: fix BASE_TARBALL' <<<"$out" && ! grep -q apt-get <<<"$out"
result "15.10 a mistyped BASE_TARBALL is named, with the setting to fix" $? "$out"

# ... and one with the pinned checksum is committed once as tag base,
# with the posting on b4 branch b4/sched (its cover commit first) and
# all of them on branch series; a second run reuses it.
out=$(fx "$tmp/d" "$S/tree.sh")
rc=$?
t=$tmp/d/build/linux
[ "$rc" = 0 ] && [ "$(git -C "$t" rev-list --count base..series)" = 3 ] && [ "$(git -C "$t" rev-list --count base..b4/sched)" = 4 ] &&
	[ "$(git -C "$t" log -1 --format=%s "$(TREE=$t cover_commit sched)")" = "Fixture series" ] &&
	[ "$(git -C "$t" rev-parse 'series^{tree}')" = "$(git -C "$t" rev-parse 'b4/sched^{tree}')" ] &&
	[ -f "$t/kernel/sched/two.c" ] && base1=$(git -C "$t" rev-parse base) &&
	out=$(fx "$tmp/d" "$S/tree.sh") && [ "$(git -C "$t" rev-parse base)" = "$base1" ] &&
	grep -q 'patches apply to the base and give branch series' <<<"$out"
result "a verified base is committed once as tag base, the b4 branch and series on top" $? "$out"

# Issue 15.1: a new file is seen by git add and by the guard, and kept.
echo 'int mine;' >"$t/kernel/sched/mynew.c"
sed -i 's/^Fixture text\.$/Fixture text, edited./' "$tmp/d/patches/sched/0000-fixture-series.patch"
out=$(fx "$tmp/d" "$S/tree.sh")
rc=$?
[ "$rc" != 0 ] && grep -q 'kernel/sched/mynew.c' <<<"$out" && grep -q 'FORCE=1' <<<"$out" &&
	[ -f "$t/kernel/sched/mynew.c" ] && git -C "$t" add kernel/sched/mynew.c && git -C "$t" reset -q
result "15.1 a new file in the tree can be added, and make tree keeps it and names it" $? "$out"
# Read 24: status.showUntrackedFiles=no hid it from every guard, and make
# clean removed it.
git config --global status.showUntrackedFiles no
out=$(fx "$tmp/d" "$S/tree.sh")$(fx "$tmp/d" "$S/clean.sh")
[ "$(grep -c 'kernel/sched/mynew.c' <<<"$out")" = 2 ] && [ -f "$t/kernel/sched/mynew.c" ]
result "new-user read 24: make tree and make clean see a new file that status.showUntrackedFiles=no hides" $? "$out"
git config --global --unset status.showUntrackedFiles

# Issue 15.4: FORCE=0 is not FORCE=1.
out=$(fx "$tmp/d" env FORCE=0 "$S/tree.sh")
rc=$?
[ "$rc" != 0 ] && [ -f "$t/kernel/sched/mynew.c" ]
result "15.4 FORCE=0 drops nothing" $? "$out"
out=$(fx "$tmp/d" env FORCE=1 "$S/tree.sh")
rc=$?
[ "$rc" = 0 ] && [ ! -f "$t/kernel/sched/mynew.c" ] && grep -q 'Fixture text, edited' <<<"$(git -C "$t" log -1 --format=%b b4/sched~3)"
result "FORCE=1 drops it and applies the edited patches/" $? "$out"

# Issue 15.2: a patch that no longer applies leaves series as it was, and
# make export will not write patches/ from it; mended, it applies.
series1=$(git -C "$t" rev-parse series)
cp -r "$tmp/d/patches" "$tmp/d/patches.good"
sed -i 's/^ int b;$/ int zz;/' "$tmp/d/patches/sched/0003-sched-three.patch"
out=$(fx "$tmp/d" "$S/tree.sh")
rc=$?
[ "$rc" != 0 ] && grep -q '0003-sched-three.patch does not apply' <<<"$out" &&
	[ "$(git -C "$t" rev-parse series)" = "$series1" ] && [ "$(git -C "$t" symbolic-ref -q --short HEAD)" = series ] &&
	out=$(fx "$tmp/d" "$S/export.sh"); rc=$?
[ "$rc" != 0 ] && grep -q 'run make tree' <<<"$out" && [ "$(ls "$tmp/d/patches/sched" | wc -l)" = 4 ] &&
	grep -q '^ int zz;$' "$tmp/d/patches/sched/0003-sched-three.patch"
result "15.2 a patch that does not apply leaves series, and export leaves patches/, alone" $? "$out"
cp -r "$tmp/d/patches.good"/* "$tmp/d/patches/"
out=$(fx "$tmp/d" "$S/tree.sh")
rc=$?
[ "$rc" = 0 ] && [ "$(git -C "$t" rev-list --count base..series)" = 3 ]
result "15.2 mended, the series applies in full" $? "$out"

# A reused tree is still checked against patches/: a patch whose hash was
# recorded without applying it (as make export does) but which no longer
# gives branch series fails, and says so.
sed -i 's/^+int two;$/+int tw0;/' "$tmp/d/patches/sched/0002-sched-two.patch"
(PATCHES=$tmp/d/patches patches_hash >"$t/.git/applied-patches")
out=$(fx "$tmp/d" "$S/tree.sh")
rc=$?
[ "$rc" != 0 ] && grep -q 'do not give branch series' <<<"$out" && grep -q '^int two;$' "$t/kernel/sched/two.c"
result "a reused tree still proves that patches/ applies to the base" $? "$out"
cp -r "$tmp/d/patches.good"/* "$tmp/d/patches/"
(PATCHES=$tmp/d/patches patches_hash >"$t/.git/applied-patches")

# Issue 15.8: a change of base in base.conf makes the tree again.
base_fixture "$tmp/d2" other
cp "$tmp/d2/base.conf" "$tmp/d/base.conf"
out=$(fx "$tmp/d" "$S/tree.sh")
rc=$?
[ "$rc" = 0 ] && [ "$(git -C "$t" log -1 --format=%s base)" = "fixture other" ] &&
	grep -qx '# other' "$t/Makefile" && ! grep -q 'applied already' <<<"$out"
result "15.8 a tree of another base than base.conf's is made again" $? "$out"

# Issue 15.4: an interrupt of the unpack leaves neither a scratch folder
# nor a half-made build/linux. The git add of the base waits to be
# interrupted, as a 150 MB one does, and says when it is there.
mkdir -p "$tmp/slow"
printf '#!/bin/bash\ncase " $* " in *" add -f -A "*) touch %q; sleep 60 ;; esac\nexec /usr/bin/git "$@"\n' \
	"$tmp/slow/at-add" >"$tmp/slow/git"
chmod +x "$tmp/slow/git"
interrupt_at "$tmp/slow/at-add" BASE_CONF="$tmp/d/base.conf" BUILD="$tmp/d/int" PATH="$tmp/slow:$PATH" "$S/tree.sh"
[ $? = 0 ] && [ -z "$(ls -d "$tmp"/d/int/unpack.* 2>/dev/null)" ] && [ ! -e "$tmp/d/int/linux" ]
result "15.4 an interrupted unpack leaves nothing behind" $? "$(ls "$tmp/d/int")"

# Issue 15.10: a clone in a folder with a space in its name.
base_fixture "$tmp/with space/d"
out=$(fx "$tmp/with space/d" "$S/tree.sh")
rc=$?
[ "$rc" = 0 ] && [ "$(git -C "$tmp/with space/d/build/linux" rev-list --count base..series)" = 3 ]
result "15.10 paths with a space" $? "$out"

# Issue 22.3: make clean, or a new base, removes build/linux: not over a
# stash, a tag of the user's, or a file that the tree's .gitignore hides.
base_fixture "$tmp/g"
t=$tmp/g/build/linux
fx "$tmp/g" "$S/tree.sh" >/dev/null
kept() { # kept WHAT COMMAND...: COMMAND refused, WHAT named, the tree kept
	local out rc
	out=$(fx "$tmp/g" "${@:2}")
	rc=$?
	printf '%s\n' "$out"
	[ "$rc" != 0 ] && grep -q "$1" <<<"$out" && [ -d "$t" ]
}
echo 'int mine;' >>"$t/kernel/sched/core.c" && git -C "$t" stash -q
out=$(kept 'has stashes' "$S/clean.sh")
result "22.3 make clean keeps a stash" $? "$out"
base_fixture "$tmp/g2" other
out=$(kept 'has stashes' env BASE_CONF="$tmp/g2/base.conf" "$S/tree.sh")
result "22.3 a new base keeps a stash" $? "$out"
git -C "$t" stash drop -q && git -C "$t" tag mine
out=$(kept 'tags of yours: mine' "$S/clean.sh")
result "22.3 make clean keeps a tag" $? "$out"
git -C "$t" tag -d mine >/dev/null && echo notes >"$t/kernel/notes.o"
out=$(kept 'kernel/notes.o' "$S/clean.sh")
result "22.3 make clean keeps a file that .gitignore hides" $? "$out"
rm "$t/kernel/notes.o"
out=$(fx "$tmp/g" "$S/clean.sh")
[ $? = 0 ] && [ ! -e "$tmp/g/build" ]
result "22.3 with nothing of the user's left, make clean removes build/" $? "$out"

# Issue 22.5: patches/ changed (pulled) and a commit in the tree: make
# tree and make export do not send the user to each other; the way they
# give keeps both.
base_fixture "$tmp/l"
t=$tmp/l/build/linux
fx "$tmp/l" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q b4/sched
echo 'int mine;' >"$t/kernel/sched/mine.c" && git -C "$t" add kernel/sched/mine.c && git -C "$t" commit -q -m "sched: mine"
sed -i 's/^+int three;$/+int three3;/' "$tmp/l/patches/sched/0003-sched-three.patch"
out=$(fx "$tmp/l" "$S/tree.sh"; fx "$tmp/l" "$S/export.sh")
recipe=$(sed -n 's/^  \(git -C\|make\) /\1 /p' <<<"$out" | sed -n '1,4{s/  *#.*//;p}')
make() { fx "$tmp/l" env ${2:+"$2"} "$S/$1.sh"; } # the recipe's make tree FORCE=1, make export
! grep -q 'run make export\|run make tree' <<<"$out" && [ "$(grep -c '^  make tree FORCE=1' <<<"$out")" = 2 ] &&
	eval "$recipe" >/dev/null && grep -q '^+int mine;' "$tmp"/l/patches/sched/0004-*.patch &&
	grep -q '^+int three3;' "$tmp"/l/patches/sched/0003-*.patch
rc=$?
unset -f make
(exit $rc)
result "22.5 patches/ pulled and a commit in the tree: no loop between tree and export, and both kept" $? "$out"
# New-user read: after b4 prep --edit-cover (which rewrites every commit
# of the branch) the way given does not cherry-pick the whole posting: it
# keeps the branch and shows the change by git range-diff.
git -C "$t" checkout -q b4/sched
printf 'Fixture series\n\nA new text.\n' >"$tmp/l/cover.msg" && edit_cover "$t" "$tmp/l/cover.msg"
sed -i 's/^+int three3;$/+int three4;/' "$tmp"/l/patches/sched/0003-*.patch
out=$(fx "$tmp/l" "$S/tree.sh")
rc=$?
recipe=$(sed -n 's/^  \(git -C\|make\) /\1 /p' <<<"$out" | sed 's/  *#.*//')
[ "$rc" != 0 ] && grep -q 'range-diff' <<<"$recipe" && ! grep -q 'cherry-pick' <<<"$recipe" &&
	make() { fx "$tmp/l" env ${2:+"$2"} "$S/$1.sh"; } && eval "$(sed -n 1,2p <<<"$recipe")" >/dev/null &&
	git -C "$t" log -1 --format=%B "$(git -C "$t" rev-list --reverse base..mine/b4/sched | head -n 1)" | grep -q 'A new text'
rc=$?
unset -f make
(exit $rc)
result "22.5 after a new cover letter the way given keeps the branch, with a range-diff, and no cherry-pick that fails" $? "$out"

# New-user read: make tree FORCE=1 drops a rebase under way too, which
# would otherwise take series back to its old commits when aborted.
base_fixture "$tmp/r2"
fx "$tmp/r2" "$S/tree.sh" >/dev/null
GIT_SEQUENCE_EDITOR="sed -i '1s/^pick/edit/'" git -C "$tmp/r2/build/linux" rebase -q -i base >/dev/null 2>&1
out=$(fx "$tmp/r2" env FORCE=1 "$S/tree.sh")
[ $? = 0 ] && [ ! -e "$tmp/r2/build/linux/.git/rebase-merge" ] && out=$(fx "$tmp/r2" "$S/export.sh")
result "22.3 make tree FORCE=1 drops a rebase under way" $? "$out"

# New-user read: an interrupted make clean leaves no half-removed tree
# that would pass for work (a KERNEL= worktree with thousands of deleted
# files); the next make clean ends the job, the user's branch kept.
user_fixture "$tmp/ic"
rm "$tmp/ic/patches/p/0002-does-not-apply.patch"
KERNEL=$tmp/ic/src PATCHES=$tmp/ic/patches BUILD=$tmp/ic/build "$S/tree.sh" >/dev/null 2>&1
mkdir -p "$tmp/ic/bin"
printf '#!/bin/bash\ncase " $* " in *.trash-*) touch %q; sleep 60 ;; esac\nexec /bin/rm "$@"\n' "$tmp/ic/at-rm" >"$tmp/ic/bin/rm"
chmod +x "$tmp/ic/bin/rm"
interrupt_at "$tmp/ic/at-rm" BUILD="$tmp/ic/build" PATH="$tmp/ic/bin:$PATH" "$S/clean.sh"
[ $? = 0 ] && [ ! -e "$tmp/ic/build" ] && [ "$(git -C "$tmp/ic/src" worktree list | wc -l)" = 1 ] &&
	out=$(BUILD=$tmp/ic/build "$S/clean.sh" 2>&1) && [ -z "$(ls -d "$tmp"/ic/build.trash-* 2>/dev/null)" ] &&
	[ "$(git -C "$tmp/ic/src" rev-list --count main..rt-prio)" = 1 ]
result "22.3 an interrupted make clean leaves no half-removed tree; the next one ends it" $? "$out $(ls "$tmp/ic")"
# Third new-user read: the same, with an uncommitted edit and a new file
# besides: they are refused first, as the way given makes the tree with
# FORCE=1, which would drop them.
base_fixture "$tmp/l2"
t=$tmp/l2/build/linux
fx "$tmp/l2" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q b4/sched && git -C "$t" commit -q --allow-empty -m "sched: mine" &&
	echo 'int edit;' >>"$t/kernel/sched/core.c" && echo 'int new;' >"$t/kernel/sched/new.c"
sed -i 's/^+int three;$/+int three3;/' "$tmp/l2/patches/sched/0003-sched-three.patch"
out=$(fx "$tmp/l2" "$S/tree.sh"; fx "$tmp/l2" "$S/export.sh")
[ "$(grep -c 'has uncommitted changes or new files' <<<"$out")" = 2 ] &&
	! grep -q 'keep both thus' <<<"$out" && grep -q 'int edit' "$t/kernel/sched/core.c" && [ -f "$t/kernel/sched/new.c" ]
result "new-user read 3: patches/ pulled and uncommitted work: that work is refused first, not left to the FORCE=1 of the way given" $? "$out"
# Fourth read: the user's global git config (am.messageid, a Message-Id
# trailer on every commit git am makes) changes no commit of make tree,
# and so no mail.
base_fixture "$tmp/am"
git config --global am.messageid true
git config --global mailinfo.scissors true
out=$(fx "$tmp/am" "$S/tree.sh")
rc=$?
git config --global --unset am.messageid
git config --global --unset mailinfo.scissors
[ "$rc" = 0 ] && ! git -C "$tmp/am/build/linux" log --format=%B base..b4/sched | grep -qi '^Message-Id:'
result "new-user read 4: am.messageid in the user's git config adds nothing to make tree's commits" $? "$out$(git -C "$tmp/am/build/linux" log --format=%B base..b4/sched)"
# Fourth read: patches/ pulled, a commit on a b4 branch and one on
# series: the series commit is refused first, as the way given for the
# rest ends in FORCE=1, which would drop it.
base_fixture "$tmp/d4"
t=$tmp/d4/build/linux
fx "$tmp/d4" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q b4/sched && git -C "$t" commit -q --allow-empty -m "sched: mine" &&
	git -C "$t" checkout -q series && echo 'int s;' >>"$t/kernel/sched/core.c" && git -C "$t" commit -q -am "on series"
sed -i 's/^+int three;$/+int three3;/' "$tmp/d4/patches/sched/0003-sched-three.patch"
out=$(fx "$tmp/d4" "$S/tree.sh"; fx "$tmp/d4" "$S/export.sh")
[ "$(grep -c 'commits on branch series' <<<"$out")" = 2 ] && ! grep -q 'keep both thus' <<<"$out"
result "new-user read 4: a commit on series is refused before the way that ends in FORCE=1" $? "$out"
# Fifth read: a file that .gitignore hides is named before that way,
# whose make tree FORCE=1 would remove it.
base_fixture "$tmp/i5"
t=$tmp/i5/build/linux
fx "$tmp/i5" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q b4/sched && git -C "$t" commit -q --allow-empty -m "sched: mine" && echo x >"$t/kernel/mine.o"
sed -i 's/^+int three;$/+int three3;/' "$tmp/i5/patches/sched/0003-sched-three.patch"
out=$(fx "$tmp/i5" "$S/tree.sh")
[ $? != 0 ] && grep -q 'kernel/mine.o' <<<"$out" && ! grep -q 'keep both thus' <<<"$out" && [ -f "$t/kernel/mine.o" ]
result "new-user read 5: an ignored file is named before the way that ends in FORCE=1" $? "$out"
# ... and that way works in a tree whose path has a space.
base_fixture "$tmp/sp ace"
t="$tmp/sp ace/build/linux"
fx "$tmp/sp ace" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q b4/sched
echo 'int mine;' >"$t/kernel/sched/mine.c" && git -C "$t" add kernel/sched/mine.c && git -C "$t" commit -q -m "sched: mine"
sed -i 's/^+int three;$/+int three3;/' "$tmp/sp ace/patches/sched/0003-sched-three.patch"
out=$(fx "$tmp/sp ace" "$S/tree.sh")
recipe=$(sed -n 's/^  \(git -C\|make\) /\1 /p' <<<"$out" | sed -n '1,4{s/  *#.*//;p}')
make() { fx "$tmp/sp ace" env ${2:+"$2"} "$S/$1.sh"; }
eval "$recipe" >/dev/null 2>&1 && grep -q '^+int mine;' "$tmp/sp ace"/patches/sched/0004-*.patch
rc=$?
unset -f make
(exit $rc)
result "new-user read 4: the way given keeps both in a tree whose path has a space" $? "$out $recipe"
# Sixth read: the same when the pull also changed the base, which makes
# build/linux again: the way keeps the branches outside it.
base_fixture "$tmp/nb6"
base_fixture "$tmp/nb6/other" other
t=$tmp/nb6/build/linux
fx "$tmp/nb6" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q b4/sched
echo 'int mine;' >"$t/kernel/sched/mine.c" && git -C "$t" add kernel/sched/mine.c && git -C "$t" commit -q -m "sched: mine"
sed -i 's/^+int three;$/+int three3;/' "$tmp/nb6/patches/sched/0003-sched-three.patch"
cp "$tmp/nb6/other/base.conf" "$tmp/nb6/base.conf"
out=$(fx "$tmp/nb6" "$S/tree.sh")
recipe=$(sed -n 's/^  \(git -C\|make\) /\1 /p' <<<"$out" | sed 's/  *#.*//')
make() { fx "$tmp/nb6" env ${2:+"$2"} "$S/$1.sh"; }
eval "$recipe" >/dev/null 2>&1 && grep -q '^+int mine;' "$tmp"/nb6/patches/sched/0004-*.patch &&
	git -C "$t" show base:Makefile | grep -q '# other'
rc=$?
unset -f make
(exit $rc)
result "new-user read 6: the way after a pull that changed the base too keeps the commit" $? "$out // $recipe"
# Review: a tree of an older make tree (branch series alone, .git/applied
# one commit) is made again with b4 branches; commits on its series since
# are refused first, with the way to keep them.
base_fixture "$tmp/old"
t=$tmp/old/build/linux
fx "$tmp/old" "$S/tree.sh" >/dev/null
git -C "$t" for-each-ref --format='delete %(refname)' refs/heads/b4/ | git -C "$t" update-ref --stdin
rm "$t/.git/series-made" && git -C "$t" rev-parse series >"$t/.git/applied"
cp -r "$t" "$tmp/old/linux2"
git -C "$t" commit -q --allow-empty -m "sched: on old series"
out=$(fx "$tmp/old" "$S/tree.sh")
way=$(sed -n 's/.*keep them as patches (\(.*\)) to bring.*/\1/p' <<<"$out" | sed "s|DIR|$tmp/old/kept|")
[ $? = 0 ] && [ -n "$way" ] && eval "$way" >/dev/null && [ -f "$tmp/old/kept/0001-sched-on-old-series.patch" ] &&
	rm -rf "$t" && mv "$tmp/old/linux2" "$t" && out=$out$(fx "$tmp/old" "$S/tree.sh") && out=$out$(fx "$tmp/old" "$S/export.sh")
result "review: a tree of an older make tree is made again, its commits on series kept first" $? "$out"
# Seventh read: an export undone in patches/ (git checkout -- patches)
# is in the b4 branches alone: make tree refuses to drop it, and the way
# given writes it back. An export that git has is no reason to refuse.
# Eighth read: the same when the base changed too.
for other in "" other; do
	d=$tmp/ek$other
	base_fixture "$d"
	t=$d/build/linux
	git -C "$d" init -q && git -C "$d" add patches && git -C "$d" commit -q -m v0
	fx "$d" "$S/tree.sh" >/dev/null
	commit_on "$t" b4/sched w -s -m "sched: my work" && git -C "$t" checkout -q series
	fx "$d" "$S/export.sh" >/dev/null && git -C "$d" checkout -q -- patches && git -C "$d" clean -q -fd patches
	[ -z "$other" ] || { base_fixture "$d/other" other && cp "$d/other/base.conf" "$d/base.conf"; }
	out=$(fx "$d" "$S/tree.sh")
	rc=$?
	[ "$rc" != 0 ] && grep -q 'make export FORCE=1 writes it back' <<<"$out" &&
		out=$out$(fx "$d" env FORCE=1 "$S/export.sh") && grep -q '^+int w;' "$d"/patches/sched/0004-*.patch &&
		git -C "$d" add -A patches && git -C "$d" commit -q -m v1 && git -C "$d" reset -q --hard HEAD~1 &&
		out=$out$(fx "$d" "$S/tree.sh") && [ ! -e "$d"/patches/sched/0004-*.patch ]
	result "new-user read 7/8: an export undone in patches/${other:+, the base changed too,} is not dropped by make tree; one that git has is" $? "$out"
done
# Sixth read: a pull that removed a posting which has a commit of the
# user's: the way keeps that posting (make them again on a b4 branch that
# no longer existed, it said). Seventh read: a pull that changed the base
# too; the posting is moved onto the new base.
for other in "" other; do
	d=$tmp/rm$other
	base_fixture "$d"
	t=$d/build/linux
	fx "$d" "$S/tree.sh" >/dev/null
	b4t "$t" prep -n irq -f base && echo 'int i;' >>"$t/kernel/irq/manage.c" && git -C "$t" commit -q -s -am "genirq: i"
	printf 'irq\n\nAlone.\n' >"$d/cover.msg" && edit_cover "$t" "$d/cover.msg"
	fx "$d" "$S/export.sh" >/dev/null
	echo 'int mine;' >>"$t/kernel/irq/manage.c" && git -C "$t" commit -q -s -am "genirq: mine"
	git -C "$t" checkout -q series && rm -r "$d/patches/irq"
	[ -z "$other" ] || { base_fixture "$d/other" other && cp "$d/other/base.conf" "$d/base.conf"; }
	out=$(fx "$d" "$S/tree.sh")
	recipe=$(sed -n 's/^  \(git -C\|make\) /\1 /p' <<<"$out" | sed 's/  *#.*//')
	make() { fx "$d" env ${2:+"$2"} "$S/$1.sh"; }
	eval "$recipe" >/dev/null 2>&1 && grep -q '^+int mine;' "$d"/patches/irq/0002-*.patch &&
		grep -qx "base-commit: $(git -C "$t" rev-parse base)" "$d"/patches/irq/0000-*.patch
	rc=$?
	unset -f make
	(exit $rc)
	result "new-user read 6/7: the way after a pull that removed a posting${other:+ and changed the base} keeps that posting${other:+, on the new base}" $? "$out // $recipe"
done
# Eighth read: a new posting, never exported, after a pull that changed
# the base: it is moved onto the new base too (make export looped).
base_fixture "$tmp/np"
base_fixture "$tmp/np/other" other
t=$tmp/np/build/linux
fx "$tmp/np" "$S/tree.sh" >/dev/null
b4t "$t" prep -n irq -f base && echo 'int i;' >>"$t/kernel/irq/manage.c" && git -C "$t" commit -q -s -am "genirq: i" &&
	printf 'irq\n\nNew.\n' >"$tmp/np/cover.msg" && edit_cover "$t" "$tmp/np/cover.msg" && git -C "$t" checkout -q series
sed -i 's/^+int three;$/+int three3;/' "$tmp/np/patches/sched/0003-sched-three.patch" && cp "$tmp/np/other/base.conf" "$tmp/np/base.conf"
out=$(fx "$tmp/np" "$S/tree.sh")
recipe=$(sed -n 's/^  \(git -C\|make\) /\1 /p' <<<"$out" | sed 's/  *#.*//')
make() { fx "$tmp/np" env ${2:+"$2"} "$S/$1.sh"; }
eval "$recipe" >/dev/null 2>&1 && grep -q '^+int i;' "$tmp"/np/patches/irq/0001-*.patch &&
	grep -qx "base-commit: $(git -C "$t" rev-parse base)" "$tmp"/np/patches/irq/0001-*.patch
rc=$?
unset -f make
(exit $rc)
result "new-user read 8: the way after a pull that changed the base keeps a new posting, on the new base" $? "$out // $recipe"

# Read 9: a worktree of build/linux: make clean removed it, edits and
# all; make export rewrote its b4 branch, then stopped on git's error.
d=$tmp/wk9
base_fixture "$d"
t=$d/build/linux
fx "$d" "$S/tree.sh" >/dev/null
git -C "$t" worktree add -q "$d/build/wt-fix" b4/sched 2>/dev/null && echo 'int e;' >>"$d/build/wt-fix/kernel/sched/core.c"
before=$(git -C "$t" for-each-ref)
out=$(fx "$d" "$S/clean.sh")
rc=$?
out2=$(fx "$d" "$S/export.sh")
rc2=$?
out3=$(fx "$d" env FORCE=1 "$S/export.sh")
rc3=$?
[ "$rc" != 0 ] && [ "$rc2" != 0 ] && [ "$rc3" != 0 ] && grep -q 'has worktrees: .*wt-fix' <<<"$out$out2$out3" &&
	grep -q 'int e;' "$d/build/wt-fix/kernel/sched/core.c" && [ "$(git -C "$t" for-each-ref)" = "$before" ]
result "new-user read 9: make clean and make export refuse a tree that has worktrees, FORCE=1 or not" $? "$out // $out2 // $out3"

# Read 10: an export, then a hand edit to patches/, uncommitted: the way
# given (make export FORCE=1) wrote over the edit; it is committed first.
d=$tmp/he10
base_fixture "$d"
t=$d/build/linux
git -C "$d" init -q && git -C "$d" add patches && git -C "$d" commit -q -m v0
fx "$d" "$S/tree.sh" >/dev/null
git -C "$t" checkout -q b4/sched && git -C "$t" commit -q --amend -s -m "sched: three, reworded" && git -C "$t" checkout -q series
fx "$d" "$S/export.sh" >/dev/null && sed -i 's/^Subject: \(.*\)three, reworded/Subject: \1three, by hand/' "$d"/patches/sched/0003-*.patch
out=$(fx "$d" "$S/tree.sh")
rc=$?
way=$(sed -n 's/.*: commit .* as it is now (\(cd .* && git add -A \. && git commit\)), then make export FORCE=1 writes.*/\1/p' <<<"$out")
[ "$rc" != 0 ] && [ -n "$way" ] && (eval "${way% && git commit} && git commit -q -m hand") &&
	fx "$d" env FORCE=1 "$S/export.sh" >/dev/null && git -C "$d" log -p -1 | grep -q 'three, by hand'
result "new-user read 10: the way make tree gives over an undone export commits a hand edit to patches/ first" $? "$out"
# Read 11: worktrees of build/linux are refused, but not the harness's
# own, which make test leaves in build/ (base-src, um-src; stable-src of
# build/stable).
d=$tmp/wk11
base_fixture "$d"
t=$d/build/linux
fx "$d" "$S/tree.sh" >/dev/null
git -C "$t" worktree add -q --detach "$d/build/um-src" series && git -C "$t" worktree add -q --detach "$d/build/base-src" base
out=$(fx "$d" "$S/tree.sh") && out=$out$(fx "$d" "$S/export.sh") && out=$out$(fx "$d" "$S/send.sh" </dev/null) &&
	out=$out$(fx "$d" "$S/clean.sh") && [ ! -e "$d/build" ]
result "new-user read 11: the harness's own worktrees (make test's) are no worktrees of the user's" $? "$out"
# Read 11: GIT_DIR (or GIT_INDEX_FILE...) in the environment sent make
# clean's checks, and make tree's commits, to another repository.
out=$(GIT_DIR=$tmp/nothere/.git fx "$d" "$S/tree.sh") && git -C "$t" rev-parse -q --verify base >/dev/null
result "new-user read 11: GIT_DIR in the environment points no stage at another repository" $? "$out"
# Read 12: a new base, then a patch that does not apply to it: make
# tree said "the tree is as it was", which the new base had removed.
base_fixture "$tmp/r12nb"
fx "$tmp/r12nb" "$S/tree.sh" >/dev/null
base_fixture "$tmp/r12nb/other" other && cp "$tmp/r12nb/other/base.conf" "$tmp/r12nb/base.conf"
sed -i 's/^ int b;$/ int zz;/' "$tmp/r12nb/patches/sched/0003-sched-three.patch"
out=$(fx "$tmp/r12nb" "$S/tree.sh")
[ $? != 0 ] && grep -q 'has the base alone' <<<"$out" && ! grep -q 'as it was' <<<"$out"
result "new-user read 12: a new base to which a patch does not apply is not called the tree as it was" $? "$out"
# Read 12: make clean went ahead while patches/ had an export that no
# commit had: the b4 branches were its only other copy.
base_fixture "$tmp/r12pc"
git -C "$tmp/r12pc" init -q && git -C "$tmp/r12pc" add patches && git -C "$tmp/r12pc" commit -q -m v1
fx "$tmp/r12pc" "$S/tree.sh" >/dev/null
t=$tmp/r12pc/build/linux
commit_on "$t" b4/sched four -s -m "sched: four"
fx "$tmp/r12pc" "$S/export.sh" >/dev/null
out=$(fx "$tmp/r12pc" "$S/clean.sh")
[ $? != 0 ] && grep -q 'only other copy: commit them' <<<"$out" && [ -d "$t" ] &&
	git -C "$tmp/r12pc" add -A patches && git -C "$tmp/r12pc" commit -q -m v2 && out=$out$(fx "$tmp/r12pc" "$S/clean.sh") && [ ! -d "$t" ]
result "new-user read 12: make clean keeps the b4 branches while patches/ has an export that no commit has" $? "$out"
# Read 21: the same, with a commit after that export: the way given
# picked what came after the export and dropped the export.
d=$tmp/ek21
base_fixture "$d"
t=$d/build/linux
git -C "$d" init -q && git -C "$d" add patches && git -C "$d" commit -q -m v0
fx "$d" "$S/tree.sh" >/dev/null
commit_on "$t" b4/sched a -s -m "sched: exported" && git -C "$t" checkout -q series
fx "$d" "$S/export.sh" >/dev/null && git -C "$d" checkout -q -- patches && git -C "$d" clean -q -fd patches
commit_on "$t" b4/sched b -s -m "sched: after" && git -C "$t" checkout -q series
out=$(fx "$d" "$S/tree.sh")
[ $? != 0 ] && grep -q 'make export FORCE=1 writes it back' <<<"$out" && ! grep -q 'keep both thus' <<<"$out" &&
	out=$out$(fx "$d" env FORCE=1 "$S/export.sh") && grep -q '^+int a;' "$d"/patches/sched/*.patch && grep -q '^+int b;' "$d"/patches/sched/*.patch
result "new-user read 21: an export undone in patches/ and a commit after it: the export is not left out of the way" $? "$out"
# Read 25: make clean took a build/linux without tag base (the tags
# refusal says git tag -d), or one that git cannot read (made by another
# user), for no tree of its own, and dropped it, commits and all.
d=$tmp/nb25
base_fixture "$d"
t=$d/build/linux
fx "$d" "$S/tree.sh" >/dev/null && commit_on "$t" b4/sched mine -s -m "sched: mine" && git -C "$t" checkout -q series
git -C "$t" tag -d base >/dev/null
out=$(fx "$d" "$S/clean.sh")
rc=$?
way=$(sed -n 's/.*put it back (\(git -C .*\)), or move.*/\1/p' <<<"$out")
[ "$rc" != 0 ] && [ -n "$way" ] && (eval "$way") && ! out=$out$(fx "$d" "$S/clean.sh") &&
	git -C "$t" rev-parse -q --verify base >/dev/null && [ -d "$t" ]
result "new-user read 25: make clean keeps a build/linux without tag base, and the way to put it back works" $? "$out // $way"
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	chown -R nobody "$d/build"
	out=$(fx "$d" env -u SUDO_UID "$S/clean.sh")
	rc=$?
	# make export and make send said "no tree": make tree then refused.
	# Read 28: with FORCE=1, which drops nothing there; and your
	# safe.directory, which b4 does not take, let them go on.
	git config --global --add safe.directory "$t"
	# Read 29: make tree took it then, and wrote there as another user.
	o=$(fx "$d" env -u SUDO_UID "$S/tree.sh") && rc=0
	grep -q 'git cannot read' <<<"$o" && [ -z "$(find "$d/build/linux" -user root | head -n 1)" ] || rc=0
	out="$out // tree: $o"
	for st in export send; do
		o=$(fx "$d" env -u SUDO_UID "$S/$st.sh")$(fx "$d" env -u SUDO_UID FORCE=1 "$S/$st.sh") && rc=0
		[ "$(grep -o 'git cannot read' <<<"$o" | wc -l)" = 2 ] && ! grep -q 'FORCE=1' <<<"$o" || rc=0
		out="$out // $st: $o"
	done
	out=$out$(fx "$d" env -u SUDO_UID "$S/clean.sh") && rc=0
	git config --global --unset-all safe.directory
	chown -R root "$d/build"
	[ "$rc" != 0 ] && grep -q 'git cannot read' <<<"$out" && [ -d "$t" ]
	result "new-user read 25, 28, 29: make clean, tree, export and send name a build/linux that git cannot read (another owner's), and keep it" $? "$out"
else
	echo "SKIP new-user read 25: a build/ of another owner: needs root, to hand it to user nobody"
fi
# Read 26: a global ignore of patches/ (quilt's folder) hid a new patch
# from git add -A patches/ and from make clean's check of patches/; a
# build/linux without .git was sent to tag the clone's root as base.
d=$tmp/pi26
base_fixture "$d"
t=$d/build/linux
git -C "$d" init -q && git -C "$d" add patches && git -C "$d" commit -q -m v0
fx "$d" "$S/tree.sh" >/dev/null && commit_on "$t" b4/sched five -s -m "sched: five" && git -C "$t" checkout -q series
printf 'patches/\n' >"$d/ignore"
git config --global core.excludesFile "$d/ignore"
fx "$d" "$S/export.sh" >/dev/null && git -C "$d" add -A patches 2>/dev/null; git -C "$d" commit -q -m v1
out=$(fx "$d" "$S/clean.sh")
rc=$?
git config --global --unset core.excludesFile
rm -rf "$t/.git"
out2=$(fx "$d" "$S/clean.sh")
[ $? != 0 ] && [ "$rc" != 0 ] && [ -d "$t" ] && grep -q 'it has no .git' <<<"$out2" && ! grep -q 'tag base' <<<"$out2"
result "new-user read 26: make clean keeps a build/linux whose export patches/ ignores, and names one without .git" $? "$out // $out2"
# Read 29: an export not committed and a pull that added a posting: make
# tree refused, and its way (make export FORCE=1, commit) dropped the
# posting pulled. patches/ has the export whole: nothing to refuse.
d=$tmp/nb29
base_fixture "$d"
base_fixture "$d/other"
t=$d/other/build/linux
fx "$d/other" "$S/tree.sh" >/dev/null && b4t "$t" prep -n irq -f base && echo 'int i29;' >>"$t/kernel/irq/manage.c" &&
	git -C "$t" commit -q -s -am "genirq: i29" && printf 'genirq\n\nPulled.\n' >"$d/cover.msg" && edit_cover "$t" "$d/cover.msg" &&
	fx "$d/other" "$S/export.sh" >/dev/null
t=$d/build/linux
git -C "$d" init -q && fx "$d" "$S/tree.sh" >/dev/null && git -C "$d" add patches && git -C "$d" commit -q -m v1 &&
	commit_on "$t" b4/sched mine -s -m "sched: mine" && fx "$d" "$S/export.sh" >/dev/null && cp -r "$d/other/patches/irq" "$d/patches/"
out=$(fx "$d" "$S/tree.sh")
[ $? = 0 ] && git -C "$t" show b4/irq:kernel/irq/manage.c | grep -q i29 && git -C "$t" show b4/sched:kernel/sched/mine.c >/dev/null
result "new-user read 29: an export not committed and a posting pulled: make tree takes both" $? "$out"
# Read 30: a posting with two cover letters (an edited copy beside the
# old one) gave a Python traceback; read 31: two one-patch postings in
# one folder were made one posting.
d=$tmp/nb30
base_fixture "$d"
cp "$d"/patches/sched/0000-*.patch "$d/patches/sched/0000-copy.patch"
out=$(fx "$d" "$S/tree.sh")
rc=$?
rm "$d/patches/sched/0000-copy.patch" && cp "$d"/patches/sched/0001-*.patch "$d/patches/sched/0001-copy.patch"
out=$out$(fx "$d" "$S/tree.sh")
rc=$rc$?
[ "$rc" = 11 ] && grep -q 'more than one cover letter' <<<"$out" && ! grep -q Traceback <<<"$out" && grep -q 'two patches of one number' <<<"$out"
result "new-user read 30, 31: a posting with two cover letters, or two patches of one number, is named" $? "$out"
