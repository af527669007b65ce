#!/bin/bash
# stamp.sh [HASH]: record that make test passed on the current patches/
# and stable/ (tested_hash), which must still be HASH, what they were
# when the run began: a pull during the run was not what it tested. The
# test stage calls this on success, and make send (SEND=1) checks it.
. "$(dirname "$0")/lib.sh"
now=$(tested_hash)
[ "$now" = "${1:-$now}" ] ||
	die "patches/ or stable/ changed while make test ran: not recorded as tested; run make test again"
mkdir -p "$(dirname "$STAMP")" && echo "$now" >"$STAMP" && log "tests passed on patches $now: wrote $STAMP"
