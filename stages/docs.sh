#!/bin/bash
# docs.sh: the scheduler's documentation builds with sphinx with no
# warning from the series' files, and scripts/kernel-doc reports nothing
# new in the files whose kernel-doc the series writes.
. "$(dirname "$0")/lib.sh"
bad=0
log "make SPHINXDIRS=scheduler htmldocs"
make -C "$SRC" O="$BUILD/docs" SPHINXDIRS=scheduler htmldocs \
	>"$BUILD/docs.log" 2>&1 || { tail -n 20 "$BUILD/docs.log" >&2; bad=1; }
ours=$(git -C "$SRC" diff --name-only base HEAD -- Documentation kernel include |
	sed 's/[.][a-z]*$//' | paste -sd'|')
! grep -E 'WARNING|ERROR|warning:|error:' "$BUILD/docs.log" | grep -E "$ours" ||
	{ warn "the documentation build warns about the series' files"; bad=1; }
f=kernel/sched/syscalls.c
mkdir -p "$BUILD/docs/base/${f%/*}"
git -C "$SRC" show "base:$f" >"$BUILD/docs/base/$f"
new=$(cd "$SRC" && scripts/kernel-doc -none -Wall "$f" 2>&1 | sed -E 's/:[0-9]+:? / /' | sort -u)
old=$(cd "$BUILD/docs/base" && "$SRC/scripts/kernel-doc" -none -Wall "$f" 2>&1 |
	sed -E 's/:[0-9]+:? / /' | sort -u)
added=$(comm -13 <(echo "$old") <(echo "$new"))
[ -n "$added" ] || log "kernel-doc: nothing new in $f"
[ -z "$added" ] || { printf 'error: new kernel-doc warnings in %s:\n%s\n' "$f" "$added" >&2; bad=1; }
exit "$bad"
