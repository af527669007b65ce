#!/bin/bash
# What b4 checks when a maintainer picks the series up, offline: Debian's
# b4 0.12 has no 'b4 prep --check' (checkpatch via b4 came later), so this
# runs 'b4 --offline-mode am' on each posting's mails in patches/: b4 must
# find one complete series of N patches (no "Thread incomplete", no
# ignored trailers, no bad unicode control characters), and the mboxes it
# writes must give the tree of build/src (every posting) on tag base.
. "$(dirname "$0")/../stages/lib.sh"
set -E

fail() { printf 'FAIL b4 check: %s\n' "$*"; exit 1; }
trap 'fail "unexpected error at line $LINENO"' ERR
command -v b4 >/dev/null || fail "b4 is missing: apt-get install b4"
if ! git -C "$TREE" rev-parse -q --verify 'base^{commit}' >/dev/null 2>&1; then
	echo "SKIP b4 check: no tree in $TREE (make tree makes it)"
	add_counts 0 0 1
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP

export GIT_INDEX_FILE=$tmp/index
git -C "$TREE" read-tree base
while read -r g; do
	name=$(basename "$g")
	mapfile -t patches < <(series "$g")
	n=${#patches[@]}
	((n)) || fail "no patches in $g"
	# make export wrote the mails as b4 send would send them: an mbox of
	# them, the headers unfolded, as b4 0.12's am fails on a folded Subject.
	mapfile -t mails < <(cover "$g")
	for f in "${mails[@]}" "${patches[@]}"; do
		echo "From b4-check Thu Jan  1 00:00:00 1970"
		unfold "$f"
		echo
	done >"$tmp/$name.mbox"

	log "b4 --offline-mode am on posting $name"
	mkdir "$tmp/out-$name"
	(cd "$SRC" && XDG_CACHE_HOME=$tmp/cache GIT_INDEX_FILE= timeout 300 b4 --offline-mode --no-interactive --no-stdin \
		am -m "$tmp/$name.mbox" -o "$tmp/out-$name") </dev/null >"$tmp/b4.log" 2>&1 ||
		fail "b4 am failed on $name: $(tail -n 5 "$tmp/b4.log")"
	sed 's/^/    /' "$tmp/b4.log" >&2
	grep -qx "Total patches: $n" "$tmp/b4.log" || fail "b4 did not see $n patches in $name"
	! grep -qE '^ *(WARNING|ERROR)|[Ii]ncomplete|[Ii]gnored|control char' "$tmp/b4.log" ||
		fail "b4: $(grep -E '^ *(WARNING|ERROR)|[Ii]ncomplete|[Ii]gnored|control char' "$tmp/b4.log" | head -n 3)"
	mbx=$(find "$tmp/out-$name" -name '*.mbx')
	[[ -n $mbx && $mbx != *$'\n'* ]] || fail "b4 wrote no .mbx for $name"

	rm -rf "$tmp/mails" && mkdir "$tmp/mails"
	(($(git mailsplit -o"$tmp/mails" "$mbx") == n)) || fail "b4's mbox of $name has not $n patches"
	for m in "$tmp"/mails/*; do
		git mailinfo "$tmp/msg" "$tmp/patch" <"$m" >/dev/null
		git -C "$TREE" apply --cached "$tmp/patch" || fail "b4's $(basename "$m") of $name does not apply"
	done
done < <(postings)
got=$(git -C "$TREE" write-tree)
want=$(git -C "$SRC" rev-parse 'HEAD^{tree}')
[[ $got == "$want" ]] || fail "tree of b4's mboxes, every posting, on base $got != build/src's $want"

echo "PASS b4 check"
