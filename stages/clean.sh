#!/bin/bash
# make clean: remove what the builds made under build/ (kernel build
# folders, the initramfs, logs, downloads, the harness's scratch
# worktrees). The repositories that may hold your work stay:
# build/linux, build/stable, build/stable-*.y, build/worktree-*; remove those yourself.
. "$(dirname "$0")/lib.sh"
[ -d "$BUILD" ] || exit 0
lock_build
for wt in src um-src base-src am-wt b4-wt stable-src stable-6.1.y-src; do
	[ -e "$BUILD/$wt/.git" ] || continue
	git -C "$BUILD/$wt" worktree remove --force "$BUILD/$wt" || rm -rf "${BUILD:?}/$wt"
done
find "$BUILD" -mindepth 1 -maxdepth 1 ! -name linux ! -name stable ! -name "stable-*.y" ! -name 'worktree-*' ! -name lock -exec rm -rf {} +
kept=$(find "$BUILD" -mindepth 1 -maxdepth 1 ! -name lock | paste -sd' ')
[ -z "$kept" ] || log "kept: $kept (git repositories, yours: remove them yourself)"
