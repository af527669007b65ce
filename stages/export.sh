#!/bin/bash
# make export: patches/NAME/ from each branch b4/NAME of build/linux
# (POSTINGS="NAME...": some) by b4 send -o, only when git holds patches/
# (the previous copy stays in git); a posting whose every mail differs
# only in what b4 makes anew (date, message ids) keeps its files. A new
# posting's To/Cc: b4 prep --auto-to-cc first.
. "$(dirname "$0")/lib.sh"
[ -z "${KERNEL:-}" ] || die "in your own tree ($KERNEL), b4 send -o writes the patches"
lock_build
git -C "$TREE" rev-parse -q --verify 'base^{commit}' >/dev/null || die "no $TREE: run make tree"
committed "$PATCHES"
new=$(mktemp -d) && trap 'rm -rf "$new"' EXIT
names=${POSTINGS:-$(git -C "$TREE" for-each-ref --format='%(refname:lstrip=3)' refs/heads/b4/)}
[ -n "$names" ] || die "$TREE has no b4 branch: run make tree"
for name in $names; do b4_out "$name" "$new/$name"; done
for name in $names; do
	same=1
	for f in "$new/$name"/*.patch; do
		python3 "$TOP/stages/mail.py" same "$PATCHES/$name/${f##*/}" "$f" 2>/dev/null || same=
	done
	[ -z "$same" ] || continue
	rm -f "$PATCHES/$name"/[0-9][0-9][0-9][0-9]-*.patch
	mkdir -p "$PATCHES/$name" && cp "$new/$name"/*.patch "$PATCHES/$name/"
done
for d in $([ -n "${POSTINGS:-}" ] || postings); do
	grep -qxF "${d##*/}" <<<"$names" || warn "$d has no branch b4/${d##*/} in $TREE: left as it is (git rm -r it if it goes)"
done
log "exported $(wc -w <<<"$names") postings to $PATCHES: git add -A patches/ and commit"
