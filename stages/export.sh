#!/bin/bash
# make export: regenerate patches/ from the tree's base..series, keeping
# the cover letter's subject, date and text.
. "$(dirname "$0")/lib.sh"

git -C "$TREE" rev-parse -q --verify series >/dev/null ||
	die "$TREE has no series branch: run make tree first"
[ -z "$(git -C "$TREE" status --porcelain)" ] ||
	die "$TREE has uncommitted changes: commit them first"

new=$(mktemp -d)
trap 'rm -rf "$new"' EXIT
# A fixed abbreviation keeps the index lines the same on every machine.
tgit -c core.abbrev=12 format-patch -q --zero-commit --no-signature --cover-letter \
	-o "$new" base..series

cover=$PATCHES/0000-cover-letter.patch
if [ -f "$cover" ]; then
	python3 - "$cover" "$new/0000-cover-letter.patch" <<'EOF'
import re, sys

def split(path):
    text = open(path).read()
    head, _, body = text.partition("\n\n")
    head = re.sub(r"\n[ \t]+", " ", head)      # unfold headers
    return head.split("\n"), body

old_head, old_body = split(sys.argv[1])
new_head, new_body = split(sys.argv[2])
subject = next(l for l in old_head if l.startswith("Subject:"))
subject = re.sub(r"^Subject: \[[^]]*\] ", "", subject)
date = next(l for l in old_head if l.startswith("Date:"))
shortlog = re.compile(r"^\S.* \(\d+\):$", re.M)
blurb = old_body[:shortlog.search(old_body).start()]
head = [re.sub(r"\*\*\* SUBJECT HERE \*\*\*", subject, l) for l in new_head]
head = [date if l.startswith("Date:") else l for l in head]
body = new_body.replace("*** BLURB HERE ***\n\n", blurb, 1)
open(sys.argv[2], "w").write("\n".join(head) + "\n\n" + body)
EOF
fi

mkdir -p "$PATCHES"
rm -f "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch
cp "$new"/*.patch "$PATCHES"/
git -C "$TREE" rev-parse series >"$TREE/.git/applied"
patches_hash >"$TREE/.git/applied-patches"
log "exported $(series | wc -l) patches and the cover letter to $PATCHES"
