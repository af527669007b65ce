#!/bin/bash
# make sign: the one step that makes you (git config's user) the sender:
# on each b4 branch of build/linux the placeholder's commits become yours
# and its Signed-off-by: yours (same trees, other trailers kept); so do
# the backports' in stable/ (when git holds it). Then make export, test.
. "$(dirname "$0")/lib.sh"
! grep -qE "$PLACEHOLDER_RE" <<<"$ME" || die "you are the placeholder: git config --global user.name NAME; git config --global user.email ADDRESS"
lock_build
committed "$STABLE_DIR"
# resign: the message on stdin, the placeholder's Signed-off-by: yours.
resign() { ME=$ME awk -v re="^Signed-off-by: .*<($PLACEHOLDER_RE)>\$" '$0 ~ re { $0 = "Signed-off-by: " ENVIRON["ME"] } 1'; }
for ref in $(git -C "$TREE" for-each-ref --format='%(refname)' refs/heads/b4/ 2>/dev/null); do
	head=$(git -C "$TREE" rev-parse base)
	for c in $(git -C "$TREE" rev-list --reverse "base..$ref"); do
		author=$(git -C "$TREE" log -1 --format='%an <%ae>' "$c")
		# A commit with nothing of the placeholder's stays, unless its parent moved.
		[ "$(git -C "$TREE" rev-parse "$c^")" != "$head" ] || grep -qE "$PLACEHOLDER_RE" <<<"$(git -C "$TREE" log -1 --format='%an <%ae>%n%B' "$c")" ||
			{ head=$c && continue; }
		! grep -qE "$PLACEHOLDER_RE" <<<"$author" || author=$ME
		head=$(git -C "$TREE" log -1 --format=%B "$c" | resign | GIT_AUTHOR_NAME=${author% <*} GIT_AUTHOR_EMAIL=$(sed 's/.*<\(.*\)>$/\1/' <<<"$author") \
			GIT_AUTHOR_DATE=$(git -C "$TREE" log -1 --format=%ad --date=raw "$c") git -C "$TREE" commit-tree "$c^{tree}" -p "$head")
	done
	[ "$head" = "$(git -C "$TREE" rev-parse "$ref")" ] || { git -C "$TREE" update-ref -m "make sign" "$ref" "$head" && log "${ref#refs/heads/}: signed as $ME"; }
done
for f in $(series "${STABLE_POSTINGS[@]}"); do resign <"$f" >"$f.new" && mv "$f.new" "$f"; done
log "stable/ signed as $ME; now make export, make test, then make send"
