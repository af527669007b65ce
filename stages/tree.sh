#!/bin/bash
# make tree: the pinned base as a git tree in build/linux, tagged "base";
# a b4 prep branch b4/NAME for each posting of patches/ (its cover letter
# and patches), and branch "series", every posting, for the builds.
# make tree KERNEL=/path [BASE=rev] [BRANCH=name]: apply the series to a
# user's own kernel tree instead, on a new branch, without touching their
# checkout.
. "$(dirname "$0")/lib.sh"

# apply_series DIR [POSTING]: git am every patch (of POSTING's folder) in
# DIR's current checkout, its notes kept; but what is under a one-patch
# posting's "---" is its cover commit's (prep_branch). On a failure name
# the patch and its files, abort the am, and fail.
apply_series() {
	local dir=$1 p patches
	mapfile -t patches < <(series ${2:+"$2"})
	for p in "${patches[@]}"; do
		if TREE=$dir hgit am -q --whitespace=error-all "$p" >/dev/null 2>"$BUILD/am.err"; then
			[ -n "${2:-}" ] && [ ${#patches[@]} = 1 ] && [ -z "$(cover "$2")" ] || keep_notes "$dir" "$p"
			log "applied $(basename "$p")"
			continue
		fi
		does_not_apply "$p"
		git -C "$dir" am --abort >/dev/null 2>&1 || true
		return 1
	done
	log "${#patches[@]} patches applied${2:+ ($(basename "$2"))}"
}

# check_applies: a reused tree still has to show that patches/ applies to
# the base, since make export records the hash of patches it wrote, not of
# patches it applied. Apply them, as git am would, to the base in a scratch
# index (the checkout and its file times stay as they are) and compare the
# result with branch series.
check_applies() {
	local p patches
	local -x GIT_INDEX_FILE=$BUILD/apply-check.index
	mapfile -t patches < <(series)
	git -C "$TREE" read-tree base
	for p in "${patches[@]}"; do
		git -C "$TREE" apply --cached --whitespace=error-all "$p" 2>"$BUILD/am.err" ||
			{ does_not_apply "$p"; return 1; }
	done
	[ "$(git -C "$TREE" write-tree)" = "$(git -C "$TREE" rev-parse 'series^{tree}')" ] ||
		{ echo "error: patches/ applied to the base do not give branch series" >&2; return 1; }
	rm -f "$GIT_INDEX_FILE"
	log "${#patches[@]} patches apply to the base and give branch series (checked in a scratch index)"
}

# one_posting POSTING: refused unless the folder holds one posting.
one_posting() {
	local twice
	[[ $(cover "$1") != *$'\n'* ]] || die "$1 has more than one cover letter (0000-*.patch): keep one"
	twice=$(series "$1" | sed 's|.*/||' | awk '{ n = substr($0, 1, 4) } n == last { print prev; print } { last = n; prev = $0 }' | sort -u | paste -sd' ')
	[ -z "$twice" ] || die "$1 has two patches of one number ($twice: two postings in one folder, a pull's and yours?): keep one posting a folder"
}

# prep_branch POSTING: branch b4/NAME made from the posting's folder by
# b4 prep, its cover commit given the text, To:/Cc: and b4 tracking
# (change-id, version, prefixes) of the posting's first mail, then its
# patches applied by git am; checked out.
prep_branch() {
	local name first
	name=$(basename "$1")
	one_posting "$1"
	first=$(cover "$1")
	git -C "$TREE" checkout -q -f series # b4 prep -n forks from a branch that has base
	git -C "$TREE" branch -q -D "b4/$name" 2>/dev/null || true
	b4x prep -n "$name" -f base >"$BUILD/b4.log" 2>&1 || die "b4 prep -n $name: $(tail -n 3 "$BUILD/b4.log")"
	mapfile -t patches < <(series "$1")
	git -C "$TREE" log -1 --format=%B |
		COVERS=$BUILD/covers python3 "$TOP/stages/mail.py" cover "${first:-${patches[0]}}" "${first:+cover}" "${patches[@]}" >"$BUILD/cover.msg"
	tgit commit -q --amend --allow-empty --cleanup=verbatim -F "$BUILD/cover.msg"
}

# restore_prep REFS: the b4 branches as REFS ("commit ref" lines) had them.
restore_prep() {
	local c r
	git -C "$TREE" for-each-ref --format='delete %(refname)' refs/heads/b4/ | git -C "$TREE" update-ref --stdin
	while read -r c r; do [ -z "$r" ] || git -C "$TREE" update-ref "$r" "$c"; done <<<"$1"
}

# guard_export: guard_kept for patches/, when the b4 branches are as
# make tree or make export left them (guard_tree refuses the others).
guard_export() {
	patches_applied || ! prep_applied || [ -z "$(prep_postings)" ] ||
		guard_kept "$PATCHES" "$PATCHES_RE" "$TREE/.git/applied-patches"
}

# keep_covers: the cover messages of the b4 branches that are as make
# tree, make export or make send left them, in $BUILD/covers/CHANGE-ID
# (b4's, which a posting renamed keeps), after a line with its name:
# b4's next version of a posting that went out (make send's), made again
# from patches/, which has the version sent, stays the next one. They
# stay there: a make tree that fails after it removed the tree (a new
# base) leaves them to the next.
keep_covers() {
	local name c msg id
	mkdir -p "$BUILD/covers"
	for name in $(prep_postings); do
		[ "$(recorded "$TREE/.git/applied" "refs/heads/b4/$name")" = "$(git -C "$TREE" rev-parse "b4/$name")" ] &&
			c=$(cover_commit "$name") || continue
		msg=$(git -C "$TREE" log -1 --format=%B "$c")
		id=$(sed -n 's/^ *"change-id": *"\([^"/]*\)".*/\1/p' <<<"$msg" | head -n 1)
		[ -z "$id" ] || printf '%s\n' "$name" "$msg" >"$BUILD/covers/$id"
	done
}

own_tree() {
	mkdir -p "$BUILD"
	if made_tree "$TREE" base; then
		keep_covers
		if [ "$(cat "$TREE/.git/base-key" 2>/dev/null)" != "$(base_key)" ]; then
			guard_tree exported
			guard_export
			guard_removal
			log "$TREE was made from another base than ${BASE_CONF:-base.conf}'s ($BASE_NAME), or by an older make tree: making it again"
			rm -rf "$TREE"
		fi
	else
		rm -rf "$TREE"
	fi
	was="the tree is as it was"
	if [ ! -e "$TREE" ]; then
		unpack_base
		was="$TREE has the base alone"
	fi
	guard_tree exported
	guard_export
	# Applied already, from these very patches: keep the files' times, so
	# that the kernel builds stay incremental.
	if patches_applied && [ -z "$(git -C "$TREE" status --porcelain -unormal)" ] && [ -n "$(prep_postings)" ] &&
		prep_applied && git -C "$TREE" symbolic-ref -q HEAD >/dev/null && ! under_way "$TREE"; then
		log "the series is applied already, from the same patches"
		git -C "$TREE" checkout -q series
		check_applies || die "the series does not apply to $(git -C "$TREE" log -1 --format=%s base)"
		return
	fi
	[ -n "$(postings)" ] || die "no postings in $PATCHES (a folder of patches each)"
	# On a failure or an interrupt the b4 branches are as they were.
	git -C "$TREE" am --abort >/dev/null 2>&1 || true
	! forced || rm -rf "$TREE/.git/rebase-merge" "$TREE/.git/rebase-apply"
	tgit checkout -q -f series
	! forced || tgit clean -q -f -d -x
	saved=$(prep_refs)
	trap 'git -C "$TREE" am --abort >/dev/null 2>&1 || true; restore_prep "$saved"; git -C "$TREE" checkout -q -f series' EXIT
	restore_prep ""
	while read -r posting; do
		prep_branch "$posting"
		apply_series "$TREE" "$posting" ||
			die "the series does not apply to $(git -C "$TREE" log -1 --format=%s base): mend that patch in $PATCHES and run make tree again; $was"
	done < <(postings)
	series_from_prep
	trap - EXIT
	record_applied
	while read -r c r; do
		[ -z "$r" ] || git -C "$TREE" rev-parse -q --verify "$r" >/dev/null ||
			log "${r#refs/heads/} is gone: $PATCHES has no posting ${r#refs/heads/b4/} now (it was at ${c:0:12})"
	done <<<"$saved"
}

# user_tree: the series on a new branch of the user's repository, in a
# separate worktree, so that their checkout and work are never touched.
# The branch's config keeps where it started, the commit and the hash of
# patches/ it was made of: a branch that make clean left (its worktree
# removed) is checked out again, and one that patches/ has changed since
# is made again, unless commits or changes of the user's are on it.
user_tree() {
	local repo start common cfg head cur d
	mkdir -p "$BUILD"
	[ -d "$KERNEL" ] || die "KERNEL=$KERNEL does not exist: give the path of your kernel git tree"
	repo=$(git -C "$KERNEL" rev-parse --show-toplevel 2>/dev/null) ||
		die "$KERNEL is not a git tree: give the path of your kernel git tree"
	[ -f "$repo/Kconfig" ] && [ -d "$repo/kernel/sched" ] ||
		die "$repo is not a kernel tree"
	[ -n "$(series)" ] || die "no patches in $PATCHES"
	while read -r d; do one_posting "$d"; done < <(postings)
	common=$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir)
	cfg=(git -C "$repo" config "branch.$BRANCH.rtprio")
	if [ -e "$TREE" ]; then
		[ "$(git -C "$TREE" rev-parse --path-format=absolute --git-common-dir 2>/dev/null)" = "$common" ] ||
			die "$TREE is in use (another repository's branch $BRANCH?): set BRANCH= to another name, or make clean (it keeps that branch)"
		! under_way "$TREE" || die "$TREE has a git $UNDER_WAY under way: finish it (--continue) or --abort it there first"
		cur=$(git -C "$TREE" symbolic-ref -q --short HEAD) || true
		[ "$cur" = "$BRANCH" ] || [ "${cur//\//-}" != "${BRANCH//\//-}" ] ||
			die "$TREE is the folder of BRANCH=$cur too (a / becomes -), whose branch it has: set BRANCH= to another name"
		[ "$cur" = "$BRANCH" ] ||
			die "$TREE is not on branch $BRANCH (another branch checked out there?): check $BRANCH out there again (git -C $(q "$TREE") switch $BRANCH)"
	elif git -C "$repo" rev-parse -q --verify "refs/heads/$BRANCH" >/dev/null; then
		"${cfg[@]}" >/dev/null ||
			die "$repo has a branch $BRANCH that make tree did not make: set BRANCH= to another name"
		# Its worktree's folder, deleted by hand, is still an entry of
		# the repository, and the branch checked out there.
		! git -C "$repo" worktree remove "$TREE" 2>/dev/null ||
			log "$TREE was deleted by hand: git worktree remove dropped its entry in $repo"
		git -C "$repo" worktree add -q "$TREE" "$BRANCH" ||
			die "branch $BRANCH of $repo cannot be checked out in $TREE (checked out elsewhere?): set BRANCH= to another name"
		log "branch $BRANCH of $repo (an earlier make tree) checked out again in $TREE"
	else
		[ -z "$(git -C "$repo" status --porcelain -unormal)" ] ||
			die "$repo has uncommitted work: commit or stash it first; nothing was changed"
		start=$(git -C "$repo" rev-parse -q --verify "${BASE:-HEAD}^{commit}") ||
			die "$repo has no revision ${BASE:-HEAD}"
		# A failure or an interrupt (the checkout, a kernel's, takes a
		# while) leaves the repository as it was.
		trap 'git -C "$repo" worktree remove --force "$TREE" 2>/dev/null; git -C "$repo" branch -q -D "$BRANCH" 2>/dev/null' EXIT
		git -C "$repo" worktree add -q -b "$BRANCH" "$TREE" "$start"
		apply_series "$TREE" || die "the series does not apply to $repo at ${BASE:-HEAD}; $repo is as it was"
		git -C "$repo" config "branch.$BRANCH.rtprio" "$start $(git -C "$TREE" rev-parse HEAD) $(patches_hash)"
		trap - EXIT
		log "branch $BRANCH of $repo has the series (worktree $TREE)"
		return
	fi
	cfgval=$("${cfg[@]}") || {
		log "branch $BRANCH of $repo is checked out in $TREE already (by an older make tree): using it as it is"
		return
	}
	read -r start head hash <<<"$cfgval"
	[ -z "${BASE:-}" ] || [ "$(git -C "$repo" rev-parse -q --verify "$BASE^{commit}")" = "$start" ] ||
		die "branch $BRANCH of $repo was made from $(git -C "$repo" log -1 --format='%h ("%s")' "$start"), not from BASE=$BASE: BASE= makes a new branch, so set BRANCH= to another name"
	if [ "$hash" = "$(patches_hash)" ]; then
		log "branch $BRANCH of $repo is checked out in $TREE, with the series of patches/ as it is: using it as it is"
		return
	fi
	[ "$(git -C "$TREE" rev-parse HEAD)" = "$head" ] && [ -z "$(git -C "$TREE" status --porcelain -unormal)" ] ||
		die "patches/ changed since make tree made branch $BRANCH of $repo, which has commits or changes of yours since: they stay there; for the series as patches/ has it now, set BRANCH= to another name"
	log "patches/ changed since make tree made branch $BRANCH: making it again from $(git -C "$repo" log -1 --format='%h ("%s")' "$start")"
	git -C "$TREE" reset -q --hard "$start"
	trap 'git -C "$TREE" am --abort 2>/dev/null; git -C "$TREE" reset -q --hard "$head"' EXIT
	apply_series "$TREE" || die "the series of patches/ does not apply to $start; branch $BRANCH is as it was"
	git -C "$repo" config "branch.$BRANCH.rtprio" "$start $(git -C "$TREE" rev-parse HEAD) $(patches_hash)"
	trap - EXIT
}

lock_build
if [ -n "${KERNEL:-}" ]; then
	user_tree
else
	own_tree
fi
