#!/bin/bash
# exceptions.sh: the selftest's copy of the exceptions, which labels its
# map, is the documentation page's list.
. "$(dirname "$0")/lib.sh"

page=$(page_exceptions | sed -nE 's|^``([a-z_]+)/N``: FIFO ([0-9]+)$|\1/ \2|p' | sort)
copy=$(sed -nE 's|^\t\{ "([a-z_]+/)", ([0-9]+) \},$|\1 \2|p' \
	"$TREE/tools/testing/selftests/sched/rt_prio_test.c" | sort)
[ -n "$page" ] || die "no exceptions found in the page"
if [ "$page" != "$copy" ]; then
	diff <(echo "$page") <(echo "$copy") >&2 || true
	die "the selftest's exceptions (>) are not the page's (<)"
fi
log "the selftest's exceptions are the page's: $(paste -sd' ' <<<"$page")"
