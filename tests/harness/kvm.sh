# Issue 22.1: the KVM probe's answer governs every QEMU the harness
# starts, kunit.py's included. Here /dev/kvm is there (a stand-in file)
# but a guest dies under it: the stand-in QEMU records its command line
# and prints the kernel's banner, then dies as such a KVM makes a guest
# die, so the probe chooses TCG (it once took the banner for a boot). Then
# kunit.sh runs a stand-in kunit.py that starts QEMU as kunit.py exec
# does (-accel kvm -accel hvf -accel tcg, tools/testing/kunit/
# kunit_kernel.py), and boot.sh starts the make run guest.
k=$tmp/kvm22
mkdir -p "$k/bin" "$k/tree/tools/testing/kunit" "$k/build/x86_64/arch/x86/boot"
touch "$k/dev" "$k/build/x86_64/arch/x86/boot/bzImage" "$k/initrd"
printf '#!/bin/sh\necho "$*" >>%q\necho "Linux version 7.3.0-rc7"\n%s\necho "KVM internal error. Suberror: 1" >&2\n' \
	"$k/qemu.log" 'case "$*" in *"-accel tcg"*"rdinit=/none"*) echo "Run /none as init process"; exit ;; esac' >"$k/bin/qemu-system-x86_64"
cat >"$k/tree/tools/testing/kunit/kunit.py" <<'PY'
import shlex, subprocess, sys
args = [a.split("=", 1)[1] for a in sys.argv if a.startswith("--qemu_args=")]
if sys.argv[1] == "exec":
    subprocess.run(["qemu-system-x86_64", "-nodefaults", "-accel", "kvm", "-accel", "hvf",
                    "-accel", "tcg"] + [w for a in args for w in shlex.split(a)])
else:  # parse, of no KTAP output
    open([a[7:] for a in sys.argv if a.startswith("--json=")][0], "w").write("{}")
PY
chmod +x "$k/bin/qemu-system-x86_64"
(export BUILD=$k/build TREE=$k/tree KVM_DEV=$k/dev PATH=$k/bin:$PATH KUNIT_TIMEOUT=20
	"$S/kunit.sh" x86_64
	BOOT_KERNEL=$k/build/x86_64/arch/x86/boot/bzImage BOOT_INITRD=$k/initrd "$S/boot.sh") >"$k/out" 2>&1
# The probe's own runs (rdinit=/none) ask for KVM; no run after them.
runs=$(grep -vc 'rdinit=/none' "$k/qemu.log")
[ "$(cat "$k/build/qemu-accel")" = "-accel tcg" ] && [ "$runs" = 2 ] &&
	! grep -v 'rdinit=/none' "$k/qemu.log" | grep -qE -- '-accel (kvm|hvf)'
result "22.1 where the probe chose TCG over a /dev/kvm, no QEMU asks for KVM, kunit.py's included" $? \
	"$(cat "$k/qemu.log" "$k/out")"
[ "$(grep -c 'did not boot under KVM' "$k/out")" = 1 ]
result "new-user read 27: a /dev/kvm that failed the probe is named, once" $? "$(cat "$k/out")"
# Fourth read: a guest that dies under the KVM that the probe chose names
# the way to TCG, which then governs. Read 23: QEMU stops such a guest
# and waits (it does not exit), until the timeout; kunit.sh names the
# way too, and so does a guest's failure where /dev/kvm went away.
# guest_at K ACCEL BODY: in folder K, build/qemu-accel saying ACCEL, a
# stand-in kernel, initramfs and /dev/kvm, and a stand-in QEMU that
# logs its command line to K/qemu.log, then runs the shell code BODY.
guest_at() {
	mkdir -p "$1/bin" "$1/build"
	touch "$1/kernel" "$1/initrd" "$1/dev"
	echo "$2" >"$1/build/qemu-accel"
	printf '#!/bin/sh\necho "$*" >>%q\n%s\n' "$1/qemu.log" "$3" >"$1/bin/qemu-system-x86_64"
	chmod +x "$1/bin/qemu-system-x86_64"
}
k=$tmp/kvm4
guest_at "$k" "-accel kvm -cpu host" 'for a; do case $a in file:*) : >"${a#file:}" ;; esac; done
case "$*" in *"-accel kvm"*) echo "KVM internal error. Suberror: 1" >&2; exec sleep 60 ;; esac'
mkdir -p "$k/tree/tools/testing/kunit"
cp "$tmp/kvm22/tree/tools/testing/kunit/kunit.py" "$k/tree/tools/testing/kunit/"
boot() { BUILD=$k/build BOOT_KERNEL=$k/kernel BOOT_INITRD=$k/initrd BOOT_TIMEOUT=2 PATH=$k/bin:$PATH "$S/boot.sh" 2>&1; }
out=$(boot)$(BUILD=$k/build TREE=$k/tree PATH=$k/bin:$PATH KUNIT_TIMEOUT=2 "$S/kunit.sh" x86_64 2>&1)
way=$(sed -n "s/.*run every guest under TCG: \(echo .*\)$/\1/p" <<<"$out" | sort -u)
[ "$(grep -c 'probe again: rm ' <<<"$out")" = 2 ] && [ -n "$way" ] && (eval "$way") && out=$out$(boot; true) &&
	tail -n 1 "$k/qemu.log" | grep -q -- '-accel tcg'
result "new-user read 4: a guest stopped under KVM names the ways out, in boot.sh and kunit.sh; TCG then governs" $? "$out $(cat "$k/qemu.log")"
# Read 23: make test's guest-faults check took an accelerator of its own.
k=$tmp/kvm23
guest_at "$k" "-accel tcg" ''
mkdir -p "$k/build/x86_64/arch/x86/boot" && touch "$k/build/x86_64/arch/x86/boot/bzImage"
out=$(BUILD=$k/build KVM_DEV=$k/dev PATH=$k/bin:$PATH HANG_TIMEOUT=2 "${S%/*}/tests/guest_faults.sh" 2>&1)
[ "$(grep -c 'bzImage' "$k/qemu.log")" = 2 ] && ! grep -q -- '-accel kvm' "$k/qemu.log"
result "new-user read 23: make test's guest faults run under build/qemu-accel's answer" $? "$out $(cat "$k/qemu.log" 2>&1)"
# Read 23: Ctrl-C did not reach a guest (timeout runs it in a process
# group of its own): boot.sh waited for the guest's end. Read 24: nor did
# a hangup (a closed terminal) or SIGTERM.
k=$tmp/int23
guest_at "$k" "-accel tcg" "touch $(printf %q "$k/started"); exec sleep 61"
for sig in INT HUP TERM; do
	rm -f "$k/started"
	# A group of its own, as the terminal's foreground job; no signal ignored (nohup).
	BUILD=$k/build BOOT_KERNEL=$k/kernel BOOT_INITRD=$k/initrd PATH=$k/bin:$PATH \
		setsid env --default-signal "$S/boot.sh" >"$k/out" 2>&1 &
	pid=$!
	for _ in $(seq 100); do [ -e "$k/started" ] && break; sleep 0.1; done
	kill "-$sig" -- "-$pid"
	timeout 20 tail --pid="$pid" -f /dev/null
	rc=$?
	wait "$pid"
	[ "$?" = $((128 + $(kill -l "$sig"))) ] && [ "$rc" = 0 ] && ! pgrep -f 'sleep 61' >/dev/null
	result "new-user read 23, 24: SIG$sig during a guest ends boot.sh and its guest at once" $? "$(cat "$k/out")"
	kill -- "-$pid" 2>/dev/null; pkill -f 'sleep 61'
done 2>/dev/null # the shell's word on a job that a signal ended
# Read 23: a user who cannot write /dev/kvm got TCG without a word, for
# as long as build/qemu-accel was there.
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	k=$(mktemp -d) && chmod 755 "$k" && mkdir -m 777 "$k/build" && touch "$k/dev"
	cp -r "$S" "$tmp/top/base.conf" "$k/"
	out=$(setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$k" BUILD="$k/build" KVM_DEV="$k/dev" \
		bash -c '. "$0/stages/lib.sh"; qemu_accel /none' "$k" 2>&1)
	[ "$out" = "$(printf 'warning: you cannot write %s (are you in its group?): every guest runs under TCG, slower; once you can, probe again: rm %s\n-accel tcg' "$k/dev" "$k/build/qemu-accel")" ]
	result "new-user read 23: a /dev/kvm that the user cannot write is named once, with the way to probe again" $? "$out"
	rm -rf "$k"
else
	echo "SKIP new-user read 23: /dev/kvm not writable: needs root, to run as user nobody"
fi
# Read 28: a kernel that panics early, under any accelerator, was taken
# for a KVM that failed, and TCG recorded for good.
k=$tmp/kvm28
guest_at "$k" "" 'echo "Kernel panic - not syncing: Fatal exception"'
rm "$k/build/qemu-accel"
out=$(BUILD=$k/build KVM_DEV=$k/dev PATH=$k/bin:$PATH qemu_accel "$k/kernel" 2>&1)
[ ! -e "$k/build/qemu-accel" ] && grep -q 'did not boot under KVM nor under TCG' <<<"$out" && ! grep -q 'once KVM works' <<<"$out"
result "new-user read 28: a kernel that boots under no accelerator is not taken for a KVM that failed" $? "$out"
