#!/bin/bash
# deps.sh [tree|stable]: install through apt-get what the harness needs
# (all of it, or what make tree or make stable-tree needs), the 6.12.y
# backports' base packages (stable.conf) included; as a non-root user
# print the apt-get line to run as root instead.
. "$(dirname "$0")/lib.sh"
packages=(git python3 xz-utils b4)
[ -n "${1:-}" ] || packages+=(build-essential bc bison flex libelf-dev libssl-dev cpio kmod rsync ccache sparse
	coccinelle dwarves qemu-system-x86 qemu-system-arm device-tree-compiler busybox-static gcc-s390x-linux-gnu
	gcc-aarch64-linux-gnu python3-sphinx python3-sphinx-rtd-theme python3-yaml git-email libmailtools-perl
	libauthen-sasl-perl libio-socket-ssl-perl python3-aiosmtpd python3-ply python3-git)
for STABLE_TREE in "" 6.1.y; do . "$TOP/stable.conf" && [ "${1:-}" = tree ] || packages+=("$BASE_PACKAGE=$BASE_VERSION"); done
missing=()
for p in "${packages[@]}"; do
	st=$(dpkg-query -W -f '${Status} ${Version}' "${p%%=*}" 2>/dev/null) || true
	[[ $st == "install ok installed "* && ($p != *=* || $st == *" ${p#*=}") ]] || missing+=("$p")
done
[ ${#missing[@]} != 0 ] || exit 0
[ "$(id -u)" = 0 ] || die "missing packages; as root run: apt-get install -y ${missing[*]}"
log "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
