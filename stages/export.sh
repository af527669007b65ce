#!/bin/bash
# make export: regenerate patches/ from the tree's branch series: the
# cover letter from its first, empty commit (subject and text; shortlog
# and diffstat regenerated), a patch for each commit after it. Commits
# by a stand-in identity (the placeholder, any address that takes no
# mail) become the sender's (SIGNOFF_NAME/EMAIL, else git config
# user.name/email), whose Signed-off-by every patch gets; an upstream
# author of a backport stays the author.
. "$(dirname "$0")/lib.sh"

[ -z "${KERNEL:-}" ] || die "make export works on build/linux; in your own tree ($KERNEL) use git format-patch"
need_tree
lock_build
guard_tree
[ "$(cat "$TREE/.git/applied-patches" 2>/dev/null)" = "$(patches_hash)" ] || forced ||
	die "$PATCHES is not what $TREE was made from (edited, or pulled, since make tree): run make tree to apply it, or FORCE=1 to replace it with $TREE's series"
cover=$(cover_commit) ||
	die "$TREE's branch series has no cover letter commit (an empty commit after base): run make tree (FORCE=1 if it was made by an older make tree)"
[ -n "$(git -C "$TREE" rev-list "$cover..series")" ] || die "nothing to export: branch series has no commit after the cover letter"

sign_as_sender "$cover" series

new=$(mktemp -d)
trap 'rm -rf "$new"' EXIT
# A fixed abbreviation keeps the index lines the same on every machine.
format_patch --cover-letter \
	--subject-prefix="PATCH${SERIES_VERSION:+ v$SERIES_VERSION}" \
	-o "$new" "$cover..series"
git -C "$TREE" log -1 --format=%s "$cover" >"$new/subject"
git -C "$TREE" log -1 --format=%b "$cover" >"$new/blurb"
python3 - "$new" "$(git -C "$TREE" log -1 --format=%aD "$cover")" <<'EOF'
import email.header, sys
new, date = sys.argv[1:]
path = new + "/0000-cover-letter.patch"
subject = open(new + "/subject").read().strip()
blurb = open(new + "/blurb").read().strip("\n")
if not subject.isascii():
    subject = email.header.Header(subject, "utf-8").encode()
head, _, body = open(path).read().partition("\n\n")
head = "\n".join("Date: " + date if l.startswith("Date:") else l.replace("*** SUBJECT HERE ***", subject)
                 for l in head.split("\n"))
body = body.replace("*** BLURB HERE ***", blurb, 1) if blurb else body.replace("*** BLURB HERE ***\n\n", "", 1)
open(path, "w").write(head + "\n\n" + body)
EOF
rm "$new/subject" "$new/blurb"

mkdir -p "$PATCHES"
rm -f "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch
cp "$new"/*.patch "$PATCHES"/
git -C "$TREE" rev-parse series >"$TREE/.git/applied"
patches_hash >"$TREE/.git/applied-patches"
log "exported $(series | wc -l) patches and the cover letter to $PATCHES"
