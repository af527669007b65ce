#!/bin/bash
# seeds.sh: the 2020 conversions' table: the threads the make run guest
# saw, their policy and priority and the expected ones; a row QEMU cannot
# reach says why. Fails if a reachable row is not ok.
. "$(dirname "$0")/lib.sh"

out=$BUILD/boot
[ -f "$out/results.txt" ] || die "no guest results in $out: run make run"
bad=0 rows=0

# row ID SYSTEM COMM PID POLICY PRIO EXPECTED
row() {
	local state=ok
	[ "$5 $6" = "$7" ] || { state="NOT OK"; bad=$((bad + 1)); }
	rows=$((rows + 1))
	printf '%-7s %-16s %-22s %6s %-6s %4s  %-8s %s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$state"
}

# guest ID SYSTEM EXPECTED [EXPECTED_SECONDARY]: rows for what the guest
# saw as "seen ID pid comm policy prio"; a missing thread is not ok.
guest() {
	local id=$1 name=$2 pid comm policy prio want found=0
	while read -r _ _ pid comm policy prio; do
		found=1 want=$3
		[[ "$comm" != irq/*-s-* ]] || want=$4
		[ "$pid" != - ] || policy=none prio=-
		row "$id" "$name" "$comm" "$pid" "$policy" "$prio" "$want"
	done < <(grep "^seen $id " "$out/results.txt")
	[ "$found" = 1 ] || row "$id" "$name" "(no thread)" - none - "$3"
}

# none ID SYSTEM WHY: a row QEMU cannot reach.
none() { printf '%-7s %-16s %s\n' "$1" "$2" "-- not reached: $3"; }

printf '%-7s %-16s %-22s %6s %-6s %4s  %-8s %s\n' seed system thread pid policy prio expected state
guest 001 "crypto engine" "FIFO 50"
# 002: the psci checker's threads, which live only during the arm64
# kernel's boot: their last sched_switch there gives each one's prio, 99
# minus its realtime priority (RT: FIFO and RR alike).
if [ -f "$BUILD/arm64.log" ]; then
	n=0
	while read -r comm pid prio; do
		n=$((n + 1))
		if [ "$prio" -lt 99 ]; then
			row 002 "psci checker" "$comm" "$pid" RT $((99 - prio)) "RT 50"
		else
			row 002 "psci checker" "$comm" "$pid" NORMAL - "RT 50"
		fi
	done < <(sed -nE 's/.*sched_switch: prev_comm=(psci_suspend_te[a-z]*) prev_pid=([0-9]+) prev_prio=([0-9]+) .*/\1 \2 \3/p' \
		"$BUILD/arm64.log" | awk '{ last[$2] = $0 } END { for (p in last) print last[p] }' | sort -k2,2n)
	[ "$n" != 0 ] || row 002 "psci checker" "(no thread)" - none - "RT 50"
	printf '%-7s %-16s %s\n' 002 "" "(the arm64 boot of $(date -r "$BUILD/arm64.log" '+%F %T'), by make test)"
else
	none 002 "psci checker" "the arm64 kernel is not built (make test builds it)"
fi
none 003 "msm" "Qualcomm GPU: QEMU emulates none; the Coccinelle rule guards it"
none 004 "drm scheduler" "superseded: it runs on workqueues since 6.8"
none 005 "ivtv" "a PCI TV card QEMU does not emulate; the Coccinelle rule guards it"
# 006: the spi_pump KUnit case, run in the same guest.
if grep -qE '^(\[ *[0-9.]+\] )? *ok [0-9]+ spi_pump_rt_test' "$out/console.log"; then
	row 006 "spi pump" "spi_pump_rt_test" KUnit FIFO 50 "FIFO 50"
else
	row 006 "spi pump" "spi_pump_rt_test" KUnit failed - "FIFO 50"
fi
# 007: powerclamp injects idle through the idle injection framework's
# threads.
guest 007 "powerclamp" "FIFO 50"
guest 008 "irq threads" "FIFO 50" "FIFO 49"
guest 009 "locktorture" "FIFO 50"
guest 010 "rcuscale" "FIFO 1"
guest 011 psi "FIFO 1"
# CPU 1, brought online for the first time in the guest: each of its
# realtime per-CPU threads; one the table does not expect is not ok.
while read -r _ _ pid comm policy prio; do
	case $comm in
	migration/*) want="FIFO 99" ;; # the stopper, a documented exception
	idle_inject/*) want="FIFO 50" ;;
	ktimers/*) want="FIFO 1" ;;
	*) want=unlisted ;;
	esac
	[ "$pid" != - ] || { policy=none prio=-; }
	row hotplug "CPU 1 onlined" "$comm" "$pid" "$policy" "$prio" "$want"
done < <(grep "^seen hotplug " "$out/results.txt")
grep -q "^seen hotplug " "$out/results.txt" || row hotplug "CPU 1 onlined" "(no thread)" - none - "FIFO 50"
add_counts $((rows - bad)) "$bad" 0
[ "$bad" = 0 ] || die "$bad seed row(s) not at their expected priority"
