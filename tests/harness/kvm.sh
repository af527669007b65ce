# The KVM probe, on stand-ins for /dev/kvm and QEMU: missing, present but
# broken (its guests die of "KVM internal error"), working. Its answer
# governs every QEMU: kunit.py's (which asks for KVM first) and boot.sh's.
# probe K DEV QEMU-BODY: qemu_accel in folder K with /dev/kvm DEV and a
# stand-in QEMU that logs its arguments and runs BODY.
probe() {
	mkdir -p "$1/bin" "$1/build/x86_64/arch/x86/boot" "$1/src/tools/testing/kunit"
	touch "$1/kernel" "$1/initrd" "$1/build/x86_64/arch/x86/boot/bzImage"
	printf '#!/bin/sh\necho "$*" >>%q\n%s\n' "$1/qemu.log" "$3" >"$1/bin/qemu-system-x86_64"
	chmod +x "$1/bin/qemu-system-x86_64"
	BUILD=$1/build KVM_DEV=$2 PATH=$1/bin:$PATH bash -c '. "$0/lib.sh"; qemu_accel "$1"' "$S" "$1/kernel" 2>&1
}
k=$tmp/kvm-missing
out=$(probe "$k" "$k/no-such-dev" 'exit 1')
[ "$out" = "-accel tcg" ] && [ ! -e "$k/qemu.log" ]
result "kvm: no /dev/kvm: TCG, without a word or a probe" $? "$out"
k=$tmp/kvm-works
touch "$tmp/dev"
out=$(probe "$k" "$tmp/dev" 'echo "Run /none as init process"')
[ "$out" = "-accel kvm -cpu host" ]
result "kvm: a /dev/kvm whose guest boots: KVM" $? "$out"
k=$tmp/kvm-broken
out=$(probe "$k" "$tmp/dev" 'echo "Linux version 7.3.0"; case "$*" in *"-accel kvm"*) echo "KVM internal error. Suberror: 1" >&2; exec sleep 30 ;; esac')
[ "$(tail -n 1 <<<"$out")" = "-accel tcg" ] && grep -q 'unusable here' <<<"$out" && [ "$(cat "$k/build/qemu-accel")" = "-accel tcg" ]
result "kvm: a /dev/kvm whose guest dies: TCG, named once" $? "$out"
# kunit.py exec starts QEMU with -accel kvm -accel hvf -accel tcg.
cat >"$k/src/tools/testing/kunit/kunit.py" <<'PY'
import shlex, subprocess, sys
args = [a.split("=", 1)[1] for a in sys.argv if a.startswith("--qemu_args=")]
if sys.argv[1] == "exec":
    subprocess.run(["qemu-system-x86_64", "-accel", "kvm", "-accel", "hvf", "-accel", "tcg"] + [w for a in args for w in shlex.split(a)])
else:
    open([a[7:] for a in sys.argv if a.startswith("--json=")][0], "w").write("{}")
PY
: >"$k/qemu.log"
out=$(env BUILD="$k/build" SRC="$k/src" KVM_DEV="$tmp/dev" PATH="$k/bin:$PATH" KUNIT_TIMEOUT=20 "$S/kunit.sh" x86_64 2>&1
	env BUILD="$k/build" SRC="$k/src" BOOT_KERNEL="$k/kernel" BOOT_INITRD="$k/initrd" BOOT_TIMEOUT=5 PATH="$k/bin:$PATH" "$S/boot.sh" 2>&1)
[ "$(wc -l <"$k/qemu.log")" = 2 ] && ! grep -qE -- '-accel (kvm|hvf)' "$k/qemu.log"
result "kvm: where the probe chose TCG, no QEMU asks for KVM, kunit.py's included" $? "$(cat "$k/qemu.log") $out"
# Ctrl-C, a hangup or SIGTERM during a guest ends boot.sh and the guest.
k=$tmp/kvm-int
probe "$k" "$k/none" 'touch '"$k"'/started; exec sleep 61' >/dev/null
for sig in INT HUP TERM; do
	rm -f "$k/started"
	env BUILD="$k/build" BOOT_KERNEL="$k/kernel" BOOT_INITRD="$k/initrd" PATH="$k/bin:$PATH" setsid env --default-signal "$S/boot.sh" >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 100); do [ -e "$k/started" ] && break; sleep 0.1; done
	kill "-$sig" -- "-$pid"
	timeout 20 tail --pid="$pid" -f /dev/null
	rc=$?
	wait "$pid"
	[ "$?" = $((128 + $(kill -l "$sig"))) ] && [ "$rc" = 0 ] && ! pgrep -f 'sleep 61' >/dev/null
	result "kvm: SIG$sig during a guest ends boot.sh and its guest at once" $?
	kill -- "-$pid" 2>/dev/null
done 2>/dev/null
