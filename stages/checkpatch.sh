#!/bin/bash
# checkpatch.sh: scripts/checkpatch.pl --strict on every patch of the
# postings and the backports: no error, warning or check. Off:
# UNKNOWN_COMMIT_ID (no upstream history here), FILE_PATH_CHANGES (each
# file the series adds has a maintainer, checked here); for the
# backports, what checkpatch says of upstream's text and code as they
# are, and a backporter's second sign-off below the note (BAD_SIGN_OFF).
. "$(dirname "$0")/lib.sh"

bad=0
# check PATCH [TYPE,...]: checkpatch, ignoring TYPEs too.
check() {
	local out
	# Debian's python3 has what scripts/spdxcheck.py imports (ply, git).
	if out=$(cd "$SRC" && PATH=/usr/bin:$PATH perl scripts/checkpatch.pl --strict --quiet \
		--ignore "UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES${2:+,$2}" "$1"); then
		log "clean: $(basename "$1")"
	else
		printf '%s\n' "$out" >&2
		bad=$((bad + 1))
	fi
}
while read -r p; do check "$p"; done < <(series)
while read -r p; do
	check "$p" BAD_REPORTED_BY_LINK,AVOID_EXTERNS,LINE_SPACING,BAD_SIGN_OFF
done < <(series "${STABLE_POSTINGS[@]}")
while read -r f; do
	m=$(cd "$SRC" && timeout 120 scripts/get_maintainer.pl --no-rolestats --no-git --no-git-fallback --no-fixes --no-l --no-r -f "$f" | grep -v '^Linus Torvalds' | paste -sd, -)
	if [ -n "$m" ]; then
		log "$f: maintained by $m"
	else
		warn "$f: no MAINTAINERS entry covers it"
		bad=$((bad + 1))
	fi
done < <(git -C "$SRC" diff --name-only --diff-filter=A base HEAD)
[ "$bad" = 0 ] || die "checkpatch or MAINTAINERS: $bad problem(s)"
