#!/bin/bash
# kunit.sh um|x86_64|arm64: run the suite on the built kernel with
# kunit.py exec (x86_64 under QEMU), booted with threadirqs. Writes the
# results to build/<arch>.json and fails on any failed case or on
# a lockdep, sleeping-in-atomic or KASAN report in the log.
. "$(dirname "$0")/lib.sh"

arch=$1
kunit_args "$arch"
how=UML
case $arch in
x86_64)
	accel=$(qemu_accel "$KUNIT_DIR/arch/x86/boot/bzImage")
	KUNIT_ARGS+=(--qemu_args="$accel -smp 2")
	how="QEMU ${accel%% -cpu*}"
	;;
arm64)
	ARM64_DTB=$(arm64_dtb) && export ARM64_DTB
	how="QEMU TCG, 2 CPUs with PSCI idle states (configs/qemu-arm64.py)"
	# Every sched_switch until the end of boot, on the console: the
	# psci checker's threads live only then (seeds.sh reads them).
	KUNIT_ARGS+=(--kernel_args="trace_event=sched:sched_switch tp_printk tp_printk_stop_on_boot")
	;;
esac
cd "$KUNIT_SRC"
log "running the suite on $arch ($how)"
rc=0
with_accel timed "${KUNIT_TIMEOUT:-600}" python3 tools/testing/kunit/kunit.py exec \
	"${KUNIT_ARGS[@]}" --kernel_args=threadirqs --kernel_args=printk.time=1 --timeout=300 \
	--raw_output=all >"$KUNIT_DIR.log" 2>&1 || rc=$?
ktap "$KUNIT_DIR.log" | python3 tools/testing/kunit/kunit.py parse \
	--json="$KUNIT_DIR.json" | sed -n '/=====/,$p' >&2 || rc=1
# The suite's own time, from the kernel's timestamps of its first and
# last KTAP lines: a figure to read, not a check.
awk -F'[][]' '/KTAP version 1/ && !t0 { t0 = $2 } /^\[ *[0-9.]+\] (not )?ok [0-9]+ [a-z_]+$/ { t1 = $2 }
	END { if (t0 && t1) printf "the suites ran for %.2fs in the kernel\n", t1 - t0 }' "$KUNIT_DIR.log" >&2
read -r p f s < <(kunit_counts "$KUNIT_DIR.json")
add_counts "$p" "$f" "$s"
[ "$f" = 0 ] || rc=1
# Reports from the suite's own run: from the first KTAP line on.
! sed -n '/KTAP version/,$p' "$KUNIT_DIR.log" |
	grep -nE 'BUG: |WARNING: |possible recursive locking|sleeping function called from invalid context|Call Trace:' >&2 ||
	{ warn "the kernel log has a debug report (log: $KUNIT_DIR.log)"; rc=1; }
exit "$rc"
