#!/bin/bash
# make clean: remove what the builds made under build/ (kernel build
# folders, the initramfs, logs, downloads, the harness's scratch
# worktrees). Every other git repository there stays (build/linux,
# build/stable*, build/worktree-*, one you moved aside): remove it yourself.
. "$(dirname "$0")/lib.sh"
[ -d "$BUILD" ] || exit 0
lock_build
for d in "$BUILD"/*; do
	case ${d##*/} in
	src | um-src | base-src | am-wt | b4-wt | stable-src | stable-6.1.y-src)
		git -C "$d" worktree remove --force "$d" 2>/dev/null || rm -rf "$d" ;;
	lock) ;;
	*) [ -e "$d/.git" ] && log "kept: $d (a git repository: yours to remove)" || rm -rf "$d" ;;
	esac
done
