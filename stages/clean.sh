#!/bin/bash
# make clean: remove, by their names, what the builds made under build/
# and the harness's scratch worktrees. All else stays (build/linux,
# build/stable, build/stable-6.1.y, build/worktree-*, what you put there).
. "$(dirname "$0")/lib.sh"
[ -d "$BUILD" ] || exit 0
lock_build
for d in "$BUILD"/*; do
	case ${d##*/} in
	src | um-src | base-src | am-wt | b4-wt | stable-src | stable-6.1.y-src)
		if [ -f "$d/.git" ]; then git -C "$d" worktree remove --force "$d" 2>/dev/null || rm -rf "$d"; else log "kept: $d (a repository of its own)"; fi ;;
	um | x86_64 | arm64 | stable-x86_64 | stable-6.1.y-x86_64 | um.* | x86_64.* | arm64.* | stable-x86_64.* | stable-6.1.y-x86_64.* | \
		objects-base-* | objects-series-* | base-???????????? | unpack.* | logs | bisect-logs | boot | initramfs | initramfs.cpio.gz | \
		kselftest | kselftest.log | modules | docs | docs.log | prebuilt | qemu-no-kvm | qemu-accel | test-passed.stamp | am.err | \
		b4.log | coccicheck.err | coccicheck.out | arm64-idle.dtb) rm -rf "$d" ;;
	lock) ;;
	*) log "kept: $d (not a build product)" ;;
	esac
done
