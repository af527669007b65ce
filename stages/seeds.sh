#!/bin/bash
# seeds.sh: the 2020 conversions' table: the threads the make run guest
# saw, their policy and priority and the expected ones (a forced
# secondary irq thread: one below its primary); a row QEMU cannot reach,
# or one the kernel's config lacks, says why. Fails if a row is not ok.
. "$(dirname "$0")/lib.sh"

out=$OUT/boot config=$BUILD/x86_64/.config
[ -z "${BOOT:-}" ] || config=$OUT/config
[ -f "$out/results.txt" ] || die "no guest results in $out: run make run"
bad=0 rows=0

# row ID SYSTEM COMM PID POLICY PRIO EXPECTED
row() {
	local state=ok
	[ "$5 $6" = "$7" ] || { state="NOT OK"; bad=$((bad + 1)); }
	[[ $state == ok || $3 != irq/*-s-* ]] || secondary=1
	rows=$((rows + 1))
	printf '%-7s %-16s %-22s %6s %-6s %4s  %-8s %s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$state"
}

# guest ID SYSTEM SYMBOL EXPECTED: rows for what the guest saw as "seen
# ID pid comm policy prio"; a missing thread is not ok, unless the
# kernel's config lacks CONFIG_SYMBOL.
guest() {
	local id=$1 name=$2 pid comm policy prio want found=0 above=50
	while read -r _ _ pid comm policy prio; do
		found=1 want=$4
		[[ "$comm" != irq/*-s-* ]] || want="FIFO $((above - 1))"
		[ "$pid" != - ] || policy=none prio=-
		[[ $prio != [0-9]* ]] || above=$prio
		row "$id" "$name" "$comm" "$pid" "$policy" "$prio" "$want"
	done < <(grep "^seen $id " "$out/results.txt")
	[ "$found" = 1 ] || absent "$1" "$2" "$3" || row "$id" "$name" "(no thread)" - none - "$4"
}

# none ID SYSTEM WHY: a row the guest cannot show, and why.
none() { printf '%-7s %-16s -- %s\n' "$1" "$2" "$3"; }
# absent ID SYSTEM SYMBOL: a row for a kernel whose config lacks it.
absent() { [ -f "$config" ] && ! grep -qE "^CONFIG_$3=[ym]" "$config" && none "$1" "$2" "not in this kernel: CONFIG_$3 is not set"; }

printf '%-7s %-16s %-22s %6s %-6s %4s  %-8s %s\n' seed system thread pid policy prio expected state
guest 001 "crypto engine" CRYPTO_DEV_VIRTIO "FIFO 50"
# 002: the psci checker's threads, which live only during the arm64
# kernel's boot: their last sched_switch there gives each one's prio, 99
# minus its realtime priority (RT: FIFO and RR alike).
if [ -n "${BOOT:-}" ]; then
	none 002 "psci checker" "not in this kernel: an arm64 boot check (CONFIG_ARM_PSCI_CHECKER)"
elif [ -f "$BUILD/arm64.log" ]; then
	n=0
	while read -r comm pid policy prio; do
		n=$((n + 1)) && row 002 "psci checker" "$comm" "$pid" "$policy" "$prio" "RT 50"
	done < <(sed -nE 's/.*sched_switch: prev_comm=(psci_suspend_te[a-z]*) prev_pid=([0-9]+) prev_prio=([0-9]+) .*/\1 \2 \3/p' \
		"$BUILD/arm64.log" | awk '{ last[$2] = $1 " " $2 " " ($3 < 99 ? "RT " 99 - $3 : "NORMAL -") } END { for (p in last) print last[p] }' | sort -k2,2n)
	[ "$n" != 0 ] || row 002 "psci checker" "(no thread)" - none - "RT 50"
	printf '%-7s %-16s %s\n' 002 "" "(the arm64 boot of $(date -r "$BUILD/arm64.log" '+%F %T'), by make test)"
else
	none 002 "psci checker" "not reached: the arm64 kernel is not built (make test builds it)"
fi
none 003 "msm" "not reached: Qualcomm GPU: QEMU emulates none; the Coccinelle rule guards it"
none 004 "drm scheduler" "not reached: superseded: it runs on workqueues since 6.8"
none 005 "ivtv" "not reached: a PCI TV card QEMU does not emulate; the Coccinelle rule guards it"
# 006: the spi_pump KUnit case, run in the same guest.
if absent 006 "spi pump" SPI_PUMP_KUNIT_TEST; then :
elif grep -qE '^(\[ *[0-9.]+\] )? *ok [0-9]+ spi_pump_rt_test' "$out/console.log"; then
	row 006 "spi pump" "spi_pump_rt_test" KUnit FIFO 50 "FIFO 50"
else
	row 006 "spi pump" "spi_pump_rt_test" KUnit failed - "FIFO 50"
fi
# 007: powerclamp injects idle through the idle injection framework's
# threads.
guest 007 "powerclamp" IDLE_INJECT "FIFO 50"
guest 008 "irq threads" HOTPLUG_PCI_PCIE "FIFO 50"
guest 009 "locktorture" LOCK_TORTURE_TEST "FIFO 50"
guest 010 "rcuscale" RCU_SCALE_TEST "FIFO 1"
guest 011 psi PSI "FIFO 1"
# CPU 1, brought online for the first time in the guest: each of its
# realtime per-CPU threads; one the table does not expect is not ok.
while read -r _ _ pid comm policy prio; do
	case $comm in
	migration/*) want="FIFO 99" ;; # the stopper, a documented exception
	idle_inject/*) want="FIFO 50" ;;
	ktimers/* | irq_work/*) want="FIFO 1" ;;
	rcuc/*) want="FIFO 1" ;; # rcutree.kthread_prio's default, a documented exception
	*) want=unlisted ;;
	esac
	[ "$pid" != - ] || { policy=none prio=-; }
	row hotplug "CPU 1 onlined" "$comm" "$pid" "$policy" "$prio" "$want"
done < <(grep "^seen hotplug " "$out/results.txt")
grep -q "^seen hotplug " "$out/results.txt" || row hotplug "CPU 1 onlined" "(no thread)" - none - "FIFO 50"
add_counts $((rows - bad)) "$bad" 0
rel=$(sed -n 's/^uname //p' "$out/results.txt")
case $rel in 6.1.*) fix=stable/6.1.y/ ;; 6.12.*) fix=stable/ ;; 6.18.*) fix=stable/6.18.y/ ;; *) fix= ;; esac
[ -z "${secondary:-}" ] || echo "a forced secondary at its primary's priority: this kernel lacks 51d0656959bc${fix:+ (for $rel: its backport in $fix)}"
[ "$bad" = 0 ] || die "$bad seed row(s) not at their expected priority"
