#!/bin/bash
# guest.sh: make run's initramfs: the sched kselftests (static, on the
# x86_64 kernel's headers, by their install target), busybox, guest/init
# and the torture modules it loads.
. "$(dirname "$0")/lib.sh"

need busybox busybox-static
need cpio cpio
kunit_args x86_64
ksft=$BUILD/kselftest root=$BUILD/initramfs
log "building the sched kselftests"
rm -rf "$ksft" "$root"
make -s -C "$SRC" O="$KUNIT_DIR" ARCH=x86_64 headers >/dev/null
make -s -C "$SRC/tools/testing/selftests" TARGETS=sched O="$ksft/build" \
	INSTALL_PATH="$ksft/install" CC="gcc -static" \
	KHDR_INCLUDES="-isystem $KUNIT_DIR/usr/include" install >"$ksft.log" 2>&1 || {
	tail -n 30 "$ksft.log" >&2
	die "the sched kselftests do not build (log: $ksft.log)"
}
log "packing the initramfs"
mkdir -p "$root/bin"
cp "$(command -v busybox)" "$root/bin/busybox"
cp "$TOP/guest/init" "$root/init"
cp -a "$ksft/install" "$root/kselftest"
# The seed systems' modules, loaded by guest/init.
mkdir -p "$root/modules"
cp "$KUNIT_DIR/kernel/torture.ko" "$KUNIT_DIR/kernel/locking/locktorture.ko" \
	"$KUNIT_DIR/kernel/rcu/rcuscale.ko" "$root/modules/"
(cd "$root" && find . | cpio -o -H newc --quiet) | gzip -1 >"$BUILD/initramfs.cpio.gz"
