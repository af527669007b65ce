#!/bin/bash
# The faults of a guest (a hang, a panic) on the x86_64 kernel that make
# test built: run after it, apart from the harness's tests, which come
# first and need no kernel.
. "$(dirname "$0")/../stages/lib.sh"
set +e
kernel=$BUILD/x86_64/arch/x86/boot/bzImage
[ ! -f "$kernel" ] || accel=$(qemu_accel "$kernel")
. "$TOP/tests/harness/common.sh"

# A guest that hangs, or panics, is stopped and its console shown.
# These boot the x86_64 kernel that make test built.
if [ -f "$kernel" ] && command -v busybox >/dev/null; then
	guest() { # guest NAME INIT-SCRIPT: an initramfs whose /init is the script
		mkdir -p "$tmp/$1/bin"
		cp "$(command -v busybox)" "$tmp/$1/bin/busybox"
		printf '#!/bin/busybox sh\n%s\n' "$2" >"$tmp/$1/init"
		chmod +x "$tmp/$1/init"
		(cd "$tmp/$1" && find . | cpio -o -H newc --quiet) | gzip -1 >"$tmp/$1.cpio.gz"
	}
	# Under the accelerator of the build folder, which the user may
	# have set (boot.sh says how): these guests' folder is a scratch one.
	mkdir -p "$tmp/g" && echo "$accel" >"$tmp/g/qemu-accel"
	guest hang '/bin/busybox echo guest hangs now; while :; do /bin/busybox sleep 1; done'
	out=$(BOOT_KERNEL=$kernel BOOT_INITRD=$tmp/hang.cpio.gz BOOT_TIMEOUT=${HANG_TIMEOUT:-30} BUILD=$tmp/g \
		"$S/boot.sh" 2>&1)
	rc=$?
	[ "$rc" != 0 ] && grep -q 'was killed' <<<"$out" && grep -q 'guest hangs now' <<<"$out"
	result "a hung guest is killed after its timeout, its console shown" $? "$(tail -n 5 <<<"$out")"
	guest panic '/bin/busybox echo guest exits now; exit 1'
	out=$(BOOT_KERNEL=$kernel BOOT_INITRD=$tmp/panic.cpio.gz BOOT_TIMEOUT=120 BUILD=$tmp/g \
		"$S/boot.sh" 2>&1)
	rc=$?
	[ "$rc" != 0 ] && grep -q 'panicked' <<<"$out" && grep -q 'Kernel panic' <<<"$out"
	result "a panicking guest fails with its console shown" $? "$(tail -n 5 <<<"$out")"
else
	echo "SKIP guest faults: no x86_64 kernel built at $kernel"
	COUNTS=$RUN_COUNTS add_counts 0 0 2
fi

COUNTS=$RUN_COUNTS add_counts "$passed" "$failed" 0
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
