# Issue 22.3: build/stable, where the backport is edited, has the guard
# build/linux has. A fixture base with the 6.12 base's layout; its first
# patch stands for the backport, its second for the test-only patch.
st() { # st DIR ARGS: stable.sh on the fixture DIR
	local d=$1
	shift
	STABLE_CONF=$d/base.conf STABLE_DIR=$d/stable BUILD=$d/build "$S/stable.sh" "$@" 2>&1
}
stable_fixture() {
	base_fixture "$1"
	mkdir -p "$1/stable/test"
	mv "$1"/patches/sched/0001-*.patch "$1/stable/"
	mv "$1"/patches/sched/0002-*.patch "$1/stable/test/"
	st "$1" tree >/dev/null
}
# way FROM TO: the commands of a refusal in $out, its lines FROM to TO;
# run_way CMDS runs them as a user would, make being stable.sh on $s.
way() { sed -n "/$1/,/$2/s/^  //p" <<<"$out"; }
run_way() {
	(
		make() { case $1 in stable-tree) FORCE=${2#FORCE=} st "$s" tree ;; stable-export) st "$s" export ;; esac; }
		eval "$1"
	) >/dev/null 2>&1
}

s=$tmp/st1
stable_fixture "$s"
git -C "$s/build/stable" checkout -q backport
echo 'int mine;' >>"$s/build/stable/kernel/sched/core.c"
git -C "$s/build/stable" commit -q -am "mine, on backport"
mine=$(git -C "$s/build/stable" rev-parse HEAD)
sed -i 's/^Subject: .*/&, reworded upstream/' "$s"/stable/*.patch
out=$(st "$s" tree)
rc=$?
[ "$rc" != 0 ] && grep -q 'has work on backport or with that it lacks' <<<"$out" &&
	[ "$(git -C "$s/build/stable" rev-parse backport)" = "$mine" ]
result "22.3 make stable-tree keeps an unexported commit on backport" $? "$out"
out=$(BUILD=$s/build "$S/clean.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && [ "$(git -C "$s/build/stable" rev-parse backport)" = "$mine" ]
result "22.3 make clean keeps an unexported commit on build/stable's backport" $? "$out"

s=$tmp/st2
stable_fixture "$s"
before=$(cat "$s"/stable/test/*.patch)
git -C "$s/build/stable" checkout -q with
echo 'int fix;' >>"$s/build/stable/kernel/sched/core.c"
git -C "$s/build/stable" commit -q -am "a fix, on with by mistake"
out=$(st "$s" export)
rc=$?
[ "$rc" != 0 ] && grep -q 'branch with has 2 commits' <<<"$out" && [ "$(cat "$s"/stable/test/*.patch)" = "$before" ]
result "22.3 make stable-export never takes a commit on with for the test-only patch" $? "$out"
echo 'int dirty;' >>"$s/build/stable/kernel/sched/core.c"
out=$(st "$s" export)
rc=$?
[ "$rc" != 0 ] && grep -q 'uncommitted changes' <<<"$out" && grep -q dirty "$s/build/stable/kernel/sched/core.c"
result "22.3 make stable-export refuses over uncommitted changes" $? "$out"

# New-user read: make clean keeps a commit on a branch of the user's own
# in build/stable.
s=$tmp/st4
stable_fixture "$s"
git -C "$s/build/stable" checkout -q -b mywork backport
echo 'int mywork;' >>"$s/build/stable/kernel/sched/core.c"
git -C "$s/build/stable" commit -q -am "mine, on a branch of my own"
out=$(BUILD=$s/build "$S/clean.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && git -C "$s/build/stable" rev-parse -q --verify mywork >/dev/null
result "22.3 make clean keeps a commit on another branch of build/stable" $? "$out"

# New-user read: make stable-export does not write over a hand edit in
# stable/; a stable/ patch that does not apply leaves the branches as
# they were, and once mended make stable-tree applies it.
s=$tmp/st5
stable_fixture "$s"
backport=$(git -C "$s/build/stable" rev-parse backport)
sed -i 's/^Subject: .*/&, HAND EDIT/' "$s"/stable/*.patch
out=$(st "$s" export)
rc=$?
[ "$rc" != 0 ] && grep -q 'run make stable-tree' <<<"$out" && grep -q 'HAND EDIT' "$s"/stable/*.patch
result "22.3 make stable-export keeps a hand edit in stable/" $? "$out"
cp "$s"/stable/*.patch "$s/good.patch"
sed -i 's/^+int one;/+int one_changed;/; s/^ int b;/ int nothere;/' "$s"/stable/*.patch
out=$(st "$s" tree)
rc=$?
[ "$rc" != 0 ] && grep -q 'does not apply' <<<"$out" && [ "$(git -C "$s/build/stable" rev-parse backport)" = "$backport" ] &&
	cp "$s/good.patch" "$s"/stable/0001-*.patch && st "$s" tree >/dev/null &&
	git -C "$s/build/stable" log -1 --format=%s backport | grep -q 'HAND EDIT'
result "22.3 a stable/ patch that does not apply leaves build/stable as it was; mended, it applies" $? "$out"

# Issue 22.5: make stable-tree and stable-export take build/'s lock.
s=$tmp/st3
mkdir -p "$s/build"
(BUILD=$s/build && lock_build && exec sleep 5) &
pid=$!
sleep 0.5
out=$(STABLE_CONF=$tmp/st2/base.conf STABLE_DIR=$tmp/st2/stable BUILD=$s/build "$S/stable.sh" tree 2>&1)
rc=$?
kill "$pid" 2>/dev/null
wait "$pid"
[ "$rc" != 0 ] && grep -q "in use by another command (pid $pid" <<<"$out" && [ ! -e "$s/build/stable" ]
result "22.5 make stable-tree is refused while another command holds build/" $? "$out"

# Issue 22.3: notes under --- of the backport survive make stable-tree.
s=$tmp/st5
stable_fixture "$s"
git -C "$s/build/stable" checkout -q backport
git -C "$s/build/stable" commit -q --amend -m "sched: one" -m "---" -m "Tested on the fixture."
git -C "$s/build/stable" checkout -q with && git -C "$s/build/stable" rebase -q backport >/dev/null 2>&1
out=$(st "$s" export && rm -rf "$s/build" && st "$s" tree && st "$s" export FORCE=1)
sed -n '/^---$/,/^ kernel/p' "$s"/stable/0001-*.patch | grep -qx 'Tested on the fixture.'
result "22.3 notes under --- of a backport survive make stable-tree and stable-export" $? "$out$(cat "$s"/stable/0001-*.patch)"

# A second make stable-export, after another commit, is not sent to make
# stable-tree (which would refuse over that commit, sending it back).
reword() { # reword SUBJECT: the backport's new message, with branch with on it
	git -C "$s/build/stable" checkout -q backport
	git -C "$s/build/stable" commit -q --amend -m "$1" -m "---" -m "Tested on the fixture."
	git -C "$s/build/stable" checkout -q with && git -C "$s/build/stable" rebase -q backport >/dev/null 2>&1
}
reword "sched: one, reworded" && st "$s" export >/dev/null && reword "sched: one, twice"
out=$(st "$s" export)
[ $? = 0 ] && grep -q '^Subject: .*sched: one, twice' "$s"/stable/0001-*.patch
result "22.5 make stable-export after make stable-export: no loop with make stable-tree" $? "$out"

# Fourth read: a new commit on backport, and an amended one, reach the
# branches that make test runs (with, without): what is sent is tested.
s=$tmp/st6
stable_fixture "$s"
b=$s/build/stable
commit_on "$b" backport more
out=$(st "$s" export)
rc=$?
ok() { git -C "$b" merge-base --is-ancestor backport "$1" && [ "$(git -C "$b" rev-list --count backport.."$1")" = "$2" ]; }
[ "$rc" = 0 ] && ok with 1 && ok without 2 && grep -q '^+int more;' "$s"/stable/0002-*.patch &&
	git -C "$b" checkout -q backport && git -C "$b" commit -q --amend -m "sched: more, amended" && out=$out$(st "$s" export) &&
	ok with 1 && ok without 2 && grep -q 'more, amended' "$s"/stable/0002-*.patch
result "new-user read 4: a commit on backport, new or amended, is in the branches make test runs" $? "$out$(git -C "$b" log --oneline --graph --all)"
# stable/ edited (pulled) and a commit on backport: make stable-tree and
# make stable-export do not send the user to each other; the way given
# keeps both.
s=$tmp/st7
stable_fixture "$s"
b=$s/build/stable
commit_on "$b" backport mine
sed -i 's/^Subject: .*/&, pulled/' "$s"/stable/0001-*.patch
out=$(st "$s" tree)
recipe=$(way 'keep both thus' 'make stable-export')
! grep -q 'run make stable-export' <<<"$out" && [ -n "$recipe" ] && run_way "$recipe" &&
	grep -q '^+int mine;' "$s"/stable/0002-*.patch && grep -q 'pulled' "$s"/stable/0001-*.patch
result "new-user read 4: stable/ pulled and a commit on backport: no loop between stable-tree and stable-export, both kept" $? "$out // $recipe // $(ls "$s/stable")"
# Fourth read: make stable-export signs the 6.18.y backport, of which
# there is no tree here, as the sender too (make send refuses a stand-in).
s=$tmp/st8
stable_fixture "$s"
st "$s" export >/dev/null && mkdir "$s/stable/6.18.y" &&
	sed 's/^Subject: \[PATCH 6.12.y\]/Subject: [PATCH 6.18.y]/; s/^Signed-off-by: Fixture .*/Signed-off-by: Seed <seed@seed.example>/' \
		"$s"/stable/0001-*.patch >"$s/stable/6.18.y/0001-one.patch"
out=$(st "$s" export)
f=$s/stable/6.18.y/0001-one.patch
[ $? = 0 ] && sed '/^---$/q' "$f" | grep -qx 'Signed-off-by: Fixture <fixture@fixture-mail.dev>' && ! grep -q 'seed\.example' "$f" &&
	[ "$(sed '/^---$/q' "$f" | tail -n 2 | head -n 1)" = 'Signed-off-by: Fixture <fixture@fixture-mail.dev>' ] &&
	sed -n '/^---$/,$p' "$f" | grep -q '^+int one;'
result "new-user read 4: make stable-export signs the 6.18.y backport as the sender" $? "$out$(cat "$f")"
# Fifth read: with rebased onto a backport that gained a commit (one
# commit past it, as the advice has it) is exported.
s=$tmp/st9
stable_fixture "$s"
b=$s/build/stable
commit_on "$b" backport fix2 && git -C "$b" checkout -q with && git -C "$b" rebase -q backport >/dev/null 2>&1
out=$(st "$s" export)
[ $? = 0 ] && grep -q '^+int fix2;' "$s"/stable/0002-*.patch
result "new-user read 5: a with rebased onto a grown backport is exported" $? "$out"
# Sixth read: make stable-tree makes build/stable again from a changed
# stable.conf base (a new point release), as make tree does.
s=$tmp/st10
stable_fixture "$s"
base_fixture "$s/f2" other
cp "$s/f2/base.conf" "$s/base.conf"
out=$(st "$s" tree)
[ $? = 0 ] && git -C "$s/build/stable" show base:Makefile | grep -q '# other'
result "new-user read 6: make stable-tree makes the tree again from a changed base" $? "$out"
# Eighth read: an export undone in stable/ (git checkout -- stable) is
# in build/stable alone: make stable-tree refuses to drop it.
s=$tmp/st11
stable_fixture "$s"
git -C "$s" init -q && git -C "$s" add stable && git -C "$s" commit -q -m v0
commit_on "$s/build/stable" backport mine -m "mine, on backport"
st "$s" export >/dev/null && git -C "$s" checkout -q -- stable && git -C "$s" clean -q -fd stable
out=$(st "$s" tree)
rc=$?
[ "$rc" != 0 ] && grep -q 'make stable-export FORCE=1 writes it back' <<<"$out" &&
	git -C "$s/build/stable" log -1 --format=%s backport | grep -q 'mine, on backport'
result "new-user read 8: make stable-tree keeps what make stable-export wrote and stable/ undid" $? "$out"
# Read 15: stable/ pulled and the test-only patch edited on with: the
# way named backport alone, and its make stable-tree FORCE=1 dropped
# the edit.
s=$tmp/st15
stable_fixture "$s"
b=$s/build/stable
git -C "$b" checkout -q with && echo 'int mytest;' >>"$b/kernel/sched/two.c" && git -C "$b" commit -q --amend -a --no-edit
sed -i 's/^Subject: .*/&, pulled/' "$s"/stable/0001-*.patch
out=$(st "$s" tree)
recipe=$(way 'keep both thus' 'make stable-export')
grep -q 'work on backport or with' <<<"$out" && [ -n "$recipe" ] && run_way "$recipe" &&
	grep -q "^+int mytest;" "$s"/stable/test/*.patch && grep -q 'pulled' "$s"/stable/0001-*.patch
result "new-user read 15: stable/ pulled and the test-only patch edited: the way given keeps both" $? "$out // $recipe // $(ls "$s/stable" "$s/stable/test")"
# Read 17: stable/ pulled and the backport amended plus a new commit:
# the way gave one patch with the new commit's message. Now the commits
# are kept on a branch, for the range-diff; done, nothing is refused.
s=$tmp/st17
stable_fixture "$s"
b=$s/build/stable
commit_on "$b" backport amend --amend --no-edit && commit_on "$b" backport newc -m "sched: my new commit" && git -C "$b" checkout -q with && git -C "$b" rebase -q --onto backport with~1 with
sed -i 's/^Subject: .*/&, pulled/' "$s"/stable/0001-*.patch
out=$(st "$s" tree)
steps=$(way 'make your changes again thus' 'make stable-tree FORCE=1')
done=$(sed -n 's/^then make those changes again on backport and with, and: //p' <<<"$out")
! grep -q 'keep both thus' <<<"$out" && [ -n "$steps" ] && [ -n "$done" ] && run_way "$steps" &&
	git -C "$b" show mine/backport~1:kernel/sched/amend.c >/dev/null && git -C "$b" show mine/backport:kernel/sched/newc.c >/dev/null &&
	git -C "$b" checkout -q backport && git -C "$b" cherry-pick mine/backport >/dev/null && run_way "$done" &&
	grep -q '^+int newc;' "$s"/stable/0002-*.patch && out2=$(BUILD=$s/build STABLE_DIR=$s/stable "$S/clean.sh" 2>&1)
result "new-user read 17: stable/ pulled, the backport amended and a commit added: kept for a range-diff, no squash, no refusal after" $? "$out // $steps // $done // ${out2:-}"
# A commit on a branch of one's own, stable/ pulled: the refusal sends
# the user to make stable-tree (which gives the way), not stable-export.
s=$tmp/st19
stable_fixture "$s"
git -C "$s/build/stable" branch mywork backport && commit_on "$s/build/stable" mywork mywork -m "mine, on a branch of my own"
sed -i 's/^Subject: .*/&, pulled/' "$s"/stable/0001-*.patch
out=$(st "$s" tree)
[ $? != 0 ] && grep -q 'run make stable-tree again' <<<"$out" && ! grep -q 'run make stable-export' <<<"$out"
result "new-user read 17: a commit on another branch and stable/ pulled: sent to make stable-tree, not stable-export" $? "$out"
# make clean over an export that stable/ undid (git checkout): the
# branches hold its only copy.
s=$tmp/st20
stable_fixture "$s"
b=$s/build/stable
git -C "$s" init -q && git -C "$s" add stable && git -C "$s" commit -q -m v0
commit_on "$b" backport myfix --amend --no-edit && git -C "$b" checkout -q with && git -C "$b" rebase -q --onto backport with~1 with
st "$s" export >/dev/null && git -C "$s" checkout -q -- stable
out=$(STABLE_DIR=$s/stable BUILD=$s/build "$S/clean.sh" 2>&1)
[ $? != 0 ] && git -C "$b" show backport:kernel/sched/myfix.c >/dev/null
result "new-user read 17: make clean keeps an export to stable/ that stable/ undid" $? "$out"
# Read 18: a new commit on backport, with put on it and its test-only
# patch edited, stable/ pulled: the way keeps all three.
s=$tmp/st21
stable_fixture "$s"
b=$s/build/stable
commit_on "$b" backport more && git -C "$b" checkout -q with && git -C "$b" rebase -q --onto backport with~1 with &&
	echo 'int mytest;' >>"$b/kernel/sched/two.c" && git -C "$b" commit -q --amend -a --no-edit
sed -i 's/^Subject: .*/&, pulled/' "$s"/stable/0001-*.patch
git config --global diff.noprefix true # read 19: the user's config changes no way
out=$(st "$s" tree)
git config --global --unset diff.noprefix
recipe=$(way 'keep both thus' 'make stable-export')
[ -n "$recipe" ] && run_way "$recipe" && grep -q 'one, pulled' "$s"/stable/0001-*.patch &&
	grep -q '^+int more;' "$s"/stable/0002-*.patch && grep -q '^+int mytest;' "$s"/stable/test/*.patch
result "new-user read 18: a new backport commit and an edited test-only patch, stable/ pulled: the way keeps all" $? "$out // $recipe"
# Read 19: a second commit on with, stable/ pulled: the way took it for
# an edit of the test-only patch, which it dropped.
s=$tmp/st23
stable_fixture "$s"
b=$s/build/stable
commit_on "$b" with extra -m "sched: extra test"
sed -i 's/^Subject: .*/&, pulled/' "$s"/stable/0001-*.patch
out=$(st "$s" tree)
[ $? != 0 ] && ! grep -q 'keep both thus' <<<"$out" && grep -q 'make your changes again' <<<"$out"
result "new-user read 19: a second commit on with, stable/ pulled: not taken for the test-only patch" $? "$out"
# A branch whose commits the branches have (a backup) is no work: make
# clean went round with make stable-export. One that has work is named,
# and a leftover mine/ branch stops the way before its rename.
s=$tmp/st24
stable_fixture "$s"
b=$s/build/stable
git -C "$b" branch backup backport
out=$(BUILD=$s/build STABLE_DIR=$s/stable "$S/clean.sh" 2>&1)
rc=$?
stable_fixture "$s"
git -C "$b" branch mine/backport backport && commit_on "$b" mine/backport left -m "left over" && commit_on "$b" backport more
sed -i 's/^Subject: .*/&, pulled/' "$s"/stable/0001-*.patch
out2=$(st "$s" tree)
[ "$rc" = 0 ] && grep -q 'on branch(es) mine/backport' <<<"$out2" && ! grep -q 'keep both thus' <<<"$out2" &&
	git -C "$b" show backport:kernel/sched/more.c >/dev/null
result "new-user read 19: a backup branch is no work; a leftover mine/ branch is named, before any rename" $? "$out // $out2"
# make clean kept build/linux's stashes and tags, not build/stable's.
s=$tmp/st25
stable_fixture "$s"
b=$s/build/stable
echo 'int wip;' >>"$b/kernel/sched/core.c" && git -C "$b" stash -q
out=$(BUILD=$s/build STABLE_DIR=$s/stable "$S/clean.sh" 2>&1)
rc=$?
git -C "$b" stash drop -q && git -C "$b" tag my-tested-v1 backport
out2=$(BUILD=$s/build STABLE_DIR=$s/stable "$S/clean.sh" 2>&1)
rc2=$?
[ "$rc" != 0 ] && [ "$rc2" != 0 ] && grep -q stash <<<"$out" && grep -q my-tested-v1 <<<"$out2"
result "new-user read 19: make clean keeps build/stable's stashes and tags" $? "$out // $out2"
# Read 20: commits on no branch in build/stable, make clean dropped.
s=$tmp/st26
stable_fixture "$s"
b=$s/build/stable
git -C "$b" checkout -q --detach backport && echo 'int detached;' >>"$b/kernel/sched/core.c" && git -C "$b" commit -q -am "my detached fix"
out=$(BUILD=$s/build STABLE_DIR=$s/stable "$S/clean.sh" 2>&1)
[ $? != 0 ] && grep -q 'on no branch' <<<"$out" && [ -d "$b" ]
result "new-user read 20: make clean keeps commits on no branch in build/stable" $? "$out"
# make stable-export made branch without again over a commit there, and
# ran in the middle of a rebase.
s=$tmp/st27
stable_fixture "$s"
b=$s/build/stable
commit_on "$b" without onwithout -m "my fix, on without"
mine=$(git -C "$b" rev-parse without)
out=$(st "$s" export)
rc=$?
git -C "$b" reset -q --hard without~1 && git -C "$b" checkout -q backport &&
	GIT_SEQUENCE_EDITOR="sed -i s/^pick/edit/" git -C "$b" rebase -q -i base >/dev/null 2>&1
out2=$(st "$s" export)
rc2=$?
[ "$rc" != 0 ] && grep -q 'branch without' <<<"$out" && [ "$rc2" != 0 ] && grep -q 'under way' <<<"$out2" &&
	git -C "$b" cat-file -e "$mine" && git -C "$b" rebase --abort
result "new-user read 20: make stable-export refuses over a commit on without, and a rebase under way" $? "$out // $out2"
# The test-only commit edited, and stable/'s test-only patch given a
# trailer by the pull: picking the edit would drop the trailer.
s=$tmp/st28
stable_fixture "$s"
b=$s/build/stable
git -C "$b" checkout -q with && echo 'int mytest;' >>"$b/kernel/sched/two.c" && git -C "$b" commit -q --amend -a --no-edit
sed -i '0,/^Signed-off-by:/s//Reviewed-by: Col League <col@league-mail.dev>\n&/' "$s"/stable/test/*.patch
out=$(st "$s" tree)
[ $? != 0 ] && ! grep -q 'keep both thus' <<<"$out" && grep -q 'make your changes again' <<<"$out"
result "new-user read 20: an edited test-only commit and a pulled trailer on stable/'s: not picked over it" $? "$out"
# A commit on backport, and a pull that changed stable/ and the base:
# make stable-tree and make stable-export sent the user to each other.
s=$tmp/st29
stable_fixture "$s"
b=$s/build/stable
git -C "$s" init -q && git -C "$s" add stable && git -C "$s" commit -q -m v0
commit_on "$b" backport mine && git -C "$b" checkout -q with && git -C "$b" rebase -q --onto backport with~1 with
base_fixture "$s/f2" other
cp "$s/f2/base.conf" "$s/base.conf"
sed -i 's/^Subject: .*/&, pulled/' "$s"/stable/0001-*.patch && git -C "$s" commit -q -am pull
out=$(st "$s" tree)
rc=$?
out2=$(FORCE=1 st "$s" export && st "$s" tree)
rc2=$?
[ "$rc" != 0 ] && grep -q 'make stable-export FORCE=1' <<<"$out" && [ "$rc2" = 0 ] && grep -q '^+int mine;' "$s"/stable/0002-*.patch &&
	git -C "$b" show base:Makefile | grep -q '# other' && git -C "$s" diff -- stable | grep -q '^-Subject: .*pulled'
result "new-user read 20: a commit on backport, and stable/ and the base pulled: one way, no loop, the pull shown" $? "$out // $out2"
# Read 21: an export undone in stable/ and a commit after it: the way
# given picked the commit and dropped the export.
s=$tmp/st30
stable_fixture "$s"
b=$s/build/stable
git -C "$s" init -q && git -C "$s" add stable && git -C "$s" commit -q -m v0
commit_on "$b" backport A && git -C "$b" checkout -q with && git -C "$b" rebase -q --onto backport with~1 with
st "$s" export >/dev/null && git -C "$s" checkout -q -- stable && git -C "$s" clean -q -fd stable
commit_on "$b" backport B
out=$(st "$s" tree)
[ $? != 0 ] && grep -q 'make stable-export FORCE=1 writes it back' <<<"$out" && ! grep -q 'keep both thus' <<<"$out" &&
	out=$out$(FORCE=1 st "$s" export) && grep -q '^+int A;' "$s"/stable/*.patch && grep -q '^+int B;' "$s"/stable/*.patch
result "new-user read 21: an export undone in stable/ and a commit after it: the export is not left out of the way" $? "$out"
# Read 25: build/stable without backport (the way's renames done, not
# its make stable-tree), or without tag base: make clean, and make
# stable-tree, took it for no tree of theirs and dropped it.
s=$tmp/st31
stable_fixture "$s"
b=$s/build/stable
git -C "$b" branch mywork backport && commit_on "$b" mywork mywork
git -C "$b" branch -m backport mine/backport && git -C "$b" branch -m with mine/with
out=$(BUILD=$s/build STABLE_DIR=$s/stable "$S/clean.sh" 2>&1)
rc=$?
sed -i 's/^Subject: .*/&, pulled/' "$s"/stable/0001-*.patch # read 26
out=$out$(st "$s" tree)
rc=$rc$?
git -C "$b" tag -d base >/dev/null
out=$out$(st "$s" tree)
rc=$rc$?
[ "$rc" = 111 ] && [ "$(grep -o 'has no \(backport\|base\), by which' <<<"$out" | wc -l)" = 3 ] &&
	git -C "$b" rev-parse -q --verify mywork >/dev/null
result "new-user read 25: build/stable without backport or base is kept by make clean and make stable-tree" $? "$out"
# Read 27: a first make stable-tree whose patch did not apply left
# branches that every command after took for the user's work; make
# clean dropped build/stable while stable/ had its export in no commit.
s=$tmp/st32
mkdir -p "$s" && git -C "$s" init -q
stable_fixture "$s"
rm -rf "$s/build"
cp "$s"/stable/0001-*.patch "$s/good"
sed -i 's/^ int b;$/ int c;/' "$s"/stable/0001-*.patch
out=$(st "$s" tree)
rc=$?
cp "$s/good" "$s"/stable/0001-*.patch
[ "$rc" != 0 ] && grep -q 'does not apply.*mend it in stable/.*has the base alone' <<<"$out" && ! grep -q 'git am --continue' <<<"$out" &&
	out=$out$(st "$s" tree) && git -C "$s/build/stable" rev-parse -q --verify without >/dev/null
result "new-user read 27: a first make stable-tree that failed to apply is made again, not refused" $? "$out"
git -C "$s" add stable && git -C "$s" commit -q -m stable
commit_on "$s/build/stable" backport mine -s -m "sched: mine" && st "$s" export >/dev/null
out=$(BUILD=$s/build STABLE_DIR=$s/stable "$S/clean.sh" 2>&1)
[ $? != 0 ] && grep -q 'only other copy: commit them' <<<"$out" && [ -d "$s/build/stable" ] &&
	git -C "$s" add -A stable && git -C "$s" commit -q -m export && out=$out$(BUILD=$s/build STABLE_DIR=$s/stable "$S/clean.sh" 2>&1) &&
	[ ! -d "$s/build/stable" ]
result "new-user read 27: make clean keeps build/stable while stable/ has an export that no commit has" $? "$out"
# Read 28: mended by hand in build/stable instead, it was called a stable/
# that changed since (it had never applied), make stable-export "no
# tree"; read 29: the way given then was refused again.
s=$tmp/st33
stable_fixture "$s"
rm -rf "$s/build"
sed -i 's/^ int b;$/ int c;/' "$s"/stable/0001-*.patch
out=$(st "$s" tree)
commit_on "$s/build/stable" backport byhand -m "sched: one, by hand"
out=$out$(st "$s" tree)$(st "$s" export)$(BUILD=$s/build STABLE_DIR=$s/stable "$S/clean.sh" 2>&1)
way=$(sed -n 's/.*(\(git -C [^)]* format-patch -o [^)]* base\.\.backport\)).*/\1/p' <<<"$out" | sed -n 1p)
[ "$(grep -o 'stable/ never applied there' <<<"$out" | wc -l)" = 2 ] && grep -q 'no tree with a branch with' <<<"$out" &&
	! grep -q 'changed since' <<<"$out" && (eval "$way") >/dev/null && rm "$s"/stable/0001-sched-one.patch &&
	out=$out$(FORCE=1 st "$s" tree) && git -C "$s/build/stable" show backport:kernel/sched/byhand.c >/dev/null
result "new-user read 28, 29: a backport mended by hand where stable/ never applied is named, and the way given works" $? "$out // $way"
# Read 30: a pulled stable/ patch that does not apply, mended on the
# tree's backport: every way given led to another, none to stable/.
s=$tmp/st34
stable_fixture "$s"
sed -i 's/^ int b;$/ int c;/' "$s"/stable/0001-*.patch
sed -i 's/^+int two;$/+int two_pulled;/' "$s"/stable/test/0002-*.patch
out=$(st "$s" tree)
b=$s/build/stable
# Read 31: that way's git am -3 on the backport there gave two commits;
# read 32: it kept the old test-only patch, and the pull's was lost.
way=$(sed -n 's/.*made again from stable\/ as it is: \(git -C .*\) (where git am stops.*/\1/p' <<<"$out")
(eval "$way") >/dev/null 2>&1
echo 'int one;' >>"$b/kernel/sched/core.c"
[ -n "$way" ] && git -C "$b" add kernel/sched/core.c && GIT_EDITOR=true git -C "$b" am --continue >/dev/null &&
	(eval "${way#*\*.patch && }") >/dev/null 2>&1 && out=$out$(FORCE=1 st "$s" export) && out=$out$(st "$s" tree) &&
	! grep -q '^ int c;' "$s"/stable/0001-*.patch && [ "$(ls "$s"/stable/*.patch | wc -l)" = 1 ] && grep -q two_pulled "$s"/stable/test/*.patch
result "new-user read 30 to 32: a pulled backport that does not apply, mended in build/stable, goes to stable/ by the way given" $? "$out // $way"
# Read 39: make stable-export signed as a stand-in without the warning
# make export gives.
s=$tmp/st39
stable_fixture "$s"
out=$(SIGNOFF_EMAIL=me@example.com st "$s" export)
grep -q '^warning: the sender .*me@example.com> is a stand-in' <<<"$out"
result "new-user read 39: make stable-export warns of a stand-in sender" $? "$out"
