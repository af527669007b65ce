#!/bin/bash
# The harness's own tests: bad input and faults, on small fixtures, with
# no kernel build. The cases are in tests/harness/*.sh, the
# fixtures in tests/harness/common.sh. One PASS/FAIL line each; the counts
# go to $COUNTS for make test.
. "$(dirname "$0")/../stages/lib.sh"
set +e
. "$TOP/tests/harness/common.sh"
for f in "$TOP"/tests/harness/*.sh; do
	[ "$f" = "$TOP/tests/harness/common.sh" ] || . "$f"
done
COUNTS=$RUN_COUNTS add_counts "$passed" "$failed" 0
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
