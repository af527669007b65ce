#!/bin/bash
# cocci.sh: the series' Coccinelle rule on its fixtures (tests/cocci/),
# then in report mode on the files the series touches and on those of
# the documented exceptions: it must report the exceptions, which are
# kept on purpose, and nothing else.
. "$(dirname "$0")/lib.sh"

need spatch coccinelle
rule=$TREE/scripts/coccinelle/api/sched_rt_prio.cocci
[ -f "$rule" ] || die "no $rule: run make tree"
bad=0
sh "$TOP/tests/cocci/check.sh" "$rule" "$TOP/tests/cocci" || bad=1

exceptions="kernel/sched/core.c kernel/rcu/rcutorture.c kernel/trace/trace_osnoise.c"
files=$(git -C "$TREE" diff --name-only base series -- '*.[ch]' |
	grep -vE '^(tools|scripts|Documentation)/|_kunit\.c$' || true)
report=$(cd "$TREE" && spatch -D report --very-quiet --no-show-diff \
	--no-includes --include-headers -j 1 --cocci-file "$rule" \
	$files $exceptions kernel/rcu/tree.c kernel/kthread.c 2>/dev/null | sort)
printf '%s\n' "$report"
for f in $exceptions; do
	grep -q "^\./$f:\|^$f:" <<<"$report" ||
		{ warn "the rule no longer reports the exception in $f"; bad=1; }
done
if others=$(grep -vE "^(\./)?(${exceptions// /|}):" <<<"$report" | sed '/^$/d') && [ -n "$others" ]; then
	printf 'error: hard-coded priorities outside the documented exceptions:\n%s\n' "$others" >&2
	bad=1
else
	log "the series' files report nothing but the documented exceptions"
fi
exit "$bad"
