#!/bin/bash
# stable.sh tree|without|with [6.1.y]: a stable backport on its base
# (stable.conf): 6.12.y's in stable/, or 6.1.y's in stable/6.1.y/.
# tree: build/stable (build/stable-6.1.y), made once: tag base, branches
# backport and with (+ stable/test/), to try changes in; stable/ itself
# is edited by hand, as git am drops a mail's notes.
# without|with: the backport by git am in a scratch worktree, "without"
# with the base's kernel/irq/manage.c (all the backport changes at run
# time); the x86_64 KUnit irq cases under threadirqs: without, the
# forced secondary case fails; with, both pass.
export BASE_CONF=${STABLE_CONF:-$(dirname "$0")/../stable.conf} STABLE_TREE=${2:-}
. "$(dirname "$0")/lib.sh"
TREE=$BUILD/stable${STABLE_TREE:+-$STABLE_TREE}
backport=("$STABLE_DIR/$STABLE_TREE"/*.patch)
lock_build

tree() {
	[ ! -e "$TREE" ] || { git -C "$TREE" rev-parse -q --verify 'base^{commit}' >/dev/null || in_way "$TREE" "a folder with no tag base"
		return 0; }
	unpack_base "$TREE"
	git -C "$TREE" checkout -q -b backport base && am "$TREE" "${backport[@]}"
	git -C "$TREE" checkout -q -b with && am "$TREE" "$STABLE_DIR"/test/*.patch
	log "$TREE: branches backport and with"
}

# run without|with: build and run the irq cases; "passed failed skipped".
run() {
	local src=$TREE-src dir=$TREE-x86_64
	tree
	[ -e "$src/.git" ] || git -C "$TREE" worktree add -q --detach "$src" base
	git -C "$src" checkout -q -f --detach base
	am "$src" "${backport[@]}" "$STABLE_DIR"/test/*.patch
	[ "$1" = with ] || git -C "$src" checkout base -- kernel/irq/manage.c
	cd "$src"
	python3 tools/testing/kunit/kunit.py build --arch=x86_64 --build_dir="$dir" --kunitconfig="$TOP/configs/stable.config" \
		--make_options CC="ccache gcc" --jobs="$JOBS" >"$dir.build.log" 2>&1 ||
		{ tail -n 30 "$dir.build.log" >&2; die "the $1 kernel does not build (log: $dir.build.log)"; }
	accel=$(qemu_accel "$dir/arch/x86/boot/bzImage")
	with_accel timed 600 python3 tools/testing/kunit/kunit.py exec --arch=x86_64 --build_dir="$dir" --qemu_args="$accel" \
		--kernel_args=threadirqs --timeout=300 --raw_output=all 'irq_test_cases' >"$dir.log" 2>&1 || true
	ktap "$dir.log" | python3 tools/testing/kunit/kunit.py parse --json="$dir.json" >"$dir.parse" || true
	grep -E '\[(PASSED|FAILED|SKIPPED)\] irq_' "$dir.parse" >&2 || true
	kunit_counts "$dir.json"
}

case ${1:-} in
tree) tree ;;
without)
	read -r p f s < <(run without)
	grep -q '\[FAILED\] irq_forced_thread_priority_test' "$TREE-x86_64.parse" && [ "$p $f $s" = "1 1 0" ] ||
		die "without the backport: $p passed, $f failed, $s skipped; expected only the forced secondary case to fail"
	log "without the backport: the forced secondary thread is not at 49, as expected"
	;;
with)
	read -r p f s < <(run with)
	[ "$p $f $s" = "2 0 0" ] || die "with the backport: $p passed, $f failed, $s skipped; expected 2 passed"
	add_counts "$p" "$f" "$s"
	log "with the backport: both irq thread cases pass"
	;;
*) die "usage: stable.sh tree|without|with [6.1.y]" ;;
esac
