# Sourced by every stage script: paths, settings, logging.
set -euo pipefail
# git's own settings of the environment would point every git command
# here at another repository or index (the harness clone's, say), or
# set config for all of them, b4's included (git -c's, from a git alias).
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_COMMON_DIR GIT_NAMESPACE \
	GIT_CONFIG_PARAMETERS
# Settings of the user's git config that no git the harness runs takes:
# hooks and signing in the commits it makes; gpg's lines in git log's
# output; a git apply that fixes whitespace, and so differs from git am;
# a gc --auto left behind, which would keep the build lock.
export GIT_CONFIG_COUNT=5 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/dev/null \
	GIT_CONFIG_KEY_1=commit.gpgsign GIT_CONFIG_VALUE_1=false GIT_CONFIG_KEY_2=log.showSignature GIT_CONFIG_VALUE_2=false \
	GIT_CONFIG_KEY_3=apply.whitespace GIT_CONFIG_VALUE_3=warn GIT_CONFIG_KEY_4=gc.autoDetach GIT_CONFIG_VALUE_4=false

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
# KERNEL=/path: the series goes on branch BRANCH of the user's own kernel
# tree, checked out in build/worktree-BRANCH, which then is the tree that
# make run builds.
BRANCH=${BRANCH:-rt-prio}
if [ -n "${KERNEL:-}" ]; then
	TREE=${TREE:-$BUILD/worktree-${BRANCH//\//-}} # make clean finds it there
else
	TREE=${TREE:-$BUILD/linux}
fi
PATCHES=${PATCHES:-$TOP/patches}
JOBS=${JOBS:-$(nproc)}
# ccache hits across clones in other folders: paths relative to the clone.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$TOP}
# kunit.py runs inside the kernel tree: no __pycache__ there, which
# make clean and make tree would find as files .gitignore hides.
export PYTHONDONTWRITEBYTECODE=1
# shellcheck source=../base.conf
. "${BASE_CONF:-$TOP/base.conf}"
# Where base.sh puts the base it fetched and checked.
BASE_DIR=${BASE_DIR:-$BUILD/base}

# The identity the series is signed and sent with: SIGNOFF_NAME and
# SIGNOFF_EMAIL, else git config user.name and user.email, else a
# placeholder that make send refuses.
PLACEHOLDER="Placeholder Name <placeholder@example.org>"
GIVEN_SIGNOFF=("${SIGNOFF_NAME:-}" "${SIGNOFF_EMAIL:-}") # as given, for make send's "rest"
SIGNOFF_NAME=${SIGNOFF_NAME:-$(git -C "$TOP" config user.name || echo "${PLACEHOLDER% <*}")}
SIGNOFF_EMAIL=${SIGNOFF_EMAIL:-$(git -C "$TOP" config user.email || echo placeholder@example.org)}
ME="$SIGNOFF_NAME <$SIGNOFF_EMAIL>"
# An address at a domain RFC 2606 reserves takes no mail: it is a
# stand-in (the placeholder's, a test's), never a person's; so is the
# placeholder's name (user.email set alone).
RESERVED_MAIL='@([^@ >]*\.)?(example(\.(com|net|org))?|invalid|test|localhost)>?$'
STAND_IN="(${PLACEHOLDER% <*} <|.*$RESERVED_MAIL)"
stand_in() { grep -qiE "^$STAND_IN" <<<"$1"; }
warn_stand_in() {
	! stand_in "$ME" ||
		warn "the sender $ME is a stand-in (the placeholder, or an address at a reserved domain, which takes no mail): make send will refuse these patches; set your identity (git config user.name and user.email, or SIGNOFF_NAME= and SIGNOFF_EMAIL=) and export again"
}

# b4_error LOG: why b4 failed, from its LOG: its CRITICAL lines, else
# its last lines (a Python traceback's).
b4_error() { grep -A5 CRITICAL "$1" | head -n 8 | grep . || tail -n 3 "$1"; }
log() { printf '==> %s\n' "$*" >&2; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
# The switches take 1 or 0: REFLECT=yes taken for 0 would send for real.
for v in FORCE SEND REFLECT STABLE; do
	case ${!v:-0} in 0 | 1) ;; *) die "$v=${!v}: give 1 or 0" ;; esac
done

# need TOOL PACKAGE: fail with the package to install when TOOL is missing.
need() {
	command -v "$1" >/dev/null 2>&1 ||
		die "'$1' is missing: install it with: apt-get install $2"
}

# postings: patches/ holds one posting a folder, each a git format-patch
# series for one tree (a cover letter when it has more than one patch);
# their folders, one a line, in C-locale order.
postings() {
	[ ! -d "$PATCHES" ] || find "$PATCHES" -mindepth 1 -maxdepth 1 -type d | LC_ALL=C sort
}

# series [FOLDER...]: the patch files of these postings, or of every posting,
# cover letters excluded, in order, one a line: read them with mapfile
# (a path may have a space).
series() {
	local d
	while read -r d; do
		find "$d" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-*' | LC_ALL=C sort
	done < <(if (($#)); then printf '%s\n' "$@"; else postings; fi)
}

# cover FOLDER: a posting's cover letter, if it has one.
cover() { find "$1" -maxdepth 1 -name '0000-*.patch'; }
# unfold MAIL...: the mails, each header's continuation lines joined to it.
unfold() {
	awk 'FNR == 1 { if (held) print hdr; body = held = 0 }
		body { print; next }
		/^[ \t]/ { sub(/^[ \t]+/, " "); hdr = hdr $0; next }
		{ if (held) print hdr; hdr = $0; held = 1 }
		/^$/ { print; body = 1; held = 0 }
		END { if (held) print hdr }' "$@"
}

# The backports' folders: 6.12.y (tested here) and 6.18.y.
STABLE_POSTINGS=("$TOP/stable" "$TOP/stable/6.18.y")

forced() { [ "${FORCE:-0}" = 1 ]; }
# q PATH: PATH as a shell word, for the commands the messages give.
q() { printf %q "$1"; }

# timed ARGS: timeout ARGS. timeout runs its command in a process group
# of its own, which the terminal's Ctrl-C or hangup does not reach: this
# script passes it on, then ends as interrupted.
timed() {
	local pid rc=0 was sig
	was=$(trap -p INT TERM HUP)
	timeout "$@" <&0 &
	pid=$!
	for sig in INT TERM HUP; do
		trap "kill -TERM -- -$pid $pid 2>/dev/null; trap - $sig; kill -$sig \$BASHPID" "$sig"
	done
	wait "$pid" || rc=$?
	trap - INT TERM HUP
	eval "$was"
	return "$rc"
}

# does_not_apply PATCH: name PATCH and the files that failed ($BUILD/am.err).
does_not_apply() {
	printf 'error: %s does not apply:\n' "$(basename "$1")" >&2
	sed -n 's/^error: \(.*\)/  \1/p; s/^Patch failed at .*/  &/p' "$BUILD/am.err" >&2
}

# need_readable: fail where $TREE is there and git cannot read it.
need_readable() {
	local err
	[ ! -e "$TREE" ] || err=$(git_reads "$TREE") || die "git cannot read $TREE ($err): run as its owner (or make it yours: chown -R), or move it away"
}
# need_tree: fail, with the command to run, when there is no tree.
need_tree() {
	need_readable
	git -C "$TREE" rev-parse -q --verify 'series^{commit}' >/dev/null 2>&1 ||
		die "no tree with a branch series in $TREE: run make tree first"
}

# Each posting is a b4 prep branch b4/NAME of the tree: its cover-letter
# commit (text, To:/Cc: trailers, b4's tracking: change-id, version,
# prefixes) and its patches, on tag base. Branch series is derived from
# them for the builds.
# prep_postings: the postings' names, in C-locale order.
prep_postings() {
	git -C "$TREE" for-each-ref --format='%(refname:lstrip=3)' refs/heads/b4/ | LC_ALL=C sort
}

# prep_refs: "commit ref" of every b4 branch, what make tree and make
# export record in .git/applied.
prep_refs() { git -C "$TREE" for-each-ref --format='%(objectname) %(refname)' refs/heads/b4/; }
# record_applied: patches/ and the b4 branches are one: make tree applied
# the one, or make export wrote the other.
record_applied() {
	prep_refs >"$TREE/.git/applied"
	record_files "$PATCHES" "$PATCHES_RE" "$TREE/.git/applied-patches"
}
# patches_applied: patches/ is as make tree or make export left it.
patches_applied() { [ "$(cat "$TREE/.git/applied-patches" 2>/dev/null)" = "$(patches_hash)" ]; }
# stable_applied: stable/ (STABLE_DIR) is as make stable-tree or make
# stable-export left it in build/stable ($TREE).
stable_applied() { [ "$(cat "$TREE/.git/stable-applied" 2>/dev/null)" = "$(files_hash "${STABLE_DIR:-$TOP/stable}" "$STABLE_RE")" ]; }
# prep_applied: the b4 branches are as make tree or make export left them.
prep_applied() { [ "$(prep_refs)" = "$(cat "$TREE/.git/applied" 2>/dev/null)" ]; }
# recorded FILE REF: the commit that FILE ("commit ref" lines) has for REF.
recorded() { awk -v r="$2" '$2 == r { print $1 }' "$1" 2>/dev/null || true; }

# cover_commit NAME: the cover-letter commit of posting NAME, the first
# one after base; fails if that is not one of b4's.
cover_commit() {
	local c
	c=$(git -C "$TREE" rev-list --reverse "base..b4/$1" | sed -n 1p)
	[ -n "$c" ] && git -C "$TREE" log -1 --format=%B "$c" | grep -qx -- '--- b4-submit-tracking ---' &&
		echo "$c"
}

# b4x ARGS: b4 in the tree, offline, as the sender, with no git config
# but the tree's own (own_config checks it), B4_GLOBAL's (a file, if set) and the entries of
# B4_CONFIG ("key=value" each): the user's format.*, diff.* or b4.* change
# no mail.
B4_CONFIG=()
b4x() {
	local kv i=${GIT_CONFIG_COUNT:-0}
	need b4 b4
	(
		cd "$TREE"
		for kv in "user.name=$SIGNOFF_NAME" "user.email=$SIGNOFF_EMAIL" ${B4_CONFIG[@]+"${B4_CONFIG[@]}"}; do
			export "GIT_CONFIG_KEY_$i=${kv%%=*}" "GIT_CONFIG_VALUE_$i=${kv#*=}"
			i=$((i + 1))
		done
		export GIT_CONFIG_COUNT=$i GIT_CONFIG_GLOBAL=${B4_GLOBAL:-/dev/null} GIT_CONFIG_NOSYSTEM=1
		b4 --offline-mode "$@"
	)
}

# series_from_prep: branch series made again from the b4 branches, the
# patches of each after its cover commit, in the postings' order, and
# checked out; files the new series does not change keep their times.
# Commit dates are the authors': the same branches give the same series.
# The scratch index is given to the git commands that build on it alone:
# the checkouts after a failure (an EXIT trap's) have the tree's own.
series_from_prep() {
	local head name c date idx=$BUILD/series.index
	head=$(git -C "$TREE" rev-parse base)
	GIT_INDEX_FILE=$idx git -C "$TREE" read-tree base
	for name in $(prep_postings); do
		c=$(cover_commit "$name") || { rm -f "$idx"; die "b4/$name does not start with a b4 cover-letter commit after base"; }
		for c in $(git -C "$TREE" rev-list --reverse "$c..b4/$name"); do
			git -C "$TREE" diff-tree -p --binary "$c^" "$c" | GIT_INDEX_FILE=$idx git -C "$TREE" apply --cached 2>"$BUILD/am.err" ||
				{ rm -f "$idx"; die "b4/$name's $(git -C "$TREE" log -1 --format='%h ("%s")' "$c") does not apply after the postings before it: $(head -n 3 "$BUILD/am.err")"; }
			date=$(git -C "$TREE" log -1 --format=%ad --date=raw "$c")
			head=$(git -C "$TREE" log -1 --format=%B "$c" |
				GIT_AUTHOR_NAME=$(git -C "$TREE" log -1 --format=%an "$c") GIT_AUTHOR_EMAIL=$(git -C "$TREE" log -1 --format=%ae "$c") \
					GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date tgit commit-tree "$(GIT_INDEX_FILE=$idx git -C "$TREE" write-tree)" -p "$head")
		done
	done
	rm -f "$idx"
	git -C "$TREE" checkout -q --detach "$head"
	git -C "$TREE" checkout -q -B series
	echo "$head" >"$TREE/.git/series-made"
}

# lock_build: one command at a time on build/; a second one is refused,
# with the first one named. The commands a locked one runs share its lock.
lock_build() {
	[ "${BUILD_LOCKED:-}" != "$BUILD" ] || return 0
	mkdir -p "$BUILD"
	{ exec 9<>"$BUILD/lock"; } 2>/dev/null ||
		die "you cannot write $(q "$BUILD/lock"), which $(stat -c %U "$BUILD/lock" 2>/dev/null || stat -c %U "$BUILD") owns (a command run as that user, with sudo?): run as that user, or give $(q "$BUILD") back to you (as root: chown -R $(id -un) $(q "$BUILD"))"
	local pid held=
	flock -n 9 || {
		# A command that ended can leave a process holding the lock.
		exec 9>&-
		pid=$(sed -n 's/^pid \([0-9]*\),.*/\1/p' "$BUILD/lock")
		[ -d "/proc/$pid" ] || held=$(find /proc/[0-9]*/fd -lname "$(realpath "$BUILD/lock")" 2>/dev/null | cut -d/ -f3 | sort -un | paste -sd,) || true
		[ -z "$held" ] || die "$BUILD is locked by processes that another command ($(cat "$BUILD/lock")) left when it ended: see them (ps -fp $held) and end them"
		die "$BUILD is in use by another command ($(cat "$BUILD/lock")): wait for it to end"
	}
	echo "pid $BASHPID, ${0##*/}, since $(date +%T)" >"$BUILD/lock"
	export BUILD_LOCKED=$BUILD
}

# guard_tree [exported]: refuse, unless FORCE=1, when the tree has work
# that patches/ does not have: uncommitted or new files, a git am or
# rebase under way, a checkout on no branch, other branches with commits
# that no b4 branch has; with "exported", b4 branches that make export
# has not written (moved, new or deleted since).
# guard_clean: refuse a tree with uncommitted changes or new files, an
# am or rebase under way, or no branch checked out (unless FORCE=1).
guard_clean() {
	local git=(git -C "$TREE") out ignored=()
	! forced || return 0
	# A tree made by an older make tree kept Debian's "/*" in .gitignore,
	# which hides every new file: count ignored files there too.
	! grep -qx '/\*' "$TREE/.gitignore" 2>/dev/null || ignored=(--ignored)
	! under_way "$TREE" || die "$TREE has a git $UNDER_WAY under way: finish it (--continue) or --abort it there first"
	out=$("${git[@]}" status --porcelain -unormal "${ignored[@]}" | sed -n '1,10s/^/    /p')
	[ -z "$out" ] || die "$TREE has uncommitted changes or new files:
$out
  commit them there (git add, git commit) and run make export, or drop them with FORCE=1"
	"${git[@]}" symbolic-ref -q HEAD >/dev/null || [ -n "$("${git[@]}" rev-list -1 HEAD --not series --branches='b4/*')" ] ||
		die "$TREE is on no branch, with no commit of yours there: check out a branch (git -C $(q "$TREE") checkout series)"
	"${git[@]}" symbolic-ref -q HEAD >/dev/null ||
		die "$TREE is on no branch: put your commits on their posting's branch (cd $(q "$TREE") && git branch NAME && git checkout b4/POSTING && git cherry-pick NAME --not series --branches='b4/*' && git branch -D NAME), or FORCE=1 to drop them"
}
# under_way DIR: a git rebase, am, merge, cherry-pick or revert is under
# way in DIR's worktree.
UNDER_WAY="rebase, am, merge, cherry-pick, revert or bisect (git bisect log keeps its marks; git bisect reset ends it)"
under_way() {
	local op
	for op in rebase-merge rebase-apply MERGE_HEAD CHERRY_PICK_HEAD REVERT_HEAD BISECT_LOG; do
		[ ! -e "$(git -C "$1" rev-parse --path-format=absolute --git-path "$op")" ] || return 0
	done
	return 1
}
# guard_worktrees: refuse a tree with worktrees of the user's, FORCE=1
# or not: the harness checks out its branches, and make clean removes
# it, which leaves its worktrees without a repository. The harness's
# own (build/base-src, um-src, stable-src: detached, in build/) are not.
guard_worktrees() {
	local out b
	b=$(realpath -m "$BUILD")
	out=$(git -C "$TREE" worktree list --porcelain |
		awk 'BEGIN { RS = "" } NR > 1 && !/\nprunable/ { sub(/^worktree /, ""); sub(/\n.*/, ""); print }' |
		grep -vxF -e "$b/base-src" -e "$b/um-src" -e "$b/stable-src") || true
	[ -z "$out" ] || die "$TREE has worktrees: $(paste -sd' ' <<<"$out"): commit what is there, then remove them (git -C $(q "$TREE") worktree remove PATH): the harness checks out $TREE's branches, and make clean removes it"
}
# Every check comes before guard_diverged's, whose way ends in FORCE=1.
guard_tree() {
	local git=(git -C "$TREE") out b
	guard_worktrees
	! forced || return 0
	guard_clean
	guard_old_tree
	[ ! -f "$TREE/.git/series-made" ] || [ "$("${git[@]}" rev-parse series)" = "$(cat "$TREE/.git/series-made")" ] ||
		die "$TREE has commits on branch series, which make tree and make export make again from the b4 branches: bring them to their posting's branch (git checkout b4/NAME; git cherry-pick $(cut -c1-12 "$TREE/.git/series-made")..series), then git branch -f series $(cut -c1-12 "$TREE/.git/series-made") and make export; or FORCE=1 to drop them"
	out=$(for b in $("${git[@]}" for-each-ref --format='%(refname:short)' refs/heads | grep -v '^b4/\|^series$'); do
		[ -z "$("${git[@]}" rev-list -1 "$b" --not series $("${git[@]}" for-each-ref --format='%(refname)' refs/heads/b4/))" ] || echo "$b"
	done | paste -sd' ')
	[ -z "$out" ] || die "$TREE has branches with commits that no b4 branch has: $out: bring them to their posting's branch b4/NAME (git cherry-pick) and run make export, or delete them (git branch -D), or FORCE=1"
	guard_diverged
	[ -z "${1:-}" ] || prep_applied ||
		die "$TREE has b4 branches that are not in patches/ as they are (new commits, a new cover letter or posting): run make export first (or FORCE=1 to drop them)"
}

# guard_old_tree: a tree of an older make tree has branch series alone,
# and .git/applied the one commit that make export wrote: refuse commits
# since, else record it as a tree without b4 branches, which make tree
# makes.
guard_old_tree() {
	local old
	old=$(cat "$TREE/.git/applied" 2>/dev/null) || return 0
	[ -n "$old" ] && [ "$old" = "${old%% *}" ] || return 0
	[ "$(git -C "$TREE" rev-parse series)" = "$old" ] ||
		die "$TREE was made by an older make tree, and branch series has commits that it did not export: keep them as patches (git -C $(q "$TREE") format-patch -o DIR ${old:0:12}..series) to bring to their posting's b4 branch after make tree FORCE=1"
	: >"$TREE/.git/applied"
}

# dir_files DIR REGEX: DIR's files whose paths there match REGEX, in
# C-locale order, one a line.
dir_files() { (cd "$1" && find . ! -type d | sed 's|^\./||' | grep -E "$2" | LC_ALL=C sort); }
# record_files DIR REGEX RECORD: RECORD gets DIR's files_hash, and
# RECORD.files the sha256sum of each of those files (guard_kept).
record_files() {
	files_hash "$1" "$2" >"$3"
	dir_files "$1" "$2" | (cd "$1" && xargs -r -d '\n' sha256sum --) >"$3.files"
}
# files_hash DIR REGEX [COMMIT]: sha256 of the names, then the contents,
# of DIR's files whose paths there match REGEX, in C-locale order; of
# COMMIT of DIR's repository if given, else of the work tree.
files_hash() {
	local f files=()
	if [ -n "${3:-}" ]; then
		mapfile -t files < <(git -C "$1" ls-tree -r --name-only "$3" -- . | grep -E "$2" | LC_ALL=C sort)
	elif [ -d "$1" ]; then
		mapfile -t files < <(dir_files "$1" "$2")
	fi
	{
		printf '%s\n' "${files[@]}"
		for f in "${files[@]}"; do
			if [ -n "${3:-}" ]; then git -C "$1" cat-file blob "$3:./$f"; else cat -- "$1/$f"; fi
		done
	} | sha256sum | cut -d' ' -f1
}

# guard_kept DIR REGEX RECORD [PREFIX]: refuse, unless FORCE=1, to make
# the tree's branches again from a DIR changed since, when what they have
# (make PREFIXexport wrote it, or make PREFIXtree applied it: RECORD has
# its files_hash) is in no commit, stash or reflog entry of DIR's
# repository, nor in DIR itself, others added. A DIR in no repository is
# not checked: without git, an edit by hand would be refused every time.
guard_kept() {
	local want c
	want=$(cat "$3" 2>/dev/null) && [ -n "$want" ] || return 0
	! forced && [ "$want" != "$(files_hash "$1" "$2")" ] || return 0
	# Every file it had is there still, as it was (a pull added others,
	# say): the branches made again from $1 have it.
	[ ! -s "$3.files" ] || ! (cd "$1" && sha256sum --quiet --status -c "$3.files") 2>/dev/null || return 0
	git -C "$1" rev-parse --git-dir >/dev/null 2>&1 || return 0
	for c in $(git -C "$1" rev-list --all --reflog -- .); do
		[ "$(files_hash "$1" "$2" "$c")" != "$want" ] || return 0
	done
	# The way writes over $1: what it has now is committed first.
	local first=
	[ -z "$(git -C "$1" status --porcelain -unormal -- . 2>/dev/null)" ] ||
		first="commit $1 as it is now (cd $(q "$1") && git add -A . && git commit), then "
	die "$1 changed since make ${4:-}tree or make ${4:-}export, and $TREE's branches have what make ${4:-}export wrote (or make ${4:-}tree applied) then, which no commit or stash of $1 has: ${first}make ${4:-}export FORCE=1 writes it back over $1 (git diff then shows it against what $1 had; commit it), or FORCE=1 drops it"
}

# guard_diverged: refuse when patches/ changed since make tree and the
# tree has b4 branches that it lacks: make tree would drop the one, make
# export the other. Says how to keep both.
guard_diverged() {
	local ref head recipe= g oldbase=
	g="git -C $(q "$TREE")"
	[ -f "$TREE/.git/applied" ] || return 0
	! patches_applied && ! prep_applied || return 0
	# The way below picks what came after the last export: that export
	# must be in patches/ or a commit of it, else it goes first.
	guard_kept "$PATCHES" "$PATCHES_RE" "$TREE/.git/applied-patches"
	while read -r head ref; do
		[ "$(recorded "$TREE/.git/applied" "$ref")" != "$head" ] || continue
		ref=${ref#refs/heads/}
		recipe+="
  $g branch -m $ref mine/$ref"
		set -- "$@" "$ref mine/$ref $(recorded "$TREE/.git/applied" "refs/heads/$ref")"
	done < <(prep_refs)
	# The way's FORCE=1 removes the files that .gitignore hides, and a
	# new base the whole tree: make tree makes it again.
	if [ "$(cat "$TREE/.git/base-key" 2>/dev/null)" != "$(base_key)" ]; then
		oldbase=$(git -C "$TREE" rev-parse base)
		guard_removal
		recipe+="
  $g bundle create $(q "$BUILD/mine.bundle") --branches='mine/*'   # kept outside $TREE, which the new base makes again
  make tree FORCE=1                    # the b4 branches as patches/ has them now
  $g fetch -q $(q "$BUILD/mine.bundle") 'refs/heads/mine/*:refs/heads/mine/*'"
	else
		guard_ignored
		recipe+="
  make tree FORCE=1                    # the b4 branches as patches/ has them now"
	fi
	for ref; do
		read -r ref mine head <<<"$ref"
		if [ -n "$head" ] && [ -d "$PATCHES/${ref#b4/}" ] && git -C "$TREE" merge-base --is-ancestor "$head" "refs/heads/$ref"; then
			recipe+="
  $g checkout -q $ref && $g cherry-pick ${head:0:12}..$mine && $g branch -D $mine"
		elif [ -n "$head" ] && [ -d "$PATCHES/${ref#b4/}" ]; then
			recipe+="
  $g range-diff ${head:0:12}...$mine   # your changes to $ref (a new cover letter rewrites them all): make them again on $ref, then $g branch -D $mine"
		else
			# A posting that patches/ lacks (new, or removed by the
			# pull) comes back whole, on the new base if there is one.
			[ -z "$oldbase" ] || recipe+="
  $g rebase -q --onto base ${oldbase:0:12} $mine &&"
			recipe+="
  $g branch -m $mine $ref"
			[ -z "$head" ] || recipe+="   # posting ${ref#b4/}, which $PATCHES no longer has, kept (make export writes it back); or drop it: $g branch -D $mine"
		fi
	done
	die "$PATCHES changed since make tree (edited, or pulled) and $TREE has b4 branches that it lacks: keep both thus:$recipe
  make export"
}

# guard_removal: before the tree is removed (make clean, a new base),
# refuse, unless FORCE=1, over what only its removal loses: files its
# .gitignore hides (the harness builds out of the tree), stashes, tags
# other than base.
guard_removal() {
	local git=(git -C "$TREE") out
	! forced || return 0
	guard_ignored
	[ -z "$("${git[@]}" stash list)" ] ||
		die "$TREE has stashes (git -C $(q "$TREE") stash list): apply and commit them (git stash pop), or drop them (git stash drop), or FORCE=1"
	out=$("${git[@]}" tag -l | grep -vx base | paste -sd' ') || true
	[ -z "$out" ] || die "$TREE has tags of yours: $out (sent/*: b4's versions sent, for b4 prep --compare-to; make send keeps its own record, $(q "$BUILD/sent")): keep them elsewhere (git -C $(q "$TREE") bundle create FILE --tags), or delete them (git tag -d), or FORCE=1"
}

# guard_ignored: refuse, unless FORCE=1, over files that the tree's
# .gitignore hides (the harness builds out of the tree).
guard_ignored() {
	local out
	! forced || return 0
	out=$(git -C "$TREE" status --porcelain -unormal --ignored | sed -n '1,10s/^/    /p')
	[ -z "$out" ] || die "$TREE has files that its .gitignore hides:
$out
  move them out of $TREE, or commit them (git add -f) and run make export, or drop them with FORCE=1"
}

# guard_stable [changed]: refuse, unless FORCE=1, when build/stable
# ($TREE) has work that stable/ does not: uncommitted changes, a git am
# or rebase under way, or commits on any branch that the branches lack
# as make stable-tree made them or make stable-export wrote them;
# worktrees, FORCE=1 or not. "changed": stable/ changed since, and the
# way to keep both is given.
guard_stable() {
	local g old oldw work other steps=() by_hand=
	guard_worktrees
	! forced || return 0
	guard_stable_head
	[ -z "$(git -C "$TREE" status --porcelain -unormal)" ] ||
		die "$TREE has uncommitted changes: commit them and run make stable-export, or drop them with FORCE=1"
	work=$(stable_work)
	work=${work% }
	[ -n "$work" ] || return 0
	[ -s "$TREE/.git/stable-applied" ] ||
		die "$TREE has commits on branch(es) $work, and stable/ never applied there (a patch of it did not): make stable-tree makes its branches from stable/ alone: write your mend there, in place of the patch that did not apply (git -C $(q "$TREE") format-patch -o $(q "${STABLE_DIR:-$TOP/stable}") base..backport), then make stable-tree FORCE=1, which drops these commits, now in stable/; or FORCE=1 now to drop them"
	other=$(tr ' ' '\n' <<<"$work" | grep -vxE 'backport|with|' | paste -sd' ') || true
	# A new base: the tree is made anew, and what it has goes through
	# stable/ first.
	[ "${1:-}" != newbase ] || stable_applied ||
		die "stable/ and the base in stable.conf changed since make stable-tree (a pull), and $TREE has commits that stable/ lacks, on branch(es) $work: your work goes to stable/ first, over the pull's (commit stable/ as it is first, if no commit has it): make stable-export FORCE=1 (then git diff -- stable/ shows what the pull changed against yours: bring that back, and commit), then make stable-tree"
	[ "${1:-}" != changed ] || guard_stable_kept # as guard_diverged
	[ "${1:-}" = changed ] ||
		die "$TREE has commits that stable/ lacks, on branch(es) $work: bring them to branch backport (the backport) or with (the test-only patch) if they are not there and run make stable-export (a branch whose work is done: git branch -D it), or drop them with FORCE=1"
	[ -z "$other" ] ||
		die "stable/ changed since make stable-tree (edited, or pulled), and $TREE has commits that neither has, on branch(es) $other: bring them to branch backport or with, or delete the branch if its work is done (git branch -D), then run make stable-tree again: it says how to keep both"
	old=$(recorded "$TREE/.git/stable-refs" refs/heads/backport)
	oldw=$(recorded "$TREE/.git/stable-refs" refs/heads/with)
	g="git -C $(q "$TREE")"
	# What is sure to go onto the branches made again: new commits on
	# backport, picked; a test-only commit edited on the backport (as it
	# was or is), picked where stable/'s test-only patch is the one it
	# was made from. Anything else is for a range-diff to show and the
	# user to make again.
	if [[ " $work " != *" backport "* ]]; then
		:
	elif [ -n "$old" ] && git -C "$TREE" merge-base --is-ancestor "$old" backport; then
		steps+=("$g branch -m backport mine/backport" "make stable-tree FORCE=1"
			"$g checkout -q backport" "$g cherry-pick ${old:0:12}..mine/backport" "$g branch -D mine/backport")
	else
		by_hand=1
	fi
	if [[ " $work " != *" with "* ]] || [ -z "$oldw" ] || same_change "$oldw" with; then
		:
	elif [[ " $old $(git -C "$TREE" rev-parse backport) " == *" $(git -C "$TREE" rev-parse with~1) "* ]] &&
		[ "$(stable_test_hash)" = "$(cat "$TREE/.git/stable-test" 2>/dev/null)" ]; then
		steps=("$g branch -m with mine/with" "${steps[@]}")
		[[ " ${steps[*]} " == *" make stable-tree FORCE=1 "* ]] || steps+=("make stable-tree FORCE=1")
		steps+=("$g checkout -q with" "$g reset -q --hard backport" "$g cherry-pick mine/with" "$g branch -D mine/with")
	else
		by_hand=1
	fi
	[ -z "$by_hand" ] || die "stable/ changed since make stable-tree (edited, or pulled) and $TREE has commits rewritten that it lacks: keep them on branches, make stable-tree, and make your changes again thus:
  $g branch -m backport mine/backport && $g branch -m with mine/with && make stable-tree FORCE=1
  $g range-diff base..${old:0:12} base..mine/backport   # what you changed on backport
  $g range-diff base..${oldw:0:12} base..mine/with   # and on with
then make those changes again on backport and with, and: make stable-export && $g branch -D mine/backport mine/with"
	[ ${#steps[@]} != 0 ] || return 0 # with put on a new backport, as it was
	steps+=("make stable-export")
	die "stable/ changed since make stable-tree (edited, or pulled) and $TREE has work on backport or with that it lacks: keep both thus (one command; a step that fails stops it):
$(printf '  %s &&\n' "${steps[@]}" | sed '$s/ &&$//')"
}

# stable_work: the branches of build/stable ($TREE) with commits that
# the branches as recorded (make stable-tree's, make stable-export's)
# lack.
stable_work() {
	local ids ref
	ids=$(cut -d' ' -f1 "$TREE/.git/stable-refs" 2>/dev/null) || true
	for ref in $(git -C "$TREE" for-each-ref --format='%(refname:short)' refs/heads); do
		# shellcheck disable=SC2086 # ids: one commit id a word
		[ -z "$(git -C "$TREE" rev-list -1 "$ref" --not $ids --)" ] || printf '%s ' "$ref"
	done
}
# guard_stable_head: refuse an operation under way in build/stable, and
# commits on no branch there.
guard_stable_head() {
	! under_way "$TREE" || die "$TREE has a git $UNDER_WAY under way: finish it (--continue) or --abort it there first"
	[ -z "$(git -C "$TREE" rev-list -1 HEAD --not --branches --)" ] ||
		die "$TREE has commits on no branch (HEAD): put them on one (git -C $(q "$TREE") branch NAME), or drop them with FORCE=1"
}
# stable_test_hash: of stable/'s test-only patch as it is.
stable_test_hash() { cat "${STABLE_DIR:-$TOP/stable}"/test/*.patch 2>/dev/null | sha256sum | cut -d' ' -f1; }

# guard_stable_kept: guard_kept for stable/ (STABLE_DIR) and build/stable
# ($TREE): refuse when stable/ lost what the branches have.
STABLE_RE='^(test/)?[^/]+\.patch$'
guard_stable_kept() { guard_kept "${STABLE_DIR:-$TOP/stable}" "$STABLE_RE" "$TREE/.git/stable-applied" stable-; }

# patch_id COMMIT: git patch-id of the change COMMIT makes.
patch_id() { hgit diff-tree -p --no-ext-diff "$1" | git patch-id --stable | cut -d' ' -f1; }
# same_change A B: commits A and B make the same change, with the same
# message.
same_change() {
	[ "$(patch_id "$1")" = "$(patch_id "$2")" ] &&
		[ "$(git -C "$TREE" log -1 --format=%B "$1")" = "$(git -C "$TREE" log -1 --format=%B "$2")" ]
}

# keep_notes DIR PATCH: git am ends the commit message at the first "---";
# notes under it, above the diffstat's "---", go back into the message
# of the commit it just made, as make export found them.
keep_notes() {
	local notes
	TREE=$1 hgit mailinfo /dev/null "$BUILD/am.rest" <"$2" >/dev/null
	# What follows the message: "---", notes if any, "---", the diffstat.
	notes=$(awk '/^diff --git /{ exit } { l[n++] = $0 } /^---$/{ end = n - 1 }
		END { for (i = 1; i < end; i++) print l[i] }' "$BUILD/am.rest")
	[ -n "$notes" ] || return 0
	printf -- '%s\n---\n%s\n' "$(git -C "$1" log -1 --format=%B)" "$notes" |
		TREE=$1 hgit commit -q --amend --no-verify --cleanup=whitespace -F -
}

# git in the harness tree, with a fixed identity; as every git here
# (GIT_CONFIG_* above), its commits go through no hook and no signing of
# the user's (a commit-msg hook's Change-Id would land after b4's tracking).
tgit() {
	git -C "$TREE" -c user.name="$SIGNOFF_NAME" \
		-c user.email="$SIGNOFF_EMAIL" "$@"
}
# hgit ARGS: tgit without the user's global and system git config: the
# commits and patches the harness makes are the same on every machine
# (am.messageid, mailinfo.scissors, format.*, diff.noprefix...).
hgit() { GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 tgit "$@"; }

# own_config: refuse when the tree's own git config (its includes and
# config.worktree too, or .b4-config) sets what would change the patches
# written, their sender, recipients or server (diff.noprefix, format.*,
# b4.send-series-cc, sendemail.*: over the SMTP settings that send.sh
# takes from the global one, those of b4.sendemail-identity too), which
# the harness cannot set aside as it does the user's global one.
own_config() {
	local own
	# "NAME (in FILE)", each setting with the file that has it.
	own=$(for where in --local --worktree; do
		git -C "$TREE" config "$where" --includes --show-origin --name-only --get-regexp '^(format|diff|b4|sendemail|includeif)\.' 2>/dev/null
	done | sed "s|^file:\([^/].*\)\t|file:$TREE/\1\t|; s/^file:\(.*\)\t\(.*\)/\2 (in \1)/" | sort -u | sed '$!s/$/,/' | paste -sd" ") || true
	[ -z "$own" ] || die "$TREE's own git config sets $own, which would change the mails written, their sender or server (an includeIf: on a b4 branch, say; your global git config's SMTP settings are the ones used): unset it there (git config -f FILE --unset NAME)"
	# b4 takes send-* and the like from the tree's .b4-config too (one
	# that .gitignore hides), unless the base has that very file.
	[ ! -e "$TREE/.b4-config" ] ||
		[ "$(git -C "$TREE" rev-parse -q --verify base:.b4-config)" = "$(git -C "$TREE" hash-object "$TREE/.b4-config")" ] ||
		die "$TREE has a .b4-config that the base lacks, whose settings (send-series-to...) b4 would put in the mails: move it out of $TREE"
}

# format_patch ARGS: git format-patch in the harness tree, the same on
# every machine: the user's own git configuration (format.cc,
# diff.noprefix, format.useAutoBase...) changes no patch written.
format_patch() {
	own_config
	hgit -c core.abbrev=12 format-patch -q --zero-commit --no-signature "$@"
}

# notes above|below [FILE]: a commit message's or patch mail's lines
# above its first "---" line, where git interpret-trailers ends the
# message (the notes or the diff follow it), or that line and those
# after it.
notes() {
	awk -v w="$1" '/^---([ \t\r]|$)/ { if (w == "above") exit; f = 1 } f || w == "above"' "${@:2}"
}

# sign_message: the commit message or patch mail on stdin, signed by
# the sender, last, above the notes under a "---" line (or the diff),
# which the rules below do not read. The stand-ins' Signed-off-by and
# Co-developed-by are dropped, from the notes too: b4 send Cc's whom a
# trailer there names.
# Each address signs once, at its last place, with its Co-developed-by
# above, and the sender's, at any spelling, moves last: exports taking
# turns add them again, and checkpatch takes no second. A backport
# ("commit SHA upstream." or "[ Upstream commit SHA ]") keeps its
# upstream chain as stable wants: the rule holds below
# its last "[ note ]" alone; without one, the sender's is added after
# the chain unless its last line is theirs (a name spelled anew replaces
# it). Blank lines are squeezed, notes' too, as git commit does (notes
# would gain one above them at each export), and dropped above "---";
# from a "diff --git" line on they are kept, the last too (the "."
# keeps it from the command substitution): an editor may have emptied a
# hunk's last context line.
sign_message() {
	local in msg last e="<${SIGNOFF_EMAIL,,}>" how=addIfDifferentNeighbor co=() from=0 whole=1
	in=$(grep -viE "^(Signed-off-by|Co-developed-by): $STAND_IN"; echo .)
	in=${in%.}
	msg=$(notes above <<<"$in")
	if grep -qE '^(commit [0-9a-f]{40} upstream\.?|\[ Upstream commit [0-9a-f]{40} \])$' <<<"$msg"; then
		from=$(awk '/^\[.*\]$/ && !/^\[ Upstream commit/ { n = NR } END { print n + 0 }' <<<"$msg")
		if ((from == 0)); then
			whole=
			last=$(awk 'NF { l = $0 } END { print l }' <<<"$msg")
			[[ ${last,,} != signed-off-by:*"$e"* ]] || how=replace
		fi
	fi
	if [[ -n $whole ]]; then
		! awk -v from="$from" -v e="$e" 'NR > from && tolower($0) ~ /^co-developed-by: / && index(tolower($0), e) { f = 1 }
			END { exit !f }' <<<"$msg" || co=(--trailer "Co-developed-by: $ME")
		msg=$(awk -v me="$e" -v from="$from" '
			function who(l) { l = tolower(l); return match(l, /<[^>]*>/) ? substr(l, RSTART, RLENGTH) : l }
			function is(l, t) { return tolower(l) ~ ("^" t ": ") }
			{ line[NR] = $0; if (NR > from && is($0, "signed-off-by")) last[who($0)] = NR }
			END {
				for (i = from + 1; i < NR; i++)
					if (is(line[i], "co-developed-by") && is(line[i + 1], "signed-off-by") && who(line[i]) == who(line[i + 1]))
						co[who(line[i])] = line[i]
				for (i = 1; i <= NR; i++) {
					w = who(line[i])
					if (i > from && is(line[i], "co-developed-by") && (w in co || w == me))
						continue
					if (i > from && is(line[i], "signed-off-by")) {
						if (last[w] != i || w == me)
							continue
						if (w in co)
							print co[w]
					}
					print line[i]
				}
			}' <<<"$msg")
	fi
	{ printf '%s\n' "$msg"; printf '%s' "$in" | notes below; } |
		awk '/^diff --git / { d = 1 } !d && /^$/ { b = 1; next } { if (b) print ""; b = 0 } 1; END { if (b) print "" }' |
		GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git interpret-trailers \
			--if-exists "$how" "${co[@]}" --trailer "Signed-off-by: $ME"
}

# sign_as_sender BASE BRANCH: BRANCH's commits after BASE, with a
# stand-in author (the placeholder, any address that takes no mail) or
# one at the sender's address replaced by the sender ($ME, as spelled
# now), signed by sign_message (a cover letter loses any Signed-off-by);
# an upstream author stays the author. Commits that need no change are
# kept; BRANCH moves only if one changed.
sign_as_sender() {
	local head c author msg
	head=$(git -C "$TREE" rev-parse "$1")
	for c in $(git -C "$TREE" rev-list --reverse "$1..$2"); do
		author=$(git -C "$TREE" log -1 --format='%an <%ae>' "$c")
		! stand_in "$author" && [[ ${author,,} != *"<${SIGNOFF_EMAIL,,}>" ]] || author=$ME
		if git -C "$TREE" log -1 --format=%B "$c" | grep -qx -- '--- b4-submit-tracking ---'; then
			# A cover letter needs no sign-off: b4 prep -n gave it one
			# of git config's user, who need not be the sender.
			msg=$(git -C "$TREE" log -1 --format=%B "$c" | grep -v '^Signed-off-by: ' || true)
		else
			msg=$(git -C "$TREE" log -1 --format=%B "$c" | sign_message)
		fi
		if [ "$(git -C "$TREE" rev-parse "$c^")" = "$head" ] &&
			[ "$author" = "$(git -C "$TREE" log -1 --format='%an <%ae>' "$c")" ] &&
			[ "$msg" = "$(git -C "$TREE" log -1 --format=%B "$c")" ]; then
			head=$c
			continue
		fi
		head=$(GIT_AUTHOR_NAME=${author% <*} GIT_AUTHOR_EMAIL=$(sed 's/.*<\(.*\)>$/\1/' <<<"$author") \
			GIT_AUTHOR_DATE=$(git -C "$TREE" log -1 --format=%ad --date=raw "$c") \
			tgit commit-tree "$c^{tree}" -p "$head" <<<"$msg")
	done
	if [ "$head" != "$(git -C "$TREE" rev-parse "$2")" ]; then
		log "signed off by $ME: branch $2 rewritten (same files)"
		git -C "$TREE" update-ref -m "make export: identity" "refs/heads/$2" "$head"
	fi
}

# kunit_args ARCH: set KUNIT_DIR and KUNIT_ARGS, the kunit.py
# configuration that the build and the runs of that kernel share. The
# x86_64 kernel, which also boots for make run, is the debug one too.
# UML builds from its own worktree of the tree, build/um-src, where
# bisect.sh checks out one patch after another without touching the
# sources of the x86_64 build.
kunit_args() {
	KUNIT_DIR=$BUILD/$1
	KUNIT_SRC=$TREE
	KUNIT_ARGS=(--arch="$1" --build_dir="$KUNIT_DIR"
		--kunitconfig=kernel/sched)
	KUNIT_CROSS=
	case $1 in
	um)
		KUNIT_ARGS+=(--kconfig_add CONFIG_IRQ_KUNIT_TEST=y)
		KUNIT_SRC=$BUILD/um-src
		if [ -e "$KUNIT_SRC/.git" ]; then
			git -C "$KUNIT_SRC" checkout -q -f --detach series
		else
			git -C "$TREE" worktree add -q --detach "$KUNIT_SRC" series
		fi
		;;
	x86_64)
		KUNIT_ARGS+=(--kunitconfig=drivers/spi
			--kunitconfig="$TOP/configs/$1.config"
			--kunitconfig="$TOP/configs/debug.config")
		;;
	arm64)
		KUNIT_CROSS=aarch64-linux-gnu-
		KUNIT_ARGS+=(--kunitconfig=drivers/spi
			--kunitconfig="$TOP/configs/$1.config"
			--cross_compile="$KUNIT_CROSS")
		;;
	esac
}

# kunit_qemu ARCH KERNEL: the QEMU that kunit.py exec starts for ARCH,
# under the accelerator that qemu_accel found: kunit.py asks for KVM
# first, so with TCG its qemu-system-* are stages/qemu-no-kvm, which
# drops that request. Adds to KUNIT_ARGS and sets KUNIT_ACCEL.
kunit_qemu() {
	local bin=$BUILD/qemu-no-kvm q
	KUNIT_ACCEL="-accel tcg"
	[ "$1" != x86_64 ] || KUNIT_ACCEL=$(qemu_accel "$2")
	if [ "$KUNIT_ACCEL" = "-accel tcg" ]; then
		mkdir -p "$bin"
		for q in qemu-system-x86_64 qemu-system-aarch64; do
			ln -sfn "$TOP/stages/qemu-no-kvm" "$bin/$q"
		done
		export PATH=$bin:$PATH
	fi
	KUNIT_ARGS+=(--qemu_args="$KUNIT_ACCEL")
}

KVM_DEV=${KVM_DEV:-/dev/kvm} # a test's stand-in, else the real one
# qemu_accel KERNEL: the QEMU accelerator, KVM when KERNEL really starts
# under it here, TCG otherwise; found once per build folder. /dev/kvm
# can be there and still not run a guest (some nested hosts hang it, or
# refuse the host CPU's ARCH_CAPABILITIES MSR).
qemu_accel() {
	local cache=$BUILD/qemu-accel cpu accel="-accel tcg"
	if [ ! -s "$cache" ]; then
		kvm_unwritable
		[ ! -w "$KVM_DEV" ] || log "trying a guest under KVM ($KVM_DEV), up to 40 s"
		for cpu in host host,-arch-capabilities; do
			[ -w "$KVM_DEV" ] || break
			if probe_boot 20 "$1" -accel kvm -cpu "$cpu"; then
				accel="-accel kvm -cpu $cpu"
				break
			fi
		done
		# KVM is to blame only for a kernel that boots without it.
		if [ "$accel" = "-accel tcg" ] && [ -w "$KVM_DEV" ]; then
			log "it did not boot: trying it under TCG, up to 120 s"
			if ! probe_boot 120 "$1" -accel tcg; then
				warn "the kernel did not boot under KVM nor under TCG in the probe: nothing recorded (the guest shows why)"
				echo "$accel"
				return
			fi
			warn "a guest did not boot under KVM ($KVM_DEV), and did under TCG: every guest runs under TCG, slower; once KVM works, probe again: rm $(q "$cache")"
		fi
		# Recorded only once the probe has ended: an interrupted one
		# records nothing.
		echo "$accel" >"$cache.$$" && mv "$cache.$$" "$cache"
	fi
	cat "$cache"
}

# probe_boot TIMEOUT KERNEL QEMU-ARGS...: whether KERNEL gets to the end
# of its boot under these QEMU arguments, where it looks for an init
# (and, having none, panics): a broken KVM may well print the banner.
# grep's status alone, once QEMU has ended: under pipefail its own
# (killed by the timeout) would fail a guest that ran.
probe_boot() {
	grep -q 'Kernel panic - not syncing: VFS: Unable to mount root\|Run /none as init' <<<"$(timed "$1" \
		qemu-system-x86_64 "${@:3}" -smp 2 -m 256 -nodefaults -display none -no-reboot \
		-serial stdio -kernel "$2" -append "console=ttyS0 earlyprintk=serial panic=-1 kunit.enable=0 rdinit=/none" \
		</dev/null 2>/dev/null)"
}

# kvm_unwritable: name a /dev/kvm that is there but that this user
# cannot write, which gives TCG.
kvm_unwritable() {
	[ ! -e "$KVM_DEV" ] || [ -w "$KVM_DEV" ] ||
		warn "you cannot write $KVM_DEV (are you in its group?): every guest runs under TCG, slower; once you can, probe again: rm $(q "$BUILD/qemu-accel")"
}

# kvm_hint: after an x86_64 guest that gave no results, the ways out
# where build/qemu-accel says KVM.
kvm_hint() {
	local rec
	rec=$(q "$BUILD/qemu-accel")
	grep -qs kvm "$BUILD/qemu-accel" || return 0
	warn "the guest was started under KVM, as $rec records. Where /dev/kvm changed since (another machine, its access), probe again: rm $rec; where KVM failed the guest (a \"KVM internal error\" stops it until its timeout), run every guest under TCG: echo '-accel tcg' >$rec"
}

# arm64_dtb: the device tree of the QEMU virt machine that kunit.py
# starts for arm64 (1 GiB, 2 CPUs), with a PSCI retention idle state on
# each CPU, which QEMU runs as WFI: the psci checker needs a cpuidle
# driver, and PSCI's takes its states from the device tree alone.
arm64_dtb() {
	local dtb=$BUILD/arm64-idle.dtb state=/cpus/idle-states/cpu-retention cpu
	if [ ! -s "$dtb" ]; then
		need fdtput device-tree-compiler
		mkdir -p "$BUILD"
		timed 60 qemu-system-aarch64 -nodefaults -display none -m 1024 -smp 2 \
			-machine virt,dumpdtb="$dtb.$$" -cpu max,pauth-impdef=on >/dev/null 2>&1
		fdtput -p -c "$dtb.$$" "$state"
		fdtput -t s "$dtb.$$" /cpus/idle-states entry-method psci
		fdtput -t s "$dtb.$$" "$state" compatible arm,idle-state
		fdtput -t x "$dtb.$$" "$state" arm,psci-suspend-param 1
		fdtput -t u "$dtb.$$" "$state" entry-latency-us 20
		fdtput -t u "$dtb.$$" "$state" exit-latency-us 20
		fdtput -t u "$dtb.$$" "$state" min-residency-us 100
		fdtput -t x "$dtb.$$" "$state" phandle 7fff
		for cpu in $(fdtget -l "$dtb.$$" /cpus | grep '^cpu@'); do
			fdtput -t x "$dtb.$$" "/cpus/$cpu" cpu-idle-states 7fff
		done
		mv "$dtb.$$" "$dtb"
	fi
	echo "$dtb"
}

# kunit_counts JSON: "passed failed skipped" of the KUnit cases that
# kunit.py parse --json wrote; no case at all counts as a failure.
kunit_counts() {
	python3 - "$1" <<'PY'
import json, sys
n = {"PASS": 0, "FAIL": 0, "SKIP": 0}
def walk(g):
    for c in g.get("test_cases", []):
        n[c["status"] if c["status"] in n else "FAIL"] += 1
    for s in g.get("sub_groups", []):
        walk(s)
walk(json.load(open(sys.argv[1])))
if not sum(n.values()):
    n["FAIL"] = 1
print(n["PASS"], n["FAIL"], n["SKIP"])
PY
}

# add_counts P F S: add to the counts of the check that runs this stage.
add_counts() {
	[ -n "${COUNTS:-}" ] || return 0
	local p=0 f=0 s=0
	[ ! -f "$COUNTS" ] || read -r p f s <"$COUNTS"
	echo "$((p + $1)) $((f + $2)) $((s + $3))" >"$COUNTS"
}

# The proof that make test
# passed on exactly the patches that are about to be mailed.
STAMP=${STAMP:-$BUILD/test-passed.stamp}

# patches_hash: the postings' patches, cover letters included.
PATCHES_RE='^[^/]+/[^/]+\.patch$'
patches_hash() { files_hash "$PATCHES" "$PATCHES_RE"; }

# tested_hash: what make test passes on and make send (SEND=1) mails:
# patches/ and the backports in stable/, the test-only patch included.
tested_hash() {
	{ patches_hash; files_hash "$TOP/stable" '^([^/]+/)?[^/]+\.patch$'; } | sha256sum | cut -d' ' -f1
}

# ktap FILE: the KTAP lines of a console log, without the kernel messages
# that can land between them (e.g. "clocksource: Switched to ...") and
# that kunit.py parse takes for a broken test.
ktap() {
	sed -nE 's/^\[ *[0-9]+\.[0-9]+\] //; /^ *(KTAP version|TAP version|[0-9]+\.\.[0-9]+|ok |not ok |# )/p' "$1"
}

# get_maintainers ARGS...: scripts/get_maintainer.pl in the tree, from
# MAINTAINERS alone (no git history; --no-fixes: the tree has no upstream
# history to find a Fixes: commit in).
get_maintainers() {
	(cd "$TREE" && timeout 120 scripts/get_maintainer.pl --no-rolestats \
		--no-git --no-git-fallback --no-fixes "$@")
}

# What the tree's base is made from; a tree or a fetched base made from
# another base.conf is made again. v2: without Debian's .gitignore block.
base_key() {
	printf '%s|' v2 "$BASE_PACKAGE" "$BASE_VERSION" "$BASE_SHA256" "${BASE_TARBALL:-}"
}

# made_tree DIR REF...: whether DIR is a tree that make tree (REF base)
# or make stable-tree (base backport) made; none there: no. One that
# git cannot read (another owner's, no .git), or without a REF (deleted,
# renamed), may hold work: refused; with FORCE=1, no (it is dropped).
made_tree() {
	local dir=$1 err ref g way
	shift
	[ -e "$dir" ] || return 1
	if err=$(git_reads "$dir"); then
		g="git -C $(q "$dir")"
		for ref; do
			git -C "$dir" rev-parse -q --verify "$ref" >/dev/null && continue
			! forced || return 1
			way="$g branch $ref base"
			[ "$ref" != base ] || way="$g tag base \$($g rev-list --max-parents=0 HEAD)"
			die "$dir has no $ref, by which the harness knows its own work from yours: put it back ($way), or move $dir away, or FORCE=1 to drop it"
		done
		return 0
	fi
	! forced || return 1
	die "git cannot read $dir ($err): run as its owner (or make it yours: chown -R), or move it away, or FORCE=1 to drop it"
}

# git_reads DIR: whether git reads DIR's repository as b4 and the
# harness's commits run it, without your global config: its
# safe.directory does not make another owner's tree one. If not, why.
git_reads() {
	local err
	[ -e "$1/.git" ] || { echo "it has no .git"; return 1; }
	err=$(GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git -C "$1" rev-parse --git-dir 2>&1 >/dev/null) ||
		{ echo "${err%%$'\n'*}"; return 1; }
}

# unpack_base: the base tarball that base.sh fetched and checked,
# committed once as tag "base", made in a scratch folder and moved to
# $TREE only once complete: an interrupt leaves neither behind.
unpack_base() {
	local tarball name tmp
	[ "$(cat "$BASE_DIR.key" 2>/dev/null)" = "$(base_key)" ] || rm -rf "$BASE_DIR"
	"$TOP/stages/base.sh"
	base_key >"$BASE_DIR.key"
	tarball=$(cat "$BASE_DIR/tarball") name=$(cat "$BASE_DIR/name")
	log "unpacking $tarball"
	tmp=$BUILD/unpack.$$
	trap "rm -rf $(printf %q "$tmp")" EXIT
	rm -rf "$tmp" && mkdir -p "$tmp"
	tar -C "$tmp" -xf "$tarball"
	set -- "$tmp"/linux-source-*
	# Debian's .gitignore ends with a block that ignores every top-level
	# path ("/*"): new files would be invisible to git add and git status.
	[ ! -f "$1/.gitignore" ] || sed -i '/^# Debian packaging:/,$d' "$1/.gitignore"
	# A fixed date and identity, and none of the user's git config
	# (i18n.commitEncoding, core.autocrlf) or GIT_* identity, make the
	# base commit the same everywhere.
	(
		export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 \
			GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z \
			GIT_AUTHOR_NAME="${PLACEHOLDER% <*}" GIT_COMMITTER_NAME="${PLACEHOLDER% <*}" \
			GIT_AUTHOR_EMAIL=placeholder@example.org GIT_COMMITTER_EMAIL=placeholder@example.org
		git -C "$1" init -q -b series --object-format=sha1
		git -C "$1" config gc.auto 0
		git -C "$1" add -f -A .
		git -C "$1" commit -q -m "$name" -m "Unpacked from $(basename "$tarball"), sha256 $(sha256sum "$tarball" | cut -d' ' -f1), without the Debian packaging block of .gitignore."
		git -C "$1" tag base
	)
	: >"$1/.git/applied"
	base_key >"$1/.git/base-key"
	mv "$1" "$TREE"
	rm -rf "$tmp"
	trap - EXIT
}
