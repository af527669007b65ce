#!/bin/bash
# checkpatch.sh: scripts/checkpatch.pl --strict on every patch of the
# series: no error, warning or check. UNKNOWN_COMMIT_ID is off because the
# tree has no upstream history to look a Fixes: commit up in.
. "$(dirname "$0")/lib.sh"

bad=0
for p in $(series); do
	# Debian's python3 has what scripts/spdxcheck.py imports (ply, git).
	if out=$(cd "$TREE" && PATH=/usr/bin:$PATH perl scripts/checkpatch.pl --strict --quiet \
		--ignore UNKNOWN_COMMIT_ID "$p"); then
		log "clean: $(basename "$p")"
	else
		printf '%s\n' "$out" >&2
		bad=$((bad + 1))
	fi
done
[ "$bad" = 0 ] || die "checkpatch reports problems in $bad patch(es)"
