#!/bin/bash
# boot.sh: boot the x86_64 kernel (with BOOT=, the prebuilt one) with
# the initramfs in QEMU (KVM when it works, TCG otherwise) and show what
# the guest found: the KUnit results, the kselftest's TAP and the guest's
# map of realtime tasks. Of its two CPUs it boots one (maxcpus=1); the
# guest onlines CPU 1. A hang (killed after BOOT_TIMEOUT s) or a panic
# fails, the console's end shown.
. "$(dirname "$0")/lib.sh"
kunit_args x86_64
out=$OUT/boot
kernel=${BOOT_KERNEL:-$KUNIT_DIR/arch/x86/boot/bzImage}
[ -z "${BOOT:-}" ] || kernel=$OUT/vmlinuz
initrd=${BOOT_INITRD:-$OUT/initramfs.cpio.gz}
[ -f "$kernel" ] || die "no kernel at $kernel: run make run"
[ -f "$initrd" ] || die "no initramfs at $initrd: run make run"
rm -rf "$out" && mkdir -p "$out"
accel=$(qemu_accel "$kernel")
log "booting $kernel (${accel%% -cpu*}, timeout ${BOOT_TIMEOUT:=300}s)"
start=$SECONDS rc=0
# Two sockets: the kernel has no ACPI and finds its CPUs in SeaBIOS's MP
# table, which lists only the first CPU of each socket.
timed --kill-after=5 "$BOOT_TIMEOUT" qemu-system-x86_64 $accel \
	-machine q35 -smp 2,sockets=2 -m 1G -nodefaults -no-user-config -display none -no-reboot \
	-device pcie-root-port,id=rp1,chassis=1 \
	-object cryptodev-backend-builtin,id=crypto0 -device virtio-crypto-pci,cryptodev=crypto0 \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 threadirqs maxcpus=1 panic=-1 printk.time=1 rdinit=/init" \
	-serial "file:$out/console.log" \
	-device virtio-serial-pci -chardev "file,id=results,path=$out/results.txt" \
	-device virtconsole,chardev=results </dev/null || rc=$?
log "guest ran for $((SECONDS - start))s"

fault() { { grep -m1 'Kernel panic' "$out/console.log" || true; tail -n 30 "$out/console.log"; } >&2; die "$1 (log: $out/console.log)"; }
[ "$rc" != 124 ] && [ "$rc" != 137 ] || fault "the guest did not finish in ${BOOT_TIMEOUT}s and was killed"
! grep -qs 'Kernel panic' "$out/console.log" || fault "the guest panicked"
[ "$rc" = 0 ] || fault "qemu exited with $rc"
grep -qs '^=== end' "$out/results.txt" || fault "the guest stopped before it reported its results"
# The virtio console ends its lines with CR LF.
tr -d '\r' <"$out/results.txt" >"$out/results" && mv "$out/results" "$out/results.txt"
fail=0
if [ -z "${BOOT:-}" ]; then
	echo "--- KUnit, in the guest"
	ktap "$out/console.log" | (cd "$SRC" && python3 tools/testing/kunit/kunit.py \
		parse --json="$out/kunit.json") | sed -n '/=====/,$p' || fail=1
	read -r p f s < <(kunit_counts "$out/kunit.json")
	add_counts "$p" "$f" "$s"
	[ "$f" = 0 ] || fail=1
	echo "--- kselftest, in the guest"
	sed -n '/^=== kselftest$/,/^=== kselftest exit/p' "$out/results.txt" | sed '1d;$d' |
		tee "$out/kselftest.tap"
	# run_kselftest.sh's own TAP lines, a test each.
	s=$(grep -cE '^ok [0-9]+ .*# SKIP' "$out/kselftest.tap" || true)
	f=$(grep -cE '^not ok [0-9]+ ' "$out/kselftest.tap" || true)
	p=$(($(grep -cE '^ok [0-9]+ ' "$out/kselftest.tap" || true) - s))
	add_counts "$p" "$f" "$s"
	[ "$f" = 0 ] && [ $((p + s)) != 0 ] || fail=1
else
	echo "--- a prebuilt kernel: no KUnit or kselftest run"
fi

echo "--- realtime tasks in the guest"
sed -n '/^=== rt map$/,/^=== end$/p' "$out/results.txt" | sed '1d;$d'
exit "$fail"
