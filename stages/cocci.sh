#!/bin/bash
# cocci.sh: the series' Coccinelle rule reports exactly the lines of
# tests/cocci/fixture.c marked "report"; and, run by coccicheck over the
# whole tree, at the base and with every posting, it reports nothing:
# the documented exceptions are skipped in the rule itself.
. "$(dirname "$0")/lib.sh"

need spatch coccinelle
rule=$TREE/scripts/coccinelle/api/sched_rt_prio.cocci
[ -f "$rule" ] || die "no $rule: run make tree"
bad=0
fixture=$TOP/tests/cocci/fixture.c
got=$(cd "$TREE" && spatch -D report --very-quiet --no-show-diff --no-includes \
	--include-headers --cocci-file "$rule" "$fixture" | cut -d: -f2 | sort -n | paste -sd' ')
want=$(grep -n '/\* report \*/' "$fixture" | cut -d: -f1 | paste -sd' ')
if [ "$got" = "$want" ]; then
	log "fixture: lines $got reported, as marked"
else
	printf 'error: the fixture reports lines "%s", not the marked "%s"\n' "$got" "$want" >&2
	bad=1
fi

base_src=$BUILD/base-src
[ -e "$base_src/.git" ] || git -C "$TREE" worktree add -q --detach "$base_src" base
git -C "$base_src" checkout -q -f --detach base
for src in "$base_src" "$TREE"; do
	report=$(make -s -C "$src" coccicheck MODE=report COCCI="$rule" J="$JOBS" 2>/dev/null |
		grep -E '^[a-z0-9_/.-]+\.[ch]:[0-9]+' | sed 's|^\./||' | sort)
	if [ -z "$report" ]; then
		log "$(git -C "$src" log -1 --format=%s): the rule reports nothing"
	else
		printf 'error: at %s the rule reports:\n%s\n' "$src" "$report" >&2
		bad=1
	fi
done
exit "$bad"
