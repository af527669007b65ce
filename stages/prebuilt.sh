#!/bin/bash
# prebuilt.sh: the kernel BOOT= names, for make run to boot as it is, in
# build/prebuilt: a vmlinuz/bzImage file (its virtio drivers built in;
# its config-VERSION beside it, if there is one), or a Debian kernel
# package (a name or a pattern: the newest that matches) from bookworm or
# bookworm-security by private_apt (apt checks it against the archive's
# signed index), with the modules the guest loads. Nothing is built.
# Exit 3: no mirror reached.
. "$(dirname "$0")/lib.sh"
lock_build
[ -n "${BOOT:-}" ] || die "BOOT= names no kernel"
rm -rf "$OUT/root" "$OUT/modules" "$OUT/vmlinuz" "$OUT/config" "$OUT/changelog.gz" "$OUT/name" && mkdir -p "$OUT/modules"
if [ -f "$BOOT" ]; then
	ln -s "$(realpath "$BOOT")" "$OUT/vmlinuz"
	config=$(dirname "$BOOT")/config-$(basename "$BOOT" | sed 's/^vmlinuz-//')
	[ ! -f "$config" ] || ln -s "$(realpath "$config")" "$OUT/config"
	log "kernel: $BOOT" && exit 0
fi
private_apt "$OUT" bookworm bookworm-security || { echo "skipped: no Debian mirror reached (log: $OUT/apt.log)"; exit 3; }
pkg=$(apt-cache pkgnames linux-image- | grep -xE "$(sed 's/[.+]/\\&/g; s/\*/.*/g' <<<"$BOOT")" | sort -V | tail -n 1)
[ -n "$pkg" ] || die "no package named $BOOT in bookworm or bookworm-security"
rm -f "$OUT"/*.deb && (cd "$OUT" && timeout 600 apt-get download -q "$pkg") >>"$OUT/apt.log" 2>&1 || die "apt-get download $pkg failed (log: $OUT/apt.log)"
dpkg-deb -x "$OUT"/*.deb "$OUT/root" && dpkg-deb -W --showformat '${Package} ${Version}' "$OUT"/*.deb >"$OUT/name"
log "kernel: $(cat "$OUT/name"), as Debian ships it" && rm -f "$OUT"/*.deb
ln -s "$OUT"/root/boot/vmlinuz-* "$OUT/vmlinuz" && ln -s "$OUT"/root/boot/config-* "$OUT/config"
ln -s "$OUT/root/usr/share/doc/$pkg/changelog.Debian.gz" "$OUT/changelog.gz"
# The virtio drivers the guest needs, in load order, uncompressed.
version=$(ls "$OUT/root/lib/modules") && PATH=$PATH:/usr/sbin:/sbin
depmod -b "$OUT/root" "$version"
n=10
for m in $(modprobe -d "$OUT/root" -S "$version" -a --show-depends virtio_pci virtio_console virtio_crypto | sed -n 's/^insmod //p' | awk '!seen[$1]++'); do
	n=$((n + 1)) && xz -dcf "$m" >"$OUT/modules/$n-$(basename "${m%.xz}")"
done
