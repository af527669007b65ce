#!/bin/bash
# base.sh: the pinned base in $BASE_DIR: a local BASE_TARBALL of the
# configuration (stable.conf's, a fixture's), checked; else Debian's
# $BASE_PACKAGE $BASE_VERSION from the $BASE_SUITE suite of the mirror
# the machine already uses, through a private apt setup (no root, the
# machine's apt untouched), both sha256 sums checked. Writes
# $BASE_DIR/tarball and $BASE_DIR/name for unpack_base (lib.sh).
. "$(dirname "$0")/lib.sh"
dir=$BASE_DIR
[ ! -s "$dir/tarball" ] || exit 0
mkdir -p "$dir"
tarball=${BASE_TARBALL:-$dir/root/usr/src/$BASE_PACKAGE.tar.xz}
if [ -z "${BASE_TARBALL:-}" ]; then
	mirror=$(apt-get indextargets --format '$(REPO_URI) $(LABEL)' 2>/dev/null | awk '$2 == "Debian" { print $1; exit }')
	[ -n "$mirror" ] || die "no Debian mirror in this machine's apt sources (apt-get indextargets)"
	mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial"
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $BASE_SUITE main" >"$dir/apt/sources.list"
	printf 'Dir::Etc::SourceList "%s";\nDir::Etc::SourceParts "/nonexistent";\nDir::State::Lists "%s";\nDir::State::status "/dev/null";\nDir::Cache "%s";\nAPT::Sandbox::User "%s";\n' \
		"$dir/apt/sources.list" "$dir/apt/lists" "$dir/apt/cache" "$(id -un)" >"$dir/apt/apt.conf"
	export APT_CONFIG=$dir/apt/apt.conf
	log "apt-get update of $BASE_SUITE at $mirror (private lists in $dir/apt)"
	timeout 300 apt-get update -q >"$dir/apt.log" 2>&1 && (cd "$dir" && timeout 600 apt-get download -q "$BASE_PACKAGE=$BASE_VERSION") >>"$dir/apt.log" 2>&1 ||
		{ tail -n 5 "$dir/apt.log" >&2; die "apt-get could not fetch $BASE_PACKAGE $BASE_VERSION from $BASE_SUITE (log: $dir/apt.log)"; }
	deb=$(ls "$dir"/*.deb)
	[ "$(sha256sum "$deb" | cut -d' ' -f1)" = "$BASE_DEB_SHA256" ] || die "$deb is not the pinned one (sha256, base.conf)"
	dpkg-deb -x "$deb" "$dir/root" && rm -f "$deb"
fi
[ "$(sha256sum "$tarball" | cut -d' ' -f1)" = "$BASE_SHA256" ] || die "$tarball is not the pinned one (sha256 $BASE_SHA256)"
echo "$BASE_NAME" >"$dir/name"
echo "$tarball" >"$dir/tarball"
log "base: $BASE_NAME"
