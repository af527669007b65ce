#!/bin/bash
# make tree: the pinned base as a git tree in build/linux, tagged "base",
# with the series applied on branch "series" by git am.
# make tree KERNEL=/path [BASE=rev]: apply the series to a user's own
# kernel tree instead, on a new branch, without touching their checkout.
. "$(dirname "$0")/lib.sh"

# apply_series DIR: git am every patch in DIR's current checkout. On a
# failure name the patch and its files, abort the am, and fail.
apply_series() {
	local dir=$1 p n=0
	for p in $(series); do
		n=$((n + 1))
		if git -C "$dir" -c user.name="$SIGNOFF_NAME" \
			-c user.email="$SIGNOFF_EMAIL" am -q --whitespace=error-all "$p" >/dev/null 2>"$BUILD/am.err"; then
			log "applied $(basename "$p")"
			continue
		fi
		does_not_apply "$p"
		git -C "$dir" am --abort >/dev/null 2>&1 || true
		return 1
	done
	[ "$n" -gt 0 ] || die "no patches in $PATCHES"
	log "$n patches applied"
}

# does_not_apply PATCH: name PATCH and the files that failed ($BUILD/am.err).
does_not_apply() {
	printf 'error: %s does not apply:\n' "$(basename "$1")" >&2
	sed -n 's/^error: \(.*\)/  \1/p; s/^Patch failed at .*/  &/p' "$BUILD/am.err" >&2
}

# check_applies: a reused tree still has to show that patches/ applies to
# the base, since make export records the hash of patches it wrote, not of
# patches it applied. Apply them, as git am would, to the base in a scratch
# index (the checkout and its file times stay as they are) and compare the
# result with branch series.
check_applies() {
	local p n=0
	local -x GIT_INDEX_FILE=$BUILD/apply-check.index
	git -C "$TREE" read-tree base
	for p in $(series); do
		n=$((n + 1))
		git -C "$TREE" apply --cached --whitespace=error-all "$p" 2>"$BUILD/am.err" ||
			{ does_not_apply "$p"; return 1; }
	done
	[ "$(git -C "$TREE" write-tree)" = "$(git -C "$TREE" rev-parse 'series^{tree}')" ] ||
		{ echo "error: patches/ applied to the base do not give branch series" >&2; return 1; }
	rm -f "$GIT_INDEX_FILE"
	log "$n patches apply to the base and give branch series (checked in a scratch index)"
}

own_tree() {
	mkdir -p "$BUILD"
	if ! git -C "$TREE" rev-parse -q --verify base >/dev/null 2>&1; then
		rm -rf "$TREE"
		unpack_base
	fi
	guard_own_tree
	# Applied already, from these very patches: keep the files' times, so
	# that the kernel builds stay incremental.
	if [ -f "$TREE/.git/applied-patches" ] &&
		[ "$(cat "$TREE/.git/applied-patches")" = "$(patches_hash)" ] &&
		[ -z "$(git -C "$TREE" status --porcelain)" ] &&
		[ "$(git -C "$TREE" symbolic-ref -q --short HEAD)" = series ]; then
		log "the series is applied already, from the same patches"
		check_applies || die "the series does not apply to $(cat "$BASE_DIR/name")"
		return
	fi
	git -C "$TREE" am --abort >/dev/null 2>&1 || true
	tgit checkout -q -f -B series base
	tgit clean -q -f -d -x
	apply_series "$TREE" || die "the series does not apply to $(cat "$BASE_DIR/name")"
	git -C "$TREE" rev-parse HEAD >"$TREE/.git/applied"
	patches_hash >"$TREE/.git/applied-patches"
}

# Work in build/linux that is not in patches/ yet is not thrown away.
guard_own_tree() {
	[ -z "${FORCE:-}" ] || return 0
	[ -z "$(git -C "$TREE" status --porcelain)" ] ||
		die "$TREE has uncommitted changes: commit them and run make export (or FORCE=1 to drop them)"
	[ ! -f "$TREE/.git/applied" ] ||
		[ "$(git -C "$TREE" rev-parse -q --verify series)" = "$(cat "$TREE/.git/applied")" ] ||
		die "$TREE has commits that are not in patches/: run make export first (or FORCE=1 to drop them)"
}

# user_tree: the series on a new branch of the user's repository, in a
# separate worktree, so that their checkout and work are never touched.
user_tree() {
	local repo branch=${BRANCH:-rt-prio} start wt
	mkdir -p "$BUILD"
	repo=$(git -C "$KERNEL" rev-parse --show-toplevel 2>/dev/null) ||
		die "$KERNEL is not a git tree"
	[ -f "$repo/Kconfig" ] && [ -d "$repo/kernel/sched" ] ||
		die "$repo is not a kernel tree"
	[ -z "$(git -C "$repo" status --porcelain)" ] ||
		die "$repo has uncommitted work: commit or stash it first; nothing was changed"
	start=$(git -C "$repo" rev-parse -q --verify "${BASE:-HEAD}^{commit}") ||
		die "$repo has no revision ${BASE:-HEAD}"
	! git -C "$repo" rev-parse -q --verify "refs/heads/$branch" >/dev/null ||
		die "$repo already has a branch $branch: set BRANCH= to another name"
	wt=$BUILD/worktree-$branch
	rm -rf "$wt"
	git -C "$repo" worktree add -q -b "$branch" "$wt" "$start"
	if ! apply_series "$wt"; then
		git -C "$repo" worktree remove --force "$wt"
		git -C "$repo" branch -q -D "$branch"
		die "the series does not apply to $repo at ${BASE:-HEAD}; $repo is as it was"
	fi
	log "branch $branch of $repo has the series (worktree $wt)"
}

if [ -n "${KERNEL:-}" ]; then
	user_tree
else
	own_tree
fi
