# The Makefile's interface and make test's control flow.

# Issue 15.6: make help lists the commands and their settings.
out=$(make -s -C "$TOP" help 2>&1)
for w in 'make run' 'make test' 'make tree' 'make export' 'make send' 'make clean' KERNEL= SEND=1 FORCE=1 SIGNOFF_NAME=; do
	grep -qF -- "$w" <<<"$out" || break
done
[ $? = 0 ] && grep -qF -- "$w" <<<"$out" && ! grep -q '^What this is' <<<"$out"
result "15.6 make help lists the commands and their settings" $? "$out"

# Issue 15.4: a mistyped setting is refused before anything runs (make -n:
# were it not, nothing would run either).
out=$(make -n -C "$TOP" tree KERNL=/x 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'unknown setting KERNL' <<<"$out" && ! grep -q 'tree.sh' <<<"$out"
result "15.4 a mistyped setting (KERNL=) is refused" $? "$out"

# Issue 15.9: make test runs the harness first, and a stage whose
# prerequisite failed is not run but counted failed, with the reason.
# test.sh runs here on stand-in stages that record that they ran.
f=$tmp/flow
mkdir -p "$f/stages" "$f/tests" "$f/ran"
cp "$S/test.sh" "$S/lib.sh" "$TOP/base.conf" "$f/stages/"
cp "$TOP/base.conf" "$f/"
for s in stages/deps stages/tree stages/checkpatch stages/bisect stages/build stages/kunit stages/guest \
	stages/boot stages/seeds stages/symbols stages/objects stages/docs stages/cocci stages/exceptions \
	stages/stable stages/stamp tests/harness \
	tests/guest_faults tests/send_roundtrip tests/b4_check; do
	printf '#!/bin/bash\ntouch %q/ran/%s\nexit %s\n' "$f" "${s#*/}" "$([ "$s" = stages/tree ] && echo 1 || echo 0)" >"$f/$s.sh"
	chmod +x "$f/$s.sh"
done
out=$(BUILD=$f/build "$f/stages/test.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && [ "$(grep -m1 -E '^(PASS|FAIL)' <<<"$out" | cut -c1-12)" = "PASS harness" ] &&
	grep -q '^FAIL build-x86_64 .*' <<<"$out" && grep -q 'not run: apply failed' <<<"$out" &&
	grep -q 'not run: build-x86_64 failed' "$f/build/logs/kunit-x86_64.log" &&
	[ ! -e "$f/ran/build" ] && [ ! -e "$f/ran/checkpatch" ] && [ ! -e "$f/ran/stamp" ] &&
	[ "$(tail -n 1 <<<"$out")" = "5 passed, 17 failed" ]
result "15.9 make test runs the harness first and not the stages after a failed one" $? "$out"
# New-user read 42: make test stamped patches/ as it was when the run
# ended, so a pull during the run was mailed untested. Here every stage
# passes, and the apply stage's stand-in changes a patch.
mkdir -p "$f/patches/p" "$f/stable"
cp "$S/stamp.sh" "$f/stages/"
printf '#!/bin/bash
echo changed >>%q/patches/p/0001-a.patch
' "$f" >"$f/stages/tree.sh"
out=$(BUILD=$f/build "$f/stages/test.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && [ ! -e "$f/build/test-passed.stamp" ] && grep -q 'changed while make test ran' <<<"$out" &&
	[ "$(tail -n 1 <<<"$out")" = "22 passed, 1 failed" ]
result "new-user read 42: patches changed during make test are not stamped as tested" $? "$out"

# Issue 15.10: a second command on the same build/ is refused, with the
# first one named.
mkdir -p "$tmp/lock"
base_fixture "$tmp/lockd"
(BUILD=$tmp/lock && lock_build && exec sleep 5) &
pid=$!
sleep 0.5
out=$(fx "$tmp/lockd" env BUILD="$tmp/lock" "$S/tree.sh")
rc=$?
kill "$pid" 2>/dev/null
wait "$pid"
[ "$rc" != 0 ] && grep -q "in use by another command (pid $pid" <<<"$out" && [ ! -e "$tmp/lock/linux" ]
result "15.10 two commands at once on build/: the second is refused" $? "$out"
# Read 42: a command run as root in the user's clone (sudo) left a
# build/lock that the user cannot write: the next command died on a
# shell error.
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	k=$(mktemp -d) && chmod 755 "$k" && mkdir "$k/build" && touch "$k/build/lock"
	cp -r "$S" "$tmp/top/base.conf" "$k/"
	out=$(setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$k" BUILD="$k/build" \
		bash -c '. "$0/stages/lib.sh"; lock_build' "$k" 2>&1)
	[ $? != 0 ] && grep -q "^error: you cannot write $k/build/lock, which root owns" <<<"$out"
	result "new-user read 42: a build/lock of another user's is named, with its owner" $? "$out"
	rm -rf "$k"
else
	echo "SKIP new-user read 42: a build/lock of another user's: needs root, to run as user nobody"
fi
# Stop 34: a process left by a command that ended holds the lock; the
# message named the dead command alone.
(BUILD=$tmp/lock && lock_build && { sleep 10 & echo $! >"$tmp/lock.child"; })
out=$(fx "$tmp/lockd" env BUILD="$tmp/lock" "$S/tree.sh")
rc=$?
child=$(cat "$tmp/lock.child")
kill "$child" 2>/dev/null
[ "$rc" != 0 ] && grep -q "left when it ended: see them (ps -fp $child) and end them" <<<"$out"
result "stop 34: the lock held by a process a command left names that process" $? "$out"

# Issue 15.10: an interrupted KVM probe records nothing.
mkdir -p "$tmp/kvm/bin" && touch "$tmp/kvm/dev"
printf '#!/bin/sh\nexec sleep 30\n' >"$tmp/kvm/bin/qemu-system-x86_64"
chmod +x "$tmp/kvm/bin/qemu-system-x86_64"
set -m
(BUILD=$tmp/kvm KVM_DEV=$tmp/kvm/dev PATH=$tmp/kvm/bin:$PATH qemu_accel /nonexistent >/dev/null) &
pid=$!
set +m
sleep 1
kill -TERM -- -"$pid"
wait "$pid"
[ ! -e "$tmp/kvm/qemu-accel" ]
result "15.10 an interrupted KVM probe records nothing" $? "$(cat "$tmp/kvm/qemu-accel" 2>&1)"

# A missing tool names its package.
mkdir -p "$tmp/f/bin"
for t in /usr/bin/* /bin/*; do
	case ${t##*/} in qemu-system-x86_64) continue ;; esac
	[ -e "$tmp/f/bin/${t##*/}" ] || ln -s "$t" "$tmp/f/bin/${t##*/}"
done
out=$(PATH=$tmp/f/bin "$S/boot.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q "apt-get install qemu-system-x86" <<<"$out"
result "a missing tool names its package" $? "$out"

# Issue 22.3: the stages' internal names (BUILD, TREE, PATCHES, STAMP...)
# in the user's environment do not reach them through make: BUILD=/x
# would have make clean remove /x. Stand-in stages record what they got.
e=$tmp/env22
mkdir -p "$e/stages" "$e/victim"
cp "$TOP/Makefile" "$e/"
touch "$e/victim/keep"
printf '#!/bin/bash\necho "${BUILD-unset} ${TREE-unset} ${PATCHES-unset} ${STAMP-unset}" >%q\n' "$e/got" >"$e/stages/clean.sh"
chmod +x "$e/stages/clean.sh"
out=$(BUILD=$e/victim TREE=$e/victim PATCHES=$e/victim STAMP=$e/victim/keep make -s -C "$e" clean 2>&1)
[ "$(cat "$e/got" 2>/dev/null)" = "unset unset unset unset" ]
result "22.3 BUILD, TREE, PATCHES, STAMP in the environment do not reach the stages" $? "$out $(cat "$e/got" 2>&1)"

# New-user read: a setting counts only on the command line; FORCE=1 or
# SEND=1 left in the environment reaches no stage.
printf '#!/bin/bash\necho "${FORCE-unset} ${SEND-unset}" >%q\n' "$e/got" >"$e/stages/clean.sh"
out=$(FORCE=1 SEND=1 make -s -C "$e" clean 2>&1)
got=$(cat "$e/got" 2>/dev/null)
out=$out$(FORCE=1 make -s -C "$e" clean FORCE=1 2>&1)
[ "$got" = "unset unset" ] && [ "$(cat "$e/got" 2>/dev/null)" = "1 unset" ]
result "22.3 FORCE=1 and SEND=1 count on the command line, not from the environment" $? "$out $got $(cat "$e/got" 2>&1)"
# Fourth read: nor through MAKEFLAGS in the environment, which make
# takes for the command line (a make started by hand: MAKELEVEL unset).
rm -f "$e/got"
out=$(MAKEFLAGS=FORCE=1 env -u MAKELEVEL make -s -C "$e" clean 2>&1)
rc=$?
[ "$rc" != 0 ] && [ ! -e "$e/got" ] && grep -q 'FORCE=1 in MAKEFLAGS' <<<"$out"
result "new-user read 4: FORCE=1 in MAKEFLAGS of the environment is refused" $? "$out $(cat "$e/got" 2>&1)"
out=$(GNUMAKEFLAGS=FORCE=1 env -u MAKELEVEL make -s -C "$e" clean 2>&1)
rc=$?
[ "$rc" != 0 ] && [ ! -e "$e/got" ] && grep -q 'FORCE=1 in MAKEFLAGS or GNUMAKEFLAGS' <<<"$out"
result "new-user read 7: FORCE=1 in GNUMAKEFLAGS of the environment is refused" $? "$out $(cat "$e/got" 2>&1)"

# Issue 22.5: make tree installs only what it needs (not QEMU, the cross
# compilers or the 6.12 base); make stable-tree adds the 6.12 base; the
# other commands, all. Seen as a non-root user, to whom deps.sh names the
# packages instead of installing them, on a machine that has none.
mkdir -p "$tmp/deps"
printf '#!/bin/sh\necho 1000\n' >"$tmp/deps/id"
printf '#!/bin/sh\nexit 1\n' >"$tmp/deps/dpkg-query"
chmod +x "$tmp/deps/id" "$tmp/deps/dpkg-query"
deps() { PATH=$tmp/deps:$PATH "$S/deps.sh" "$@" 2>&1; }
out=$(deps tree) out2=$(deps stable) out3=$(deps)
[[ $out == *"apt-get install -y git python3 xz-utils b4" ]] &&
	[[ $out2 == *" xz-utils linux-source-6.12="* && $out2 != *qemu* ]] &&
	[[ $out3 == *qemu-system-x86*gcc-aarch64-linux-gnu*linux-source-6.12=* ]]
result "22.5 make tree installs only what it needs; make stable-tree the 6.12 base too" $? "$out | $out2 | $out3"

# Issue 22.5: under the build lock, which every child inherits, git runs
# its gc --auto in the foreground: none outlives the command, lock held.
out=$(BUILD=$tmp/gclock && lock_build && git config --get gc.autoDetach 2>&1)
[ "$out" = false ]
result "22.5 under the build lock no git leaves a detached gc holding it" $? "$out"
# Sixth read: a switch other than 0 or 1 (REFLECT=yes) is refused, not
# taken for 0 (which sent a rehearsal to stable@).
out=$(REFLECT=yes STABLE=1 "$S/send.sh" 2>&1 </dev/null)
rc=$?
[ "$rc" != 0 ] && grep -q 'REFLECT=yes: give 1 or 0' <<<"$out" && ! grep -q 'To stable' <<<"$out"
result "new-user read 6: REFLECT=yes is refused, not taken for 0" $? "$out"
# Read 17: kunit.py, run inside the kernel tree, wrote __pycache__ there,
# which make clean then refused as files that .gitignore hides.
out=$(env -u PYTHONDONTWRITEBYTECODE bash -c '. "$0"; python3 -c "import sys; sys.exit(not sys.dont_write_bytecode)"' "$S/lib.sh" 2>&1)
result "new-user read 17: python run by a stage writes no __pycache__ into the kernel tree" $? "$out"
