#!/bin/bash
# checkpatch.sh: scripts/checkpatch.pl --strict on every patch of the
# series: no error, warning or check. UNKNOWN_COMMIT_ID is off because the
# tree has no upstream history to look a commit id up in, and
# FILE_PATH_CHANGES ("does MAINTAINERS need updating?") because the stage
# checks that itself: every file the series adds has a maintainer.
. "$(dirname "$0")/lib.sh"

bad=0
while read -r p; do
	# Debian's python3 has what scripts/spdxcheck.py imports (ply, git).
	if out=$(cd "$TREE" && PATH=/usr/bin:$PATH perl scripts/checkpatch.pl --strict --quiet \
		--ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES "$p"); then
		log "clean: $(basename "$p")"
	else
		printf '%s\n' "$out" >&2
		bad=$((bad + 1))
	fi
done < <(series)
while read -r f; do
	m=$(get_maintainers --no-l --no-r -f "$f" | grep -v '^Linus Torvalds' | paste -sd, -)
	if [ -n "$m" ]; then
		log "$f: maintained by $m"
	else
		warn "$f: no MAINTAINERS entry covers it"
		bad=$((bad + 1))
	fi
done < <(git -C "$TREE" diff --name-only --diff-filter=A base series)
[ "$bad" = 0 ] || die "checkpatch or MAINTAINERS: $bad problem(s)"
