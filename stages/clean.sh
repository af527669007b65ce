#!/bin/bash
# make clean: remove, by name, what the builds made under build/ and the
# scratch worktrees. All else stays (build/linux, build/stable*, build/
# worktree-*, what you put there): remove it yourself.
. "$(dirname "$0")/lib.sh"
[ -d "$BUILD" ] || exit 0
lock_build
for d in "$BUILD"/*; do
	case ${d##*/} in
	src | um-src | base-src | am-wt | b4-wt | stable-src | stable-6.1.y-src)
		git -C "$d" worktree remove --force "$d" 2>/dev/null || rm -rf "$d" ;;
	um | x86_64 | arm64 | stable*-x86_64 | objects-* | base-* | unpack.* | logs | bisect-logs | boot | initramfs | kselftest | \
		modules | docs | prebuilt | qemu-no-kvm | qemu-accel | test-passed.stamp | *.log | *.json | *.parse | *.err | *.out | *.dtb | *.cpio.gz) rm -rf "$d" ;;
	lock) ;;
	*) log "kept: $d (not a build product: yours to remove)" ;;
	esac
done
