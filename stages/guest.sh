#!/bin/bash
# guest.sh: make run's initramfs: busybox, guest/init, and the sched
# kselftests (static, on the x86_64 kernel's headers, by their install
# target) and torture modules it runs; with BOOT=, the prebuilt kernel's
# own modules (prebuilt.sh) instead, nothing built.
. "$(dirname "$0")/lib.sh"
root=$OUT/initramfs
rm -rf "$root" && mkdir -p "$root/bin" "$root/modules"
if [ -n "${BOOT:-}" ]; then
	cp -a "$OUT/modules" "$root/modules/boot"
else
	kunit_args x86_64
	ksft=$BUILD/kselftest
	log "building the sched kselftests" && rm -rf "$ksft"
	make -s -C "$SRC" O="$KUNIT_DIR" ARCH=x86_64 headers >/dev/null
	make -s -C "$SRC/tools/testing/selftests" TARGETS=sched O="$ksft/build" \
		INSTALL_PATH="$ksft/install" CC="gcc -static" \
		KHDR_INCLUDES="-isystem $KUNIT_DIR/usr/include" install >"$ksft.log" 2>&1 || {
		tail -n 30 "$ksft.log" >&2
		die "the sched kselftests do not build (log: $ksft.log)"
	}
	cp -a "$ksft/install" "$root/kselftest"
	# The seed systems' modules, loaded by guest/init.
	cp "$KUNIT_DIR/kernel/torture.ko" "$KUNIT_DIR/kernel/locking/locktorture.ko" \
		"$KUNIT_DIR/kernel/rcu/rcuscale.ko" "$root/modules/"
fi
log "packing the initramfs"
cp "$(command -v busybox)" "$root/bin/busybox"
cp "$TOP/guest/init" "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet) | gzip -1 >"$OUT/initramfs.cpio.gz"
