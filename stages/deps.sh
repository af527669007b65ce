#!/bin/bash
# deps.sh [tree|stable]: install through apt-get, once, what the harness
# needs: all of it, or only what make tree (make stable-tree) needs; as a
# non-root user print the exact command instead.
. "$(dirname "$0")/lib.sh"

packages=(git python3 xz-utils)
# make tree makes the b4 branches with b4 prep.
[ "${1:-}" = stable ] || packages+=(b4)
[ "${1:-}" = tree ] || [ "${1:-}" = stable ] || packages+=(
	build-essential bc bison flex libelf-dev libssl-dev cpio kmod rsync
	ccache sparse coccinelle dwarves
	qemu-system-x86 qemu-system-arm device-tree-compiler busybox-static
	gcc-s390x-linux-gnu gcc-aarch64-linux-gnu
	python3-sphinx python3-sphinx-rtd-theme python3-yaml
	git-email libmailtools-perl libauthen-sasl-perl libio-socket-ssl-perl python3-aiosmtpd python3-ply python3-git
)

missing=()
for p in "${packages[@]}"; do
	grep -q 'ok installed' <<<"$(dpkg-query -W -f '${Status}' "$p" 2>/dev/null)" ||
		missing+=("$p")
done
# The base of the 6.12.y backport is the machine's own suite's package.
. "$TOP/stable.conf"
base=$BASE_PACKAGE=$BASE_VERSION
[ "${1:-}" = tree ] || [ "$(dpkg-query -W -f '${Version}' "$BASE_PACKAGE" 2>/dev/null)" = "$BASE_VERSION" ] ||
	missing+=("$base")
[ ${#missing[@]} -gt 0 ] || exit 0

if [ "$(id -u)" != 0 ]; then
	die "missing packages; as root run: apt-get install -y ${missing[*]}"
fi
log "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
# Not "apt-cache madison | grep -q": under pipefail, grep leaving at the
# first match kills apt-cache with SIGPIPE and the pinned version, served,
# looked missing.
if ! grep -qF "| $BASE_VERSION |" <<<"$(apt-cache madison "$BASE_PACKAGE")"; then
	warn "$BASE_PACKAGE $BASE_VERSION is no longer served: using the newest $BASE_PACKAGE instead"
	missing=("${missing[@]/#$base/$BASE_PACKAGE}")
fi
apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
