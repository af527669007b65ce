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
printf '#!/bin/sh\necho "$*" >>%q\necho "Linux version 7.3.0-rc7"\necho "KVM internal error. Suberror: 1" >&2\n' \
	"$k/qemu.log" >"$k/bin/qemu-system-x86_64"
cat >"$k/tree/tools/testing/kunit/kunit.py" <<'PY'
import shlex, subprocess, sys
args = [a.split("=", 1)[1] for a in sys.argv if a.startswith("--qemu_args=")]
if sys.argv[1] == "exec":
    subprocess.run(["qemu-system-x86_64", "-nodefaults", "-accel", "kvm", "-accel", "hvf",
                    "-accel", "tcg"] + [w for a in args for w in shlex.split(a)])
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
# Fourth read: a guest that dies under the KVM that the probe chose names
# the way to run every guest under TCG, which then governs.
k=$tmp/kvm4
mkdir -p "$k/bin" "$k/build"
touch "$k/kernel" "$k/initrd"
echo "-accel kvm -cpu host" >"$k/build/qemu-accel"
printf '#!/bin/sh\necho "$*" >>%q\ncase "$*" in *"-accel kvm"*) echo "KVM internal error. Suberror: 1" >&2; exit 1 ;; esac\n' \
	"$k/qemu.log" >"$k/bin/qemu-system-x86_64"
chmod +x "$k/bin/qemu-system-x86_64"
boot() { BUILD=$k/build BOOT_KERNEL=$k/kernel BOOT_INITRD=$k/initrd PATH=$k/bin:$PATH "$S/boot.sh" 2>&1; }
out=$(boot)
way=$(sed -n "s/.*run every guest under TCG: \(echo .*\)$/\1/p" <<<"$out")
[ -n "$way" ] && (eval "$way") && out=$out$(boot; true) && tail -n 1 "$k/qemu.log" | grep -q -- '-accel tcg'
result "new-user read 4: a guest that dies under KVM names the way to TCG, which then governs" $? "$out $(cat "$k/qemu.log")"
