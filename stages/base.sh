#!/bin/bash
# base.sh: fetch the pinned base, Debian's $BASE_PACKAGE from the
# $BASE_SUITE suite, into $BASE_DIR (build/base) without root and without
# touching the machine's apt setup: a private sources list naming that
# suite at the Debian mirror the machine already uses, private lists and
# cache. Both sha256 sums are checked. If the pinned version is no longer
# served, the newest linux-source-7.* is taken, unverified, with a
# warning; the apply step then names what no longer applies. Writes
# $BASE_DIR/tarball and $BASE_DIR/name for unpack_base (lib.sh). A
# configuration that names a local BASE_TARBALL has it checked instead.
. "$(dirname "$0")/lib.sh"

dir=$BASE_DIR
if [ -s "$dir/tarball" ] && [ -f "$(cat "$dir/tarball")" ]; then
	exit 0
fi
mkdir -p "$dir"
# A local tarball (BASE_TARBALL in the configuration) is checked alone.
if [ -n "${BASE_TARBALL:-}" ]; then
	[ -f "$BASE_TARBALL" ] || die "$BASE_TARBALL is missing: fix BASE_TARBALL in ${BASE_CONF:-base.conf}"
	sum=$(sha256sum "$BASE_TARBALL" | cut -d' ' -f1)
	[ "$sum" = "$BASE_SHA256" ] ||
		die "$BASE_TARBALL: sha256 $sum is not the pinned $BASE_SHA256: refusing it"
	echo "$BASE_NAME" >"$dir/name"
	echo "$BASE_TARBALL" >"$dir/tarball"
	exit 0
fi
need apt-get apt
need dpkg-deb dpkg
mirror=$(apt-get indextargets --format '$(REPO_URI) $(LABEL)' 2>/dev/null |
	awk '$2 == "Debian" { print $1; exit }')
[ -n "$mirror" ] || die "no Debian mirror in this machine's apt sources (apt-get indextargets)"
rm -rf "$dir" && mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial"
trap 'rm -rf "$dir"' INT TERM
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
echo "deb [signed-by=$keyring] $mirror $BASE_SUITE main" >"$dir/apt/sources.list"
cat >"$dir/apt/apt.conf" <<EOF
Dir::Etc::SourceList "$dir/apt/sources.list";
Dir::Etc::SourceParts "/nonexistent";
Dir::State::Lists "$dir/apt/lists";
Dir::State::status "/dev/null";
Dir::Cache "$dir/apt/cache";
APT::Sandbox::User "$(id -un)";
EOF
export APT_CONFIG=$dir/apt/apt.conf
log "apt-get update of $BASE_SUITE at $mirror (private lists in $dir/apt)"
timeout 300 apt-get update -q >"$dir/apt.log" 2>&1 ||
	{ tail -n 5 "$dir/apt.log" >&2; die "apt-get update of $BASE_SUITE failed (log: $dir/apt.log)"; }
package=$BASE_PACKAGE version=$BASE_VERSION
if ! grep -qF "| $BASE_VERSION |" <<<"$(apt-cache madison "$BASE_PACKAGE")"; then
	package=$(apt-cache search --names-only '^linux-source-7\.[0-9]+$' | cut -d' ' -f1 | sort -V | tail -n 1)
	[ -n "$package" ] || die "$BASE_SUITE serves neither $BASE_PACKAGE $BASE_VERSION nor any linux-source-7.*"
	version=$(apt-cache madison "$package" | awk -F' [|] ' '{ print $2; exit }')
	warn "$BASE_PACKAGE $BASE_VERSION is no longer served: taking $package $version, unverified"
fi
(cd "$dir" && timeout 600 apt-get download -q "$package=$version" >>"$dir/apt.log" 2>&1) ||
	{ tail -n 5 "$dir/apt.log" >&2; die "apt-get download $package=$version failed"; }
deb=$(ls "$dir"/*.deb)
tarball=$dir/root/usr/src/$package.tar.xz
if [ "$version" = "$BASE_VERSION" ]; then
	sum=$(sha256sum "$deb" | cut -d' ' -f1)
	[ "$sum" = "$BASE_DEB_SHA256" ] ||
		die "$deb: sha256 $sum is not the pinned $BASE_DEB_SHA256 (base.conf)"
fi
dpkg-deb -x "$deb" "$dir/root"
rm -f "$deb"
if [ "$version" = "$BASE_VERSION" ]; then
	sum=$(sha256sum "$tarball" | cut -d' ' -f1)
	[ "$sum" = "$BASE_SHA256" ] ||
		die "$tarball: sha256 $sum is not the pinned $BASE_SHA256 (base.conf)"
	echo "$BASE_NAME" >"$dir/name"
else
	echo "Debian $package $version (not the pinned base)" >"$dir/name"
fi
echo "$tarball" >"$dir/tarball"
log "base: $(cat "$dir/name")"
