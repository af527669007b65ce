#!/bin/bash
# bisect.sh: build every patch of the series on its own, incrementally,
# with the UML KUnit configuration, starting from the base. A patch
# fails if it does not build or if its build prints a compiler warning
# the base build did not. It builds in the UML KUnit build folder and
# its worktree, so the KUnit build after it is incremental.
. "$(dirname "$0")/lib.sh"

kunit_args um
dir=$KUNIT_DIR logs=$BUILD/bisect-logs
mkdir -p "$dir" "$logs"
frag=$logs/config
cat "$KUNIT_SRC/kernel/sched/.kunitconfig" \
	"$KUNIT_SRC/tools/testing/kunit/configs/arch_uml.config" >"$frag"

# build_at REV NAME: build the tree at REV, warnings to $logs/NAME.warn.
build_at() {
	git -C "$KUNIT_SRC" checkout -q -f --detach "$1"
	cp "$frag" "$dir/.config"
	make -s -C "$KUNIT_SRC" ARCH=um O="$dir" olddefconfig >/dev/null
	if ! make -C "$KUNIT_SRC" ARCH=um O="$dir" CC="ccache gcc" -j"$JOBS" \
		>"$logs/$2.log" 2>&1; then
		grep -E 'error|Error' "$logs/$2.log" | head -n 20 >&2
		return 1
	fi
	grep -E ': warning: ' "$logs/$2.log" | sed -E 's/:[0-9]+:[0-9]+:/:/' |
		sort -u >"$logs/$2.warn" || true
}

trap 'git -C "$KUNIT_SRC" checkout -q -f --detach series' EXIT
t0=$SECONDS
build_at base base || die "the base does not build"
# The UML vmlinux of the base and of the series, for bloat-o-meter.
cp "$dir/vmlinux" "$BUILD/vmlinux-um-base"
log "base built in $((SECONDS - t0))s"
bad=0 n=0
for rev in $(git -C "$TREE" rev-list --reverse "$(series_range)"); do
	n=$((n + 1))
	subject=$(git -C "$TREE" log -1 --format=%s "$rev")
	t0=$SECONDS
	if ! build_at "$rev" "$n"; then
		printf 'error: patch %d does not build: %s\n' "$n" "$subject" >&2
		bad=$((bad + 1))
		continue
	fi
	if new=$(comm -13 "$logs/base.warn" "$logs/$n.warn") && [ -n "$new" ]; then
		printf 'error: patch %d adds warnings: %s\n%s\n' "$n" "$subject" "$new" >&2
		bad=$((bad + 1))
		continue
	fi
	log "patch $n builds in $((SECONDS - t0))s: $subject"
done
cp "$dir/vmlinux" "$BUILD/vmlinux-um-series"
[ "$bad" = 0 ] || die "$bad patch(es) of $n fail to build cleanly"
