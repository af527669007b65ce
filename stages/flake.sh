#!/bin/bash
# make flake: run the built suites RUNS (20) times with kunit.py exec, on
# UML and x86_64, and count the runs with a failed case.
. "$(dirname "$0")/lib.sh"
[ -e "$SRC/.git" ] || die "no $SRC: run make test first"
lock_build
runs=${RUNS:-20} bad=0
for arch in um x86_64; do
	kunit_args "$arch"
	[ -e "$KUNIT_DIR/.config" ] || die "no $arch kernel: run make test first"
	fails=0
	for i in $(seq "$runs"); do
		KUNIT_TIMEOUT=300 "$(dirname "$0")/kunit.sh" "$arch" >"$KUNIT_DIR.flake.log" 2>&1 ||
			{ fails=$((fails + 1)); cp "$KUNIT_DIR.log" "$KUNIT_DIR.flake-$i.log"; }
	done
	echo "$arch: $runs runs, $fails failed"
	[ "$fails" = 0 ] || bad=1
done
exit "$bad"
