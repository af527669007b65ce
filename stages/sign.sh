#!/bin/bash
# make sign: the one step that makes you (git config user.name and
# user.email) the sender of the postings: on each b4 branch of
# build/linux, a commit by the project's placeholder identity becomes
# yours, and the placeholder's Signed-off-by: yours (same trees; other
# trailers stay); in stable/ and stable/6.18.y/ (when git holds them),
# the placeholder's Signed-off-by: of the backports becomes yours. Then
# make export, make test, make send.
. "$(dirname "$0")/lib.sh"
! grep -qE "$PLACEHOLDER_RE" <<<"$ME" || die "you are the placeholder: git config --global user.name NAME; git config --global user.email ADDRESS"
lock_build
# resign: the message on stdin, the placeholder's Signed-off-by: yours.
resign() { ME=$ME awk -v re="^Signed-off-by: .*<($PLACEHOLDER_RE)>\$" '$0 ~ re { $0 = "Signed-off-by: " ENVIRON["ME"] } 1'; }
for ref in $(git -C "$TREE" for-each-ref --format='%(refname)' refs/heads/b4/ 2>/dev/null); do
	head=$(git -C "$TREE" rev-parse base)
	for c in $(git -C "$TREE" rev-list --reverse "base..$ref"); do
		author=$(git -C "$TREE" log -1 --format='%an <%ae>' "$c")
		! grep -qE "$PLACEHOLDER_RE" <<<"$author" || author=$ME
		head=$(git -C "$TREE" log -1 --format=%B "$c" | resign | GIT_AUTHOR_NAME=${author% <*} GIT_AUTHOR_EMAIL=$(sed 's/.*<\(.*\)>$/\1/' <<<"$author") \
			GIT_AUTHOR_DATE=$(git -C "$TREE" log -1 --format=%ad --date=raw "$c") git -C "$TREE" commit-tree "$c^{tree}" -p "$head")
	done
	git -C "$TREE" update-ref -m "make sign" "$ref" "$head" && log "${ref#refs/heads/}: signed as $ME"
done
committed "$STABLE_DIR"
for f in $(series "${STABLE_POSTINGS[@]}"); do resign <"$f" >"$f.new" && mv "$f.new" "$f"; done
log "stable/ signed as $ME; now make export, make test, then make send"
