#!/bin/bash
# base.sh: the pinned base in $BASE_DIR: a local BASE_TARBALL of the
# configuration (stable.conf's, a fixture's), checked; else Debian's
# $BASE_PACKAGE $BASE_VERSION from the $BASE_SUITE suite, by private_apt
# (lib.sh), both sha256 sums checked. Writes
# $BASE_DIR/tarball and $BASE_DIR/name for unpack_base (lib.sh).
. "$(dirname "$0")/lib.sh"
dir=$BASE_DIR
[ ! -s "$dir/tarball" ] || exit 0
mkdir -p "$dir"
tarball=${BASE_TARBALL:-$dir/root/usr/src/$BASE_PACKAGE.tar.xz}
if [ -z "${BASE_TARBALL:-}" ]; then
	private_apt "$dir" "$BASE_SUITE" && (cd "$dir" && timeout 600 apt-get download -q "$BASE_PACKAGE=$BASE_VERSION") >>"$dir/apt.log" 2>&1 ||
		die "apt-get could not fetch $BASE_PACKAGE $BASE_VERSION from $BASE_SUITE (log: $dir/apt.log)"
	deb=$(ls "$dir"/*.deb)
	[ "$(sha256sum "$deb" | cut -d' ' -f1)" = "$BASE_DEB_SHA256" ] || die "$deb is not the pinned one (sha256, base.conf)"
	dpkg-deb -x "$deb" "$dir/root" && rm -f "$deb"
fi
[ "$(sha256sum "$tarball" | cut -d' ' -f1)" = "$BASE_SHA256" ] || die "$tarball is not the pinned one (sha256 $BASE_SHA256)"
echo "$BASE_NAME" >"$dir/name"
echo "$tarball" >"$dir/tarball"
log "base: $BASE_NAME"
