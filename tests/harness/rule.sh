# The one rule: for each command, a build/linux and a build/stable that
# hold an uncommitted edit, an untracked file, an ignored file, a stash,
# a tag, another branch and a commit not yet exported (and a copy moved
# aside, a bare clone) come out with all of them, and the command did
# its job or named what was in the way.

# work REPO BRANCH FILE: all of those, BRANCH checked out, FILE edited.
work() {
	local r=$1
	git -C "$r" checkout -q "$2"
	echo 'int mine;' >>"$r/$3" && git -C "$r" commit -q -am "mine: not exported"
	git -C "$r" checkout -q -b other && echo 'int other;' >"$r/other.c" && git -C "$r" add other.c && git -C "$r" commit -q -m other
	git -C "$r" checkout -q "$2" && git -C "$r" tag mine-tag
	echo 'int stashed;' >>"$r/$3" && git -C "$r" stash -q
	echo 'int edit;' >>"$r/$3" && echo untracked >"$r/untracked.c" && echo ignored >"$r/ignored.o"
}
# held REPO: what the rule keeps, to compare before and after.
held() {
	git -C "$1" for-each-ref --format='%(refname) %(objectname)' | grep -v 'refs/heads/b4-wt\|refs/remotes'
	git -C "$1" symbolic-ref HEAD
	git -C "$1" status --porcelain --ignored=matching | grep -v '^!! \.\?[a-z-]*wt/$'
	git -C "$1" diff
	cat "$1/untracked.c" "$1/ignored.o"
}

# The commands, each with how it shows it did its job.
declare -A did=(
	[tree]='[ -e "$d/build/src/kernel/sched/three.c" ]'
	[run-tree]='[ -e "$d/build/src/kernel/sched/three.c" ]'
	[export]='grep -q "mine: not exported" "$d"/patches/sched/0004-*.patch'
	[send]='grep -q "Subject: \[PATCH 4/4\] mine: not exported" <<<"$out"'
	[clean]='[ ! -e "$d/build/x86_64" ] && [ ! -e "$d/build/src" ]'
	[stable-tree]='true'
)
# Through the Makefile; make run's first step, tree.sh, alone.
declare -A how=([run-tree]="$S/tree.sh")
for c in tree run-tree export send clean stable-tree; do
	d=$tmp/rule-$c
	fixture "$d"
	fx "$d" "$S/tree.sh" >/dev/null && fx "$d" "$S/stable.sh" tree >/dev/null
	work "$d/build/linux" b4/sched kernel/sched/core.c
	work "$d/build/stable" backport kernel/irq/manage.c
	mkdir -p "$d/build/x86_64" && touch "$d/build/x86_64/vmlinux" && cp -a "$d/build/stable" "$d/build/stable.old"
	git clone -q --bare "$d/build/linux" "$d/build/linux.git"
	before=$(held "$d/build/linux"; held "$d/build/stable"; held "$d/build/stable.old"; held "$d/build/linux.git" 2>/dev/null)
	# shellcheck disable=SC2086
	out=$(fx "$d" ${how[$c]:-make -s -C "$TOP" $c})
	rc=$?
	after=$(held "$d/build/linux"; held "$d/build/stable"; held "$d/build/stable.old"; held "$d/build/linux.git" 2>/dev/null)
	[ "$before" = "$after" ] && { { [ "$rc" = 0 ] && eval "${did[$c]}"; } || { [ "$rc" != 0 ] && grep -q '^error: ' <<<"$out"; }; }
	result "rule: make $c keeps the work in build/linux, build/stable, one moved aside and a bare clone, and does its job or names what is in the way" $? \
		"rc $rc: $out $(diff <(echo "$before") <(echo "$after"))"
done

# What is in the way is named with the command that moves it.
d=$tmp/rule-inway
fixture "$d" && mkdir -p "$d/build/linux" && echo mine >"$d/build/linux/notes"
out=$(fx "$d" "$S/tree.sh")
[ $? != 0 ] && grep -q "mv $d/build/linux $d/build/linux.old" <<<"$out" && [ "$(cat "$d/build/linux/notes")" = mine ]
result "rule: make tree names a build/linux that is no tree of its, with the mv that moves it" $? "$out"
fx "$d" "$S/stable.sh" tree >/dev/null && rm -rf "$d/build/linux" && fx "$d" "$S/tree.sh" >/dev/null
echo edit >>"$d/patches/sched/0001-sched-one.patch"
out=$(fx "$d" "$S/export.sh")
[ $? != 0 ] && grep -q 'git add -A' <<<"$out" && grep -q '^edit$' "$d/patches/sched/0001-sched-one.patch"
result "rule: make export refuses a patches/ that git does not hold, naming the commit that keeps it" $? "$out"
# KERNEL=: the series by git am on a new branch, in build/worktree-BRANCH;
# the user's checkout and its uncommitted edit stay; run again, it is used.
d=$tmp/rule-kernel
fixture "$d" && git init -q "$d/k" && tar -C "$d/k" --strip-components=1 -xf "$d/base.tar.xz"
git -C "$d/k" add -f -A && git -C "$d/k" commit -q -m base && echo edit >>"$d/k/kernel/irq/manage.c"
before=$(held "$d/k" 2>/dev/null)
out=$(fx "$d" make -s -C "$TOP" tree KERNEL="$d/k")$(fx "$d" make -s -C "$TOP" tree KERNEL="$d/k")
[ -z "$(comm -23 <(sort <<<"$before") <(held "$d/k" 2>/dev/null | sort))" ] && [ "$(git -C "$d/build/worktree-rt-prio" rev-list --count "$(git -C "$d/k" rev-parse HEAD)..rt-prio")" = 3 ] && grep -q 'used as it is' <<<"$out"
result "rule: make tree KERNEL= adds a branch and a worktree, the user's checkout untouched" $? "$out"
# A KERNEL= the series does not apply to: the branch and worktree that
# make tree made are gone again, so a second run cannot take them.
d=$tmp/rule-kernel-bad
fixture "$d" && git init -q "$d/k" && mkdir -p "$d/k/kernel/sched" && echo mine >"$d/k/kernel/sched/one.c"
git -C "$d/k" add -A && git -C "$d/k" commit -q -m mine
out=$(fx "$d" make -s -C "$TOP" tree KERNEL="$d/k")
[ $? != 0 ] && grep -q 'does not apply' <<<"$out" && ! git -C "$d/k" rev-parse -q --verify rt-prio >/dev/null && [ ! -e "$d/build/worktree-rt-prio" ]
result "rule: make tree KERNEL= that does not apply leaves no branch or worktree behind" $? "$out"
