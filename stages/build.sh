#!/bin/bash
# build.sh um|x86_64|arm64: configure and build the KUnit kernel with kunit.py
# in build/<arch>, incrementally, through ccache.
. "$(dirname "$0")/lib.sh"
arch=$1
lock_build
kunit_args "$arch"
log "building the $arch kernel in $KUNIT_DIR"
cd "$KUNIT_SRC"
python3 tools/testing/kunit/kunit.py build "${KUNIT_ARGS[@]}" \
	--make_options CC="ccache ${KUNIT_CROSS}gcc" --jobs="$JOBS" >"$KUNIT_DIR.build.log" 2>&1 || {
	tail -n 40 "$KUNIT_DIR.build.log" >&2
	die "the $arch kernel does not build (log: $KUNIT_DIR.build.log)"
}
