#!/bin/bash
# make clean: remove build/. Work that is only there is kept unless
# FORCE=1: unexported work in build/linux (its stashes, tags and ignored
# files too) and build/stable; in a KERNEL= worktree, uncommitted work
# and ignored files, an operation under way, commits on no branch.
# Those worktrees are removed through their repository, which keeps
# their branch, free to check out.
. "$(dirname "$0")/lib.sh"

# The records of what make send mailed (build/sent: postings,
# build/stable-sent: backports), which it does not mail again, are no
# build: they stay, FORCE=1 too (which the refusals below offer).
SENT=(sent stable-sent)
# keep_sent DIR: add DIR's records to build/'s.
keep_sent() {
	local r
	for r in "${SENT[@]}"; do
		[ -s "$1/$r" ] || continue
		{ mkdir -p "$BUILD" && cat "$1/$r" >>"$BUILD/$r"; } || exit
		log "kept $BUILD/$r, what make send mailed, which it does not mail again (delete a line there to forget it)"
	done
}
# What an interrupted make clean left, already renamed away: removed
# first, but for its records.
for d in "$BUILD".trash-*; do
	[ -e "$d" ] || continue
	keep_sent "$d"
	rm -rf "$d"
done
[ -d "$BUILD" ] || exit 0
lock_build
# committed DIR NAME [PREFIX]: refuse, unless FORCE=1, when DIR has
# changes that no commit has: build/NAME's branches are their only
# other copy.
committed() {
	[ -z "$(git -C "$1" status --porcelain -unormal --ignored -- . 2>/dev/null)" ] || forced ||
		die "$1 has changes that no commit has (make ${3:-}export's?), and $BUILD/$2's branches are their only other copy: commit them (cd $(q "$1") && git add -A . && git commit), or FORCE=1"
}
if made_tree "$BUILD/linux" base; then
	TREE=$BUILD/linux guard_tree exported
	TREE=$BUILD/linux guard_removal
	# Its b4 branches are what make export last wrote; patches/ must
	# still be that, or they hold the only copy.
	TREE=$BUILD/linux patches_applied || [ -z "$(TREE=$BUILD/linux prep_postings)" ] || forced ||
		die "$PATCHES is not what $BUILD/linux was made from or exported to (edited, checked out or pulled since): make tree applies it (the way it gives keeps the b4 branches too), or make export FORCE=1 writes the b4 branches over it; make clean FORCE=1 drops them"
	[ -z "$(TREE=$BUILD/linux prep_postings)" ] || committed "$PATCHES" linux
fi
! made_tree "$BUILD/stable" base backport || {
	TREE=$BUILD/stable guard_stable
	TREE=$BUILD/stable guard_stable_kept
	TREE=$BUILD/stable guard_removal
	# Its branches are what stable/ has: stable/ must have it in a commit.
	! TREE=$BUILD/stable stable_applied || committed "${STABLE_DIR:-$TOP/stable}" stable stable-
}
commons=() wts=()
for wt in "$BUILD"/worktree-*; do
	[ -e "$wt/.git" ] || continue
	if ! common=$(git -C "$wt" rev-parse --path-format=absolute --git-common-dir 2>/dev/null); then
		forced || die "$wt is a worktree of a repository that is no longer where it was (moved?): git -C NEW-PATH worktree repair $(q "$wt"), then make clean; or FORCE=1 to drop it"
		continue
	fi
	forced && commons+=("$common") && wts+=("$wt") && continue
	what="$wt ($(git -C "$wt" symbolic-ref -q --short HEAD || echo 'no branch') of $common)"
	out=$(git -C "$wt" status --porcelain -unormal --ignored | sed -n '1,10s/^/    /p')
	[ -z "$out" ] || die "$what has uncommitted work, or files its .gitignore hides:
$out
  commit it there (or move those files out), or FORCE=1 to drop it"
	! under_way "$wt" || die "$what has a git $UNDER_WAY under way: finish it (--continue) or --abort it there, or FORCE=1 to drop it"
	[ -z "$(git -C "$wt" rev-list -1 HEAD --not --branches)" ] ||
		die "$what has commits on no branch: put them on one (git -C $(q "$wt") branch NAME), or FORCE=1 to drop them"
	commons+=("$common") wts+=("$wt")
done
# Renamed away in one step, then removed: an interrupt leaves no half-
# removed tree that would look like work, only build.trash-*, which the
# next make clean removes.
mv "$BUILD" "$BUILD.trash-$$"
keep_sent "$BUILD.trash-$$"
# Each one's entry alone is dropped from its repository: a prune would
# drop the user's own worktrees that are not where they were too.
for i in "${!commons[@]}"; do
	git --git-dir="${commons[i]}" worktree remove --force "${wts[i]}" ||
		warn "git worktree remove left the entry of ${wts[i]} in ${commons[i]}: git worktree prune drops it"
	log "removed the worktree ${wts[i]}; its branch stays in ${commons[i]}"
done
rm -rf "$BUILD.trash-$$"
