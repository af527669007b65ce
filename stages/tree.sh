#!/bin/bash
# make tree: build/linux, made once: base.conf's base as tag base; a b4
# prep branch b4/NAME (cover commit, then git am) for each posting that
# has none; a branch there is yours, kept as it is. build/src, what is
# built: base + every posting of patches/ by git am (the apply check).
# KERNEL=/path [BASE=rev] [BRANCH=rt-prio]: the series by git am on a new
# branch of your tree, in the worktree build/worktree-BRANCH.
. "$(dirname "$0")/lib.sh"
lock_build
[ -n "$(series)" ] || die "no postings in $PATCHES"

if [ -n "${KERNEL:-}" ]; then
	repo=$(git -C "$KERNEL" rev-parse --show-toplevel) || die "KERNEL=$KERNEL is not a git tree"
	if [ -e "$SRC" ]; then
		[ "$(git -C "$SRC" symbolic-ref -q --short HEAD)" = "$BRANCH" ] || in_way "$SRC" "not a worktree on branch $BRANCH"
		log "$SRC has branch $BRANCH: used as it is"
		exit 0
	fi
	! git -C "$repo" rev-parse -q --verify "refs/heads/$BRANCH" >/dev/null ||
		die "$repo has a branch $BRANCH: give another BRANCH=, or check it out here: git -C $repo worktree add $SRC $BRANCH"
	git -C "$repo" worktree add -q -b "$BRANCH" "$SRC" "${BASE:-HEAD}"
	mapfile -t all < <(series)
	(am "$SRC" "${all[@]}") || { git -C "$repo" worktree remove --force "$SRC" && git -C "$repo" branch -q -D "$BRANCH"; exit 1; }
	log "branch $BRANCH of $repo has the series, in $SRC"
	exit 0
fi

[ -e "$TREE" ] || unpack_base "$TREE"
git -C "$TREE" rev-parse -q --verify 'base^{commit}' >/dev/null || in_way "$TREE" "a folder with no tag base"
git -C "$TREE" log -1 --format=%B base | grep -qF "$BASE_SHA256" || in_way "$TREE" "made from another base than base.conf's"

# The b4 branches, in a scratch worktree: the checkout of $TREE stays.
wt=$BUILD/am-wt
scratch_wt "$wt" base
for d in $(postings); do
	name=${d##*/}
	if git -C "$TREE" rev-parse -q --verify "refs/heads/b4/$name" >/dev/null; then
		log "b4/$name is there: kept as it is"
		continue
	fi
	[ "$(cover "$d" | wc -l)" -le 1 ] || die "$d has two cover letters: one posting a folder"
	mapfile -t patches < <(series "$d")
	# b4 prep's cover commit, given the posting's text, To/Cc and tracking.
	first=$(cover "$d")
	c=$(python3 "$TOP/stages/mail.py" cover "$name" "${first:-${patches[0]}}" "${first:+cover}" "${patches[@]}" |
		git -C "$TREE" commit-tree 'base^{tree}' -p base)
	git -C "$wt" checkout -q --detach "$c"
	am "$wt" "${patches[@]}"
	git -C "$TREE" branch "b4/$name" "$(git -C "$wt" rev-parse HEAD)"
	log "b4/$name: ${#patches[@]} patches"
done

# build/src: base + every posting, as git am applies them one after
# another; only the files that changed are checked out again.
mapfile -t all < <(series)
git -C "$wt" checkout -q --detach base
am "$wt" "${all[@]}"
head=$(git -C "$wt" rev-parse HEAD)
[ -e "$SRC/.git" ] || git -C "$TREE" worktree add -q --detach "$SRC" base
[ "$(git -C "$SRC" rev-parse 'HEAD^{tree}')" = "$(git -C "$wt" rev-parse 'HEAD^{tree}')" ] ||
	git -C "$SRC" checkout -q --detach "$head" || in_way "$SRC" "changes in the harness's checkout"
log "${#all[@]} patches of $(postings | wc -l) postings apply to $(git -C "$TREE" log -1 --format=%s base): $SRC"
