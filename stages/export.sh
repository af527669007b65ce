#!/bin/bash
# make export: regenerate patches/ from the tree's branch series, a folder
# for each posting on it: the patches after its marker and, when it has
# more than one, a cover letter from the marker's message (subject and
# text; shortlog and diffstat regenerated). Commits by a stand-in
# identity (the placeholder, any address that takes no mail) become the
# sender's (SIGNOFF_NAME/EMAIL, else git config user.name/email), whose
# Signed-off-by every patch gets; an upstream author of a backport stays
# the author.
. "$(dirname "$0")/lib.sh"

[ -z "${KERNEL:-}" ] || die "make export works on build/linux; in your own tree ($KERNEL) use git format-patch"
lock_build
need_tree
forced || guard_diverged
guard_tree
[ "$(cat "$TREE/.git/applied-patches" 2>/dev/null)" = "$(patches_hash)" ] || forced ||
	die "$PATCHES is not what $TREE was made from (edited, or pulled, since make tree): run make tree to apply it, or FORCE=1 to replace it with $TREE's series"
[ "$(git -C "$TREE" log -1 --format=%s "$(git -C "$TREE" rev-list --reverse base..series | sed -n 1p)")" = \
	"posting: $(markers | sed -n '1s/^[^ ]* //p')" ] ||
	die "$TREE's branch series does not start with a posting's marker (an empty commit \"posting: NAME\" after base): run make tree (FORCE=1 if it was made by an older make tree)"

# A commit that looks like a marker is one: empty, "posting: NAME", a
# name no other marker has; else its posting would be lost or merged.
declare -A seen
while read -r c subject; do
	empty=$([ "$(git -C "$TREE" rev-parse "$c^{tree}")" = "$(git -C "$TREE" rev-parse "$c~1^{tree}")" ] && echo 1) || true
	case $subject in
	"posting: "?*) ;;
	[Pp]osting:*) die "commit ${c:0:12} \"$subject\" is no posting's marker (\"posting: NAME\"): reword it in $TREE (git rebase -i base)" ;;
	*)
		[ -z "$empty" ] || die "commit ${c:0:12} \"$subject\" changes no file: give it its change or drop it in $TREE (git rebase -i base)"
		continue
		;;
	esac
	[ -n "$empty" ] ||
		die "the marker \"$subject\" (${c:0:12}) changes files: a marker is an empty commit; move the change to a commit of its own (git rebase -i base)"
	[ -z "${seen[$subject]:-}" ] ||
		die "two markers \"$subject\" (${seen[$subject]:0:12}, ${c:0:12}): give one another name (git rebase -i base)"
	seen[$subject]=$c
done < <(git -C "$TREE" log --reverse --format='%H %s' base..series)

! stand_in "$ME" ||
	warn "the sender $ME is a stand-in (the placeholder, or an address at a reserved domain, which takes no mail): make send will refuse these patches; set your identity (git config user.name and user.email, or SIGNOFF_NAME= and SIGNOFF_EMAIL=) and export again"
sign_as_sender base series

new=$(mktemp -d)
trap 'rm -rf "$new"' EXIT
while read -r marker name; do
	mapfile -t commits < <(posting_commits "$marker")
	((${#commits[@]})) || die "posting $name has no commit after its marker: drop the marker (git rebase -i base) or add its patches"
	msg=$(git -C "$TREE" log -1 --format=%B "$marker" | sed 1d)
	if ((${#commits[@]} == 1)); then
		[ -z "$(tr -d '[:space:]' <<<"$msg")" ] ||
			die "posting $name has one patch and a cover letter in its marker: move the text to the patch's changelog and leave the marker \"posting: $name\" alone"
		format_patch -o "$new/$name" "$marker..${commits[0]}"
		continue
	fi
	format_patch --cover-letter -o "$new/$name" "$marker..${commits[-1]}"
	printf '%s\n' "$msg" >"$new/$name.msg"
	python3 - "$new/$name/0000-cover-letter.patch" "$(git -C "$TREE" log -1 --format=%aD "$marker")" \
		"$new/$name.msg" <<'EOF_PY'
import email.header, sys
path, date, msg = sys.argv[1:]
text = open(msg).read().strip("\n")
subject, _, blurb = text.partition("\n")
subject, blurb = subject.strip(), blurb.strip("\n")
if not subject:
    subject = "*** SUBJECT HERE ***"
if not subject.isascii():
    subject = email.header.Header(subject, "utf-8").encode()
head, _, body = open(path).read().partition("\n\n")
head = "\n".join("Date: " + date if l.startswith("Date:") else l.replace("*** SUBJECT HERE ***", subject)
                 for l in head.split("\n"))
body = body.replace("*** BLURB HERE ***", blurb, 1) if blurb else body.replace("*** BLURB HERE ***\n\n", "", 1)
open(path, "w").write(head + "\n\n" + body)
EOF_PY
done < <(markers)

# Each posting's folder now holds exactly what was written; a folder
# that no posting has any more loses its patches (and goes if empty).
mkdir -p "$PATCHES"
while read -r d; do
	rm -f "$d"/[0-9][0-9][0-9][0-9]-*.patch
	rmdir "$d" 2>/dev/null || true
done < <(postings)
for d in "$new"/*/; do
	mkdir -p "$PATCHES/$(basename "$d")"
	cp "$d"*.patch "$PATCHES/$(basename "$d")/"
done
git -C "$TREE" rev-parse series >"$TREE/.git/applied"
patches_hash >"$TREE/.git/applied-patches"
log "exported $(postings | wc -l) postings, $(series | wc -l) patches, to $PATCHES"
