#!/bin/bash
# make test: every check, a PASS/FAIL line each with its time, the stage
# times, the number skipped, last "N passed, N failed"; non-zero on any
# failure. A check may count its cases in $COUNTS ("passed failed
# skipped"); "check NAME --after A,B CMD" runs only if A and B passed. A
# pass stamps patches/ and stable/ (build/test-passed.stamp) for send.
. "$(dirname "$0")/lib.sh"
lock_build
logs=$BUILD/logs stages=$(dirname "$0")
rm -rf "$logs" && mkdir -p "$logs"
passed=0 failed=0 skipped=0 times=""
declare -A ok
check() {
	local name=$1 t0=$SECONDS rc=0 p=0 f=1 s=0 dep
	shift
	if [ "$1" = --after ]; then
		for dep in ${2//,/ }; do [ -n "${ok[$dep]:-}" ] || { echo "not run: $dep failed" >"$logs/$name.log"; rc=1; }; done
		shift 2
	fi
	[ "$rc" != 0 ] || COUNTS=$logs/$name.counts "$@" >"$logs/$name.log" 2>&1 || rc=$?
	[ "$rc" != 0 ] || { ok[$name]=1 p=1 f=0; }
	[ ! -f "$logs/$name.counts" ] || read -r p f s <"$logs/$name.counts"
	[ "$rc" = 0 ] || [ "$f" != 0 ] || f=1
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	times+=$(printf '%-22s %5ss\\n' "$name" $((SECONDS - t0)))
	printf '%s %-22s %5ss' "$([ "$rc" = 0 ] && echo PASS || echo FAIL)" "$name" $((SECONDS - t0))
	[ ! -f "$logs/$name.counts" ] || printf '  (%s passed, %s failed, %s skipped)' "$p" "$f" "$s"
	printf '\n'
	[ "$rc" = 0 ] || tail -n 25 "$logs/$name.log" | sed 's/^/    /'
}
# disk: a cold run fills build/ and ccache with about 17 GB.
disk() {
	set -- "$(df -BG --output=avail "$BUILD" | tail -n 1 | tr -dc 0-9)" "$(du -s -BG "$BUILD" | cut -f 1 | tr -dc 0-9)"
	echo "free: $1 GB; build/ holds $2 GB; a cold make test needs 17 GB"
	[ $(($1 + $2)) -ge 17 ] || die "$((17 - $1 - $2)) GB more free space is needed where build/ is ($BUILD)"
}
tested=$(tested_hash)
check harness "$TOP/tests/harness.sh"
check deps "$stages/deps.sh"
check disk --after deps disk
check apply --after deps,disk "$stages/tree.sh"
check checkpatch --after apply "$stages/checkpatch.sh"
check bisect --after apply "$stages/bisect.sh"
check kunit-um --after apply sh -c "'$stages/build.sh' um && '$stages/kunit.sh' um"
check build-x86_64 --after apply "$stages/build.sh" x86_64
check kunit-x86_64 --after build-x86_64 "$stages/kunit.sh" x86_64
check build-arm64 --after apply "$stages/build.sh" arm64
check kunit-arm64 --after build-arm64 "$stages/kunit.sh" arm64
check boot --after build-x86_64 sh -c "'$stages/guest.sh' && '$stages/boot.sh'"
check seeds --after boot,kunit-arm64 "$stages/seeds.sh"
check debian-rt --after deps,disk "$TOP/tests/debian_rt.sh"
check guest-faults --after build-x86_64 "$TOP/tests/guest_faults.sh"
check symbols --after build-x86_64 "$stages/symbols.sh"
check objects --after apply "$stages/objects.sh"
check docs --after apply "$stages/docs.sh"
check coccinelle --after apply "$stages/cocci.sh"
check send --after apply "$TOP/tests/send_roundtrip.sh"
check b4 --after apply "$TOP/tests/b4_check.sh"
check stable-without --after deps,disk "$stages/stable.sh" without
check stable-with --after deps,disk "$stages/stable.sh" with
check stable-6.1.y-without --after deps,disk "$stages/stable.sh" without 6.1.y
check stable-6.1.y-with --after deps,disk "$stages/stable.sh" with 6.1.y

printf '\nstage times:\n%b%-22s %5ss (%d min)\n' "$times" total "$SECONDS" $((SECONDS / 60))
[ ! -s "$BUILD/qemu-accel" ] || echo "x86_64 guests: $(cat "$BUILD/qemu-accel")"
[ ! -s "$BUILD/prebuilt/name" ] || echo "debian-rt booted $(cat "$BUILD/prebuilt/name"), as Debian ships it"
if [ "$failed" = 0 ] && [ "$(tested_hash)" = "$tested" ]; then echo "$tested" >"$STAMP"
elif [ "$failed" = 0 ]; then echo "patches/ or stable/ changed during the run: not stamped" && failed=1; fi
printf '%d skipped (each with its reason in build/logs/)\n' "$skipped"
printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" = 0 ]
