# make tree KERNEL=: the series on a branch of the user's own tree.

# A patch that does not apply: named with its file; nothing changed.
user_fixture "$tmp/a"
before=$(state "$tmp/a/src")
out=$(KERNEL=$tmp/a/src PATCHES=$tmp/a/patches BUILD=$tmp/a/build "$S/tree.sh" 2>&1)
rc=$?
grep -q '0002-does-not-apply.patch does not apply' <<<"$out" &&
	grep -q 'kernel/sched/core.c' <<<"$out" && [ "$rc" != 0 ] &&
	[ "$before" = "$(state "$tmp/a/src")" ]
result "a patch that does not apply is named, with its file, and nothing changes" $? "$out"

# Read 42: two patches of one number (a posting renamed by an export,
# its old name left beside it) were named as a patch that does not apply.
user_fixture "$tmp/a9"
cp "$tmp"/a9/patches/p/0001-*.patch "$tmp/a9/patches/p/0001-two-again.patch"
out=$(KERNEL=$tmp/a9/src PATCHES=$tmp/a9/patches BUILD=$tmp/a9/build "$S/tree.sh" 2>&1)
[ $? != 0 ] && grep -q 'has two patches of one number (0001-two-again.patch 0001-two.patch' <<<"$out"
result "new-user read 42: make tree KERNEL= refuses a folder of two postings" $? "$out"

# The series applies to a clean user tree on a new branch, leaving
# the user's own branch and checkout alone.
rm "$tmp/a/patches/p/0002-does-not-apply.patch"
head=$(git -C "$tmp/a/src" rev-parse HEAD)
ktree() { KERNEL=$1 PATCHES=$tmp/a/patches BUILD=$tmp/a/build "${@:2}" "$S/tree.sh" 2>&1; }
out=$(ktree "$tmp/a/src")
rc=$?
[ "$rc" = 0 ] && [ "$(git -C "$tmp/a/src" rev-parse HEAD)" = "$head" ] &&
	[ "$(git -C "$tmp/a/src" rev-list --count main..rt-prio)" = 1 ] &&
	[ -z "$(git -C "$tmp/a/src" status --porcelain)" ]
result "the series goes on a new branch of a user's tree, their branch untouched" $? "$out"

# Issue 15.3: a second repository with the default BRANCH must not wipe
# the first one's worktree (nor its uncommitted edit), and make run builds
# that worktree.
wt=$tmp/a/build/worktree-rt-prio
echo 'int edit;' >>"$wt/kernel/sched/core.c"
user_fixture "$tmp/a2"
out=$(ktree "$tmp/a2/src")
rc=$?
[ "$rc" != 0 ] && grep -q 'set BRANCH=' <<<"$out" && grep -q 'int edit;' "$wt/kernel/sched/core.c" &&
	[ "$(git -C "$tmp/a2/src" worktree list | wc -l)" = 1 ]
result "15.3 a second repository does not take over the first one's worktree" $? "$out"
out=$(ktree "$tmp/a/src")
rc=$?
[ "$rc" = 0 ] && grep -q 'using it as it is' <<<"$out" && grep -q 'int edit;' "$wt/kernel/sched/core.c" &&
	[ "$(KERNEL=$tmp/a/src BUILD=$tmp/a/build bash -c '. "$0"; echo "$TREE"' "$S/lib.sh")" = "$wt" ]
result "15.3 make run KERNEL= builds that worktree, which a rerun keeps" $? "$out"

# make clean refuses the uncommitted edit, then removes the worktree
# cleanly: no prunable entry, the branch free and kept.
out=$(KERNEL= BUILD=$tmp/a/build "$S/clean.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'uncommitted' <<<"$out" && grep -q 'int edit;' "$wt/kernel/sched/core.c"
result "15.3 make clean keeps a worktree with uncommitted work" $? "$out"
git -C "$wt" commit -q -am edit
# Read 24: make clean keeps a new file too, where the user's repository sets
# status.showUntrackedFiles=no.
git -C "$tmp/a/src" config status.showUntrackedFiles no
echo 'int mine;' >"$wt/kernel/sched/mine.c"
out=$(BUILD=$tmp/a/build "$S/clean.sh" 2>&1)
[ $? != 0 ] && grep -q 'kernel/sched/mine.c' <<<"$out" && rm "$wt/kernel/sched/mine.c"
result "new-user read 24: make clean keeps a new file that the repository's status.showUntrackedFiles=no hides" $? "$out"
out=$(BUILD=$tmp/a/build "$S/clean.sh" 2>&1)
rc=$?
[ "$rc" = 0 ] && [ ! -e "$tmp/a/build" ] && [ "$(git -C "$tmp/a/src" worktree list | wc -l)" = 1 ] &&
	[ "$(git -C "$tmp/a/src" rev-list --count main..rt-prio)" = 2 ]
result "15.3 make clean removes the worktree cleanly, the branch kept" $? "$out"

# Issue 22.3: make tree KERNEL= after make clean checks the branch, with
# the user's commit, out again; no advice deletes it.
out=$(ktree "$tmp/a/src")
rc=$?
[ "$rc" = 0 ] && grep -q 'checked out again' <<<"$out" && ! grep -q 'branch -D' <<<"$out" &&
	grep -q 'int edit;' "$wt/kernel/sched/core.c" && [ "$(git -C "$wt" rev-list --count main..HEAD)" = 2 ]
result "22.3 after make clean, make tree KERNEL= takes the branch with the user's commit back" $? "$out"

# Issue 22.5: patches/ changed since: a branch with a commit of the user's
# is refused and kept; one without is made again from the new patches/.
sed -i 's/^+int c;$/+int c2;/' "$tmp/a/patches/p/0001-two.patch"
out=$(ktree "$tmp/a/src")
rc=$?
[ "$rc" != 0 ] && grep -q 'commits or changes of yours.*set BRANCH=' <<<"$out" && grep -q 'int edit;' "$wt/kernel/sched/core.c"
result "22.5 patches/ changed: make tree KERNEL= keeps a branch with the user's commit" $? "$out"
git -C "$wt" reset -q --hard HEAD~1
out=$(ktree "$tmp/a/src")
rc=$?
[ "$rc" = 0 ] && grep -q 'making it again' <<<"$out" && grep -qx 'int c2;' "$wt/kernel/sched/core.c" &&
	[ "$(git -C "$wt" rev-list --count main..HEAD)" = 1 ] && out=$(ktree "$tmp/a/src") && grep -q 'using it as it is' <<<"$out"
result "22.5 patches/ changed: make tree KERNEL= makes a stale worktree again" $? "$out"

# A user tree with uncommitted work is refused and left as it was.
user_fixture "$tmp/b"
echo 'int mine;' >>"$tmp/b/src/kernel/sched/core.c"
before=$(state "$tmp/b/src")
out=$(KERNEL=$tmp/b/src PATCHES=$tmp/b/patches BUILD=$tmp/b/build "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'uncommitted work' <<<"$out" &&
	[ "$before" = "$(state "$tmp/b/src")" ] &&
	grep -q 'int mine;' "$tmp/b/src/kernel/sched/core.c"
result "a user tree with uncommitted work is refused and untouched" $? "$out"

# A path that does not exist, or is not a kernel git tree, is refused.
out=$(KERNEL=$tmp/c/nonexistent BUILD=$tmp/c/build "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'does not exist' <<<"$out"
result "15.10 a path that does not exist is named so" $? "$out"
mkdir -p "$tmp/c/notgit"
out=$(KERNEL=$tmp/c/notgit BUILD=$tmp/c/build "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'not a git tree' <<<"$out"
result "a path that is not a git tree is refused" $? "$out"
git -C "$tmp/c/notgit" init -q && touch "$tmp/c/notgit/README" &&
	git -C "$tmp/c/notgit" add -A && git -C "$tmp/c/notgit" commit -q -m x
out=$(KERNEL=$tmp/c/notgit BUILD=$tmp/c/build "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'not a kernel tree' <<<"$out"
result "a git tree that is not a kernel tree is refused" $? "$out"

# Read 9: make clean removed a KERNEL= worktree with a rebase under way
# (the amended commit on no branch after), or with commits on no branch;
# and stopped on git's error once the repository had moved.
user_fixture "$tmp/w9"
rm "$tmp/w9/patches/p/0002-does-not-apply.patch"
KERNEL=$tmp/w9/src PATCHES=$tmp/w9/patches BUILD=$tmp/w9/build "$S/tree.sh" >/dev/null 2>&1
wt=$tmp/w9/build/worktree-rt-prio
GIT_SEQUENCE_EDITOR="sed -i '1s/^pick/edit/'" git -C "$wt" rebase -q -i HEAD~1 >/dev/null 2>&1
git -C "$wt" commit -q --amend -m "two, amended"
out=$(BUILD=$tmp/w9/build "$S/clean.sh" 2>&1)
rc=$?
git -C "$wt" rebase --continue >/dev/null 2>&1
git -C "$wt" checkout -q --detach && git -C "$wt" commit -q --allow-empty -m loose
out2=$(BUILD=$tmp/w9/build "$S/clean.sh" 2>&1)
rc2=$?
[ "$rc" != 0 ] && grep -q 'under way' <<<"$out" && [ "$rc2" != 0 ] && grep -q 'commits on no branch' <<<"$out2" &&
	[ -e "$wt" ] && [ "$(git -C "$wt" log -1 --format=%s rt-prio)" = "two, amended" ]
result "new-user read 9: make clean keeps a KERNEL= worktree with a rebase under way or commits on no branch" $? "$out // $out2"
git -C "$wt" checkout -q rt-prio
mv "$tmp/w9/src" "$tmp/w9/moved"
out=$(BUILD=$tmp/w9/build "$S/clean.sh" 2>&1)
rc=$?
[ "$rc" = 1 ] && grep -q 'worktree repair' <<<"$out" && git -C "$tmp/w9/moved" worktree repair "$wt" >/dev/null 2>&1 &&
	out=$out$(BUILD=$tmp/w9/build "$S/clean.sh" 2>&1) && [ ! -e "$tmp/w9/build" ] &&
	[ "$(git -C "$tmp/w9/moved" worktree list | wc -l)" = 1 ]
result "new-user read 9: make clean after the KERNEL= repository moved names the repair" $? "$out"
# Read 10: ... and files its .gitignore hides (format-patch output in
# patches/, a .config, *.orig), which make clean removed.
user_fixture "$tmp/w10"
rm "$tmp/w10/patches/p/0002-does-not-apply.patch"
KERNEL=$tmp/w10/src PATCHES=$tmp/w10/patches BUILD=$tmp/w10/build "$S/tree.sh" >/dev/null 2>&1
echo '*.orig' >>"$tmp/w10/src/.git/info/exclude" && echo keep >"$tmp/w10/build/worktree-rt-prio/core.c.orig"
out=$(BUILD=$tmp/w10/build "$S/clean.sh" 2>&1)
[ $? != 0 ] && grep -q 'its .gitignore hides' <<<"$out" && [ -e "$tmp/w10/build/worktree-rt-prio/core.c.orig" ]
result "new-user read 10: make clean keeps a KERNEL= worktree with files its .gitignore hides" $? "$out"
# Read 10: make tree KERNEL= BASE= on a branch made from another start
# said "using it as it is".
out=$(KERNEL=$tmp/w10/src PATCHES=$tmp/w10/patches BUILD=$tmp/w10/build BASE=main~1 "$S/tree.sh" 2>&1)
[ $? != 0 ] && grep -q 'not from BASE=main~1: .*set BRANCH=' <<<"$out"
result "new-user read 10: make tree KERNEL= BASE= on a branch made from another start is refused" $? "$out"
# Read 11: make clean passed over the worktree of a BRANCH with a slash
# (build/worktree-jane/rt-prio), uncommitted work and all.
user_fixture "$tmp/w11"
rm "$tmp/w11/patches/p/0002-does-not-apply.patch"
KERNEL=$tmp/w11/src PATCHES=$tmp/w11/patches BUILD=$tmp/w11/build BRANCH=jane/rt-prio "$S/tree.sh" >/dev/null 2>&1
wt=$(KERNEL=$tmp/w11/src BUILD=$tmp/w11/build BRANCH=jane/rt-prio bash -c '. "$0"; echo "$TREE"' "$S/lib.sh")
echo 'int mine;' >>"$wt/kernel/sched/core.c"
out=$(BUILD=$tmp/w11/build "$S/clean.sh" 2>&1)
[ $? != 0 ] && grep -q 'uncommitted work' <<<"$out" && grep -q 'int mine;' "$wt/kernel/sched/core.c"
result "new-user read 11: make clean keeps the worktree of a BRANCH with a slash" $? "$out"
# Read 12: a KERNEL= worktree deleted by hand (not by make clean) is
# still checked out for git: make tree said "set BRANCH=".
user_fixture "$tmp/w12"
rm "$tmp/w12/patches/p/0002-does-not-apply.patch"
KERNEL=$tmp/w12/src PATCHES=$tmp/w12/patches BUILD=$tmp/w12/build "$S/tree.sh" >/dev/null 2>&1
rm -rf "$tmp/w12/build/worktree-rt-prio"
out=$(KERNEL=$tmp/w12/src PATCHES=$tmp/w12/patches BUILD=$tmp/w12/build "$S/tree.sh" 2>&1)
[ $? = 0 ] && grep -q 'deleted by hand' <<<"$out" && grep -q 'int c;' "$tmp/w12/build/worktree-rt-prio/kernel/sched/core.c"
result "new-user read 12: make tree KERNEL= after its worktree was deleted by hand checks the branch out again" $? "$out"
# Read 14: an interrupted make tree KERNEL= left a branch with part of
# the series, which the next make tree took for the user's work.
user_fixture "$tmp/w14"
mkdir -p "$tmp/w14/slow"
printf '#!/bin/bash\ncase " $* " in *" am "*0002-*) touch %q; sleep 60 ;; esac\nexec /usr/bin/git "$@"\n' \
	"$tmp/w14/at-am" >"$tmp/w14/slow/git"
chmod +x "$tmp/w14/slow/git"
before=$(state "$tmp/w14/src")
interrupt_at "$tmp/w14/at-am" KERNEL="$tmp/w14/src" PATCHES="$tmp/w14/patches" BUILD="$tmp/w14/build" PATH="$tmp/w14/slow:$PATH" "$S/tree.sh"
[ $? = 0 ] && [ "$before" = "$(state "$tmp/w14/src")" ] && [ ! -e "$tmp/w14/build/worktree-rt-prio" ]
result "new-user read 14: an interrupted make tree KERNEL= leaves the user's repository as it was" $? "$(state "$tmp/w14/src")"
# Read 17: Ctrl-C while git worktree add checks the new branch out (a
# hook stands in for a kernel's long checkout) left the branch, which
# the next make tree refused as not its own.
user_fixture "$tmp/w17"
rm "$tmp/w17/patches/p/0002-does-not-apply.patch"
before=$(state "$tmp/w17/src")
# The harness's git runs no hook of the user's: git worktree add is
# given this one.
mkdir -p "$tmp/w17/hooks" "$tmp/w17/slow"
printf '#!/bin/sh\ntouch "%s"\nsleep 30\n' "$tmp/w17/at-checkout" >"$tmp/w17/hooks/post-checkout"
printf '#!/bin/bash\ncase " $* " in *" worktree add "*) exec /usr/bin/git -c core.hooksPath=%q "$@" ;; esac\nexec /usr/bin/git "$@"\n' \
	"$tmp/w17/hooks" >"$tmp/w17/slow/git"
chmod +x "$tmp/w17/hooks/post-checkout" "$tmp/w17/slow/git"
interrupt_at "$tmp/w17/at-checkout" KERNEL="$tmp/w17/src" PATCHES="$tmp/w17/patches" BUILD="$tmp/w17/build" PATH="$tmp/w17/slow:$PATH" "$S/tree.sh"
rc=$?
after=$(state "$tmp/w17/src")
[ "$rc" = 0 ] && [ "$after" = "$before" ]
result "new-user read 17: Ctrl-C during make tree KERNEL='s checkout leaves the user's tree as it was" $? "$before // $after"
# Read 22: make clean pruned every missing worktree of the user's
# repository (one of theirs on a disk not mounted, its commit with it);
# and it dropped a bisect under way in the harness's worktree, to which
# make tree KERNEL= had sent the user as "in use".
user_fixture "$tmp/w22"
rm "$tmp/w22/patches/p/0002-does-not-apply.patch"
src=$tmp/w22/src
git -C "$src" worktree add -q --detach "$tmp/w22/theirs" && git -C "$tmp/w22/theirs" commit -q --allow-empty -m "my detached work" &&
	mv "$tmp/w22/theirs" "$tmp/w22/theirs.away"
KERNEL=$src PATCHES=$tmp/w22/patches BUILD=$tmp/w22/build "$S/tree.sh" >/dev/null 2>&1
wt=$tmp/w22/build/worktree-rt-prio
git -C "$wt" bisect start HEAD HEAD~1 >/dev/null 2>&1
out=$(KERNEL=$src PATCHES=$tmp/w22/patches BUILD=$tmp/w22/build "$S/tree.sh" 2>&1)
rc=$?
out2=$(BUILD=$tmp/w22/build "$S/clean.sh" 2>&1)
rc2=$?
git -C "$wt" bisect reset >/dev/null 2>&1
out3=$(BUILD=$tmp/w22/build "$S/clean.sh" 2>&1)
rc3=$?
[ "$rc" != 0 ] && grep -q 'bisect' <<<"$out" && ! grep -q 'another repository' <<<"$out" && [ "$rc2" != 0 ] && grep -q 'bisect' <<<"$out2" &&
	[ "$rc3" = 0 ] && git -C "$src" worktree list | grep -q "theirs " && ! git -C "$src" worktree list | grep -q worktree-rt-prio
result "new-user read 22: make clean keeps a bisect under way, and the user's own worktrees' entries" $? "$out // $out2 // $out3 // $(git -C "$src" worktree list)"
# Read 35: BRANCH=a/b and BRANCH=a-b have one folder, worktree-a-b: the
# second was told to switch to its branch there, which did not exist.
user_fixture "$tmp/w35"
rm "$tmp/w35/patches/p/0002-does-not-apply.patch"
KERNEL=$tmp/w35/src PATCHES=$tmp/w35/patches BUILD=$tmp/w35/build BRANCH=a/b "$S/tree.sh" >/dev/null 2>&1
out=$(KERNEL=$tmp/w35/src PATCHES=$tmp/w35/patches BUILD=$tmp/w35/build BRANCH=a-b "$S/tree.sh" 2>&1)
[ $? != 0 ] && grep -q 'folder of BRANCH=a/b too.*set BRANCH= to another name' <<<"$out" && ! grep -q 'switch a-b' <<<"$out" &&
	[ "$(git -C "$tmp/w35/build/worktree-a-b" symbolic-ref --short HEAD)" = a/b ]
result "new-user read 35: two BRANCH= names of one worktree folder are named as such" $? "$out"
