#!/bin/bash
# cocci.sh: the series' Coccinelle rule reports exactly the lines of
# tests/cocci/fixture.c marked "report", and nothing through coccicheck
# over the whole tree, at the base and with every posting.
. "$(dirname "$0")/lib.sh"
rule=$SRC/scripts/coccinelle/api/sched_rt_prio.cocci
[ -f "$rule" ] || die "no $rule: run make tree"
bad=0
fixture=$TOP/tests/cocci/fixture.c
# A timeout: a rule's Python that backtracks must fail, not hang.
got=$(cd "$SRC" && timed 120 spatch -D report --very-quiet --no-show-diff --no-includes \
	--include-headers --cocci-file "$rule" "$fixture" | cut -d: -f2 | sort -n | paste -sd' ') ||
	{ echo "error: spatch on the fixture failed or timed out" >&2; bad=1; }
want=$(grep -n '/\* report \*/' "$fixture" | cut -d: -f1 | paste -sd' ')
[ "$got" = "$want" ] && log "fixture: lines $got reported, as marked" ||
	{ printf 'error: the fixture reports lines "%s", not the marked "%s"\n' "$got" "$want" >&2; bad=1; }

for src in "$(base_src)" "$SRC"; do
	if ! timed 1800 make -s -C "$src" coccicheck MODE=report COCCI="$rule" J="$JOBS" \
		>"$BUILD/coccicheck.out" 2>"$BUILD/coccicheck.err"; then
		printf 'error: coccicheck at %s failed or timed out:\n' "$src" >&2
		tail -n 5 "$BUILD/coccicheck.err" >&2
		bad=1
		continue
	fi
	report=$(grep -E '^[a-z0-9_/.-]+\.[ch]:[0-9]+' "$BUILD/coccicheck.out" | sed 's|^\./||' | sort) || true
	[ -n "$report" ] || log "$(git -C "$src" log -1 --format=%s): the rule reports nothing"
	[ -z "$report" ] || { printf 'error: at %s the rule reports:\n%s\n' "$src" "$report" >&2; bad=1; }
done
exit "$bad"
