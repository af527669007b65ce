#!/bin/bash
# stable.sh tree|export|without|with: the 6.12.y backport in stable/, on
# its own base (stable.conf).
#   tree     build/stable: the base as tag base; branch backport = base +
#            stable/*.patch (git am); branch with = backport + the
#            test-only stable/test/*.patch; branch without = with, its
#            kernel/irq/manage.c back to the base's, which is all that
#            the backport changes at run time (its helper in syscalls.c
#            and declaration in sched.h stay, unused, so that going from
#            one kernel to the other recompiles one file, not the tree).
#   export   stable/ and stable/test/ from branches backport and with.
#   without, with: build that branch's x86_64 KUnit kernel, in one build
#            folder, and run its irq thread cases with threadirqs: without
#            the backport the forced secondary case must fail, with it
#            every case pass.
. "$(dirname "$0")/lib.sh"

STABLE_CONF=${STABLE_CONF:-$TOP/stable.conf}
export BASE_CONF=$STABLE_CONF BASE_DIR=$BUILD/stable-base TREE=$BUILD/stable
. "$STABLE_CONF"
STABLE=${STABLE_DIR:-$TOP/stable}
lock_build

# am PATCH...: git am onto the checked-out branch; a patch that does not
# apply is named, and every branch is put back as it was (as record last
# wrote: a new tree's backport is the base, and it has no other).
am() {
	local p id ref b=backport way g
	for p in "$@"; do
		{ hgit am -q --whitespace=error-all "$p" >/dev/null 2>"$BUILD/am.err" && keep_notes "$TREE" "$p"; } || {
			does_not_apply "$p"
			git -C "$TREE" am --abort >/dev/null 2>&1 || true
			git -C "$TREE" checkout -q --detach base
			for ref in refs/heads/backport refs/heads/with refs/heads/without; do
				id=$(recorded "$TREE/.git/stable-refs" "$ref")
				if [ -n "$id" ]; then git -C "$TREE" update-ref "$ref" "$id"; else git -C "$TREE" update-ref -d "$ref"; fi
			done
			[[ $p != */test/* ]] || b=with
			way="mend it in stable/ (the .patch file) and run make stable-tree again"
			# With branches from an export, a mend there can be exported:
			# both branches made again from stable/ as it is.
			if git -C "$TREE" rev-parse -q --verify with >/dev/null; then
				g="git -C $(q "$TREE")"
				way+=", or mend it in $TREE, both branches made again from stable/ as it is: $g checkout -q backport && $g reset -q --hard base && $g am -3 $(q "$STABLE")/*.patch && $g checkout -q with && $g reset -q --hard backport && $g am -3 $(q "$STABLE")/test/*.patch (where git am stops: mend, git am --continue, then the rest of that line), then make stable-export FORCE=1 writes stable/ from them"
			fi
			die "$(basename "$p") does not apply to $BASE_NAME$([[ $b != with ]] || echo ' and the backport'): $way; $was"
		}
	done
}

# record: the branches as stable/ has them, for guard_stable; any other
# branch (a mine/ one of its way, say) is the user's.
record() {
	git -C "$TREE" for-each-ref --format='%(objectname) %(refname)' refs/heads/backport refs/heads/series refs/heads/with refs/heads/without >"$TREE/.git/stable-refs"
	stable_test_hash >"$TREE/.git/stable-test"
}

tree() {
	mkdir -p "$BUILD"
	if ! made_tree "$TREE" base; then
		rm -rf "$TREE"
	elif [ "$(cat "$TREE/.git/base-key" 2>/dev/null)" != "$(base_key)" ]; then
		guard_stable newbase
		guard_stable_kept
		guard_removal
		log "$TREE was made from another base than $(basename "$STABLE_CONF")'s ($BASE_NAME): making it again"
		rm -rf "$TREE"
	fi
	# Without backport (renamed), guard_stable would not run; FORCE=1
	# keeps the tree, and the user's branches in it.
	was="$TREE's branches are as make stable-tree or stable-export last left them"
	if [ -e "$TREE" ]; then
		forced || made_tree "$TREE" backport
	else
		unpack_base
		tgit branch -q backport base
		record
		was="$TREE has the base alone"
	fi
	! stable_applied || ! git -C "$TREE" rev-parse -q --verify without >/dev/null || return 0
	! git -C "$TREE" rev-parse -q --verify backport >/dev/null || guard_stable changed
	guard_stable_kept
	git -C "$TREE" checkout -q --detach base
	tgit branch -q -f backport base && git -C "$TREE" checkout -q backport
	am "$STABLE"/*.patch
	tgit branch -q -f with backport && git -C "$TREE" checkout -q with
	am "$STABLE"/test/*.patch
	make_without
	record
}

# make_without: branch without, which make test runs, from branch with; then
# with checked out, and stable/ recorded as what the branches have.
make_without() {
	tgit branch -q -f without with && git -C "$TREE" checkout -q without
	git -C "$TREE" checkout base -- kernel/irq/manage.c
	tgit commit -q --allow-empty -m "TEST ONLY: irq_thread() as 6.12.118 has it"
	git -C "$TREE" checkout -q with
	record_files "$STABLE" "$STABLE_RE" "$TREE/.git/stable-applied"
}

export_patches() {
	need_readable
	git -C "$TREE" rev-parse -q --verify with >/dev/null || die "no tree with a branch with in $TREE: run make stable-tree"
	guard_worktrees
	forced || guard_stable_head
	[ -z "$(git -C "$TREE" status --porcelain -unormal)" ] ||
		die "$TREE has uncommitted changes: commit them (the backport on branch backport, the test-only patch on with) and run make stable-export again"
	# Branch without is made again from with.
	forced || [[ " $(stable_work)" != *" without "* ]] ||
		die "branch without of $TREE has commits of yours, which make stable-export would drop (it makes without again from with): bring them to backport or with (git cherry-pick), then run make stable-export again"
	forced || stable_applied ||
		die "stable/ is not what $TREE was made from (edited by hand, or exported since): run make stable-tree to apply it (FORCE=1 writes over it)"
	# The test-only patch: the commit of with on the backport as make
	# stable-tree or stable-export left it.
	local n old
	old=$(recorded "$TREE/.git/stable-refs" refs/heads/backport)
	[ -n "$old" ] && git -C "$TREE" merge-base --is-ancestor "$old" with &&
		! git -C "$TREE" merge-base --is-ancestor backport with || old=backport
	n=$(git -C "$TREE" rev-list --count "$old..with")
	[ "$n" = 1 ] ||
		die "branch with has $n commits on the backport; it must have one, the test-only patch: bring the others to backport (git cherry-pick) or squash them into the test-only commit, then run make stable-export again"
	warn_stand_in
	sign_as_sender base backport
	# ... put on the backport as it is now, which make test then runs.
	if [ "$(git -C "$TREE" rev-parse with~1)" != "$(git -C "$TREE" rev-parse backport)" ]; then
		git -C "$TREE" checkout -q --detach backport
		hgit cherry-pick with >/dev/null 2>&1 || {
			git -C "$TREE" cherry-pick --abort
			git -C "$TREE" checkout -q with
			die "the test-only patch (branch with) does not apply on branch backport: make it apply there (git rebase --onto backport with~1 with), then run make stable-export again"
		}
		hgit branch -q -f with HEAD
		git -C "$TREE" checkout -q with
	fi
	rm -f "$STABLE"/*.patch "$STABLE"/test/*.patch && mkdir -p "$STABLE/test"
	format_patch --subject-prefix="PATCH 6.12.y" -o "$STABLE" base..backport
	format_patch --subject-prefix="TEST ONLY" -o "$STABLE/test" -1 with
	# stable/6.18.y has no tree here to be exported from (README): its
	# message is signed as the backport's is, the sender's Signed-off-by
	# last, the stand-ins' dropped.
	local f
	for f in "$STABLE"/6.18.y/*.patch; do
		[ -f "$f" ] || continue
		sign_message <"$f" >"$f.new" && mv "$f.new" "$f"
	done
	make_without
	record
	log "exported $(ls "$STABLE"/*.patch | wc -l) backport patch(es) and the test-only patch"
}

# run BRANCH: build and run the irq cases of BRANCH; "passed failed".
run() {
	local src=$BUILD/stable-src dir=$BUILD/stable-x86_64
	tree
	[ -e "$src/.git" ] || git -C "$TREE" worktree add -q --detach "$src" "$1"
	git -C "$src" checkout -q -f --detach "$1"
	cd "$src"
	python3 tools/testing/kunit/kunit.py build --arch=x86_64 --build_dir="$dir" \
		--kunitconfig="$TOP/configs/stable.config" --make_options CC="ccache gcc" \
		--jobs="$JOBS" >"$dir.build.log" 2>&1 ||
		{ tail -n 30 "$dir.build.log" >&2; die "the $1 kernel does not build (log: $dir.build.log)"; }
	KUNIT_ARGS=()
	kunit_qemu x86_64 "$dir/arch/x86/boot/bzImage"
	timed 600 python3 tools/testing/kunit/kunit.py exec --arch=x86_64 --build_dir="$dir" \
		"${KUNIT_ARGS[@]}" --kernel_args=threadirqs --timeout=300 --raw_output=all 'irq_test_cases' >"$dir.log" 2>&1 || true
	ktap "$dir.log" | python3 tools/testing/kunit/kunit.py parse --json="$dir.json" >"$dir.parse" || true
	grep -E '\[(PASSED|FAILED|SKIPPED)\] irq_' "$dir.parse" >&2 || kvm_hint
	kunit_counts "$dir.json"
}

case ${1:-} in
tree) tree ;;
export) export_patches ;;
without)
	read -r p f s < <(run without)
	# The case the backport fixes fails; the other passes.
	grep -q '\[FAILED\] irq_forced_thread_priority_test' "$BUILD/stable-x86_64.parse" &&
		[ "$p $f $s" = "1 1 0" ] ||
		die "without the backport: $p passed, $f failed, $s skipped; expected only the forced secondary case to fail"
	log "without the backport: the forced secondary thread is not at 49, as expected"
	;;
with)
	read -r p f s < <(run with)
	[ "$p $f $s" = "2 0 0" ] || die "with the backport: $p passed, $f failed, $s skipped; expected 2 passed"
	add_counts "$p" "$f" "$s"
	log "with the backport: both irq thread cases pass"
	;;
*) die "usage: stable.sh tree|export|without|with" ;;
esac
