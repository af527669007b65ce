#!/bin/bash
# The harness's own tests, on small fixtures, no kernel: one PASS/FAIL
# line a case (tests/harness/*.sh; tests/harness/common.sh the fixture),
# then "N passed, N failed"; the counts go to make test's $COUNTS.
. "$(dirname "$0")/../stages/lib.sh"
set +e
. "$TOP/tests/harness/common.sh"
for f in "$TOP"/tests/harness/*.sh; do
	[ "$f" = "$TOP/tests/harness/common.sh" ] || . "$f"
done
COUNTS=$RUN_COUNTS add_counts "$passed" "$failed" 0
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
