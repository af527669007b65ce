#!/bin/bash
# Record that make test passed on the current patches/; the test stage
# calls this on success, and make send (SEND=1) checks it.
. "$(dirname "$0")/lib.sh"
mkdir -p "$(dirname "$STAMP")" && tested_hash >"$STAMP" && log "tests passed on patches $(cat "$STAMP"): wrote $STAMP"
