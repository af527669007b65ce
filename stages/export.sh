#!/bin/bash
# make export: write patches/ from the tree's b4 prep branches, a folder
# for each posting b4/NAME, by b4 send -o: the cover letter (for more
# than one patch) and the patches as b4 would mail them, with To:/Cc:
# (b4 prep --auto-to-cc, from get_maintainer.pl), base-commit: and b4's
# tracking. Commits by a stand-in identity (the placeholder, any address
# that takes no mail) become the sender's (SIGNOFF_NAME/EMAIL, else git
# config user.name/email), whose Signed-off-by every patch gets; an
# upstream author of a backport stays the author. Branch series is made
# again from the b4 branches and checked out.
. "$(dirname "$0")/lib.sh"

[ -z "${KERNEL:-}" ] || die "make export works on build/linux; in your own tree ($KERNEL) use b4 prep and b4 send -o"
lock_build
need_tree
guard_tree
own_config
patches_applied || forced ||
	die "$PATCHES is not what $TREE was made from (edited, or pulled, since make tree): run make tree to apply it, or FORCE=1 to replace it with $TREE's b4 branches"
mapfile -t names < <(prep_postings)
((${#names[@]})) || die "$TREE has no b4 branch: make one a posting (cd $(q "$TREE"); git checkout series; b4 --offline-mode prep -n NAME -f base) or run make tree"
for name in "${names[@]}"; do
	c=$(cover_commit "$name") ||
		die "b4/$name does not start with b4's cover-letter commit after base: make it again (cd $(q "$TREE"); git checkout series; b4 --offline-mode prep -n $name -f base, with b4's default git config b4.prep-cover-strategy commit) and bring its commits there"
	[ -n "$(git -C "$TREE" rev-list "$c..b4/$name")" ] || die "posting $name has no patch: add its commits to b4/$name or delete the branch"
	for c in $(git -C "$TREE" rev-list "$c..b4/$name"); do
		[ "$(git -C "$TREE" rev-parse "$c^{tree}")" != "$(git -C "$TREE" rev-parse "$c~1^{tree}")" ] ||
			die "commit ${c:0:12} \"$(git -C "$TREE" log -1 --format=%s "$c")\" of b4/$name changes no file: give it its change or drop it (git rebase -i)"
	done
done

warn_stand_in

# Each branch is checked out in turn for b4; at the end, the one that was.
orig=$(git -C "$TREE" symbolic-ref -q --short HEAD || git -C "$TREE" rev-parse HEAD)
new=$(mktemp -d)
# A refusal (b4's, a patch that does not apply after the postings
# before it) or an interrupt before patches/ is written changes
# nothing: the b4 branches, signed as the sender and given b4 prep
# --auto-to-cc's recipients, and series go back to where they were, as
# does the record of series; a second Ctrl-C does not cut that short.
heads=$(git -C "$TREE" for-each-ref --format='update %(refname) %(objectname)' refs/heads/b4/ refs/heads/series)
made=$(cat "$TREE/.git/series-made" 2>/dev/null || true)
trap 'trap "" INT TERM HUP; rm -rf "$new"
	[ -z "$heads" ] || { git -C "$TREE" checkout -q --detach; git -C "$TREE" update-ref --stdin <<<"$heads"
		if [ -n "$made" ]; then echo "$made" >"$TREE/.git/series-made"; else rm -f "$TREE/.git/series-made"; fi; }
	git -C "$TREE" checkout -q "$orig" 2>/dev/null || true' EXIT
# b4 send -o writes the mails; a configured SMTP server keeps it from
# the web endpoint, which would want them signed. Nothing is sent.
# get_maintainer.pl by a path relative to the tree (b4's own would break
# on a space in the tree's path), with b4's options.
addr='[^ <>@,]+@[^ <>@,]+\.[^ <>@,]+' # name@domain.tld
gm='scripts/get_maintainer.pl --nogit --nogit-fallback --nogit-chief-penguins --norolestats'
B4_CONFIG=(sendemail.smtpServer=/bin/false "b4.send-auto-to-cmd=$gm --nol" "b4.send-auto-cc-cmd=$gm --nom")
for name in "${names[@]}"; do
	sign_as_sender base "b4/$name"
	git -C "$TREE" checkout -q "b4/$name"
	# As upstream, b4 prep --auto-to-cc only for a cover letter without
	# recipients (a new posting): one removed from it stays removed. Who
	# get_maintainer.pl would add to the others is named.
	msg=$(git -C "$TREE" log -1 --format=%B "$(cover_commit "$name")")
	had=$(grep -iE '^(To|Cc): ' <<<"$msg" || true)
	# b4 takes one address, at a dotted domain, from each To: or Cc:
	# line of the cover letter's last paragraph (above "---"): of two it
	# keeps neither, on less it fails.
	bad=$(notes above <<<"$msg" | awk -v RS= '{ p = $0 } END { print p }' | grep -iE '^(To|Cc): ' |
		grep -viE "^(to|cc):[[:blank:]]*((\"[^\"]*\"[[:blank:]]*|[^<>@\",]*)<$addr>|$addr)[[:blank:]]*\$" | head -n 1 || true)
	[ -z "$bad" ] ||
		die "b4/$name's cover letter has \"$bad\": b4 takes one address, name@domain.tld, from each To: or Cc: line: write it so (cd $(q "$TREE"); git checkout b4/$name; b4 --offline-mode prep --edit-cover) and run make export"
	head=$(git -C "$TREE" rev-parse "b4/$name")
	b4x prep --auto-to-cc >"$BUILD/b4.log" 2>&1 || die "b4 prep --auto-to-cc on b4/$name: $(tail -n 3 "$BUILD/b4.log")"
	if [ -n "$had" ]; then
		more=$(git -C "$TREE" log -1 --format=%B "$(cover_commit "$name")" | grep -iE '^(To|Cc): ' | grep -vxF "$had" | paste -sd';' || true)
		git -C "$TREE" update-ref "refs/heads/b4/$name" "$head"
		[ -z "$more" ] || warn "get_maintainer.pl names who b4/$name's cover letter lacks ($more): if you did not remove them on purpose, add them (cd $(q "$TREE"); git checkout b4/$name; b4 --offline-mode prep --auto-to-cc) and run make export"
	fi
	b4x send -o "$new/$name" --no-sign --not-me-too >"$BUILD/b4.log" 2>&1 || {
		! grep -q EDITME "$BUILD/b4.log" ||
			die "b4/$name's cover letter still has b4's EDITME lines (a new posting's, or the changelog of a new version): write them (cd $(q "$TREE"); git checkout b4/$name; b4 --offline-mode prep --edit-cover) and run make export"
		die "b4 send -o on b4/$name: $(b4_error "$BUILD/b4.log")"
	}
	# A posting of one patch mails no cover letter subject, and its
	# cover commit may have none; one that gains a second patch needs it.
	! grep -qs '^Subject: .*(no cover subject)' "$new/$name"/0000-*.eml ||
		die "b4/$name has more than one patch and its cover letter has no subject (b4 takes its first line, above a blank line): write it (cd $(q "$TREE"); git checkout b4/$name; b4 --offline-mode prep --edit-cover) and run make export"
	# A posting whose every mail differs only in what b4 makes anew
	# each time (date, message ids) keeps its files; one that changed
	# is written whole, a thread of the new message ids.
	keep=1
	for f in "$new/$name"/*.eml; do
		old=$PATCHES/$name/$(basename "$f" .eml).patch
		[ -f "$old" ] && python3 "$TOP/stages/mail.py" same "$old" "$f" || keep=0
	done
	for f in "$new/$name"/*.eml; do
		old=$PATCHES/$name/$(basename "$f" .eml).patch
		if ((keep)); then cp "$old" "${f%.eml}.patch"; else mv "$f" "${f%.eml}.patch"; fi
		rm -f "$f"
	done
done
series_from_prep

# Each posting's folder now holds exactly what was written; a folder
# that no posting has any more loses its patches (and goes if empty).
# A Ctrl-C waits until patches/ is written and recorded.
trap '' INT TERM HUP
mkdir -p "$PATCHES"
while read -r d; do
	rm -f "$d"/[0-9][0-9][0-9][0-9]-*.patch
	rmdir "$d" 2>/dev/null || true
done < <(postings)
for d in "$new"/*/; do
	mkdir -p "$PATCHES/$(basename "$d")"
	cp "$d"*.patch "$PATCHES/$(basename "$d")/"
done
record_applied
heads=
log "exported ${#names[@]} postings, $(series | wc -l) patches, to $PATCHES"
