#!/bin/bash
# The harness's own tests: bad input and faults, on small fixtures. One
# PASS/FAIL line each; the counts go to $COUNTS for make test.
. "$(dirname "$0")/../stages/lib.sh"
set +e

S=$TOP/stages
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GIT_CONFIG_GLOBAL=$tmp/gitconfig GIT_CONFIG_NOSYSTEM=1
git config --global user.name Fixture
git config --global user.email fixture@example.org
passed=0 failed=0

result() { # result NAME OK(0/1) [DETAIL]
	if [ "$2" = 0 ]; then
		echo "PASS $1"
		passed=$((passed + 1))
	else
		echo "FAIL $1${3:+: $3}"
		failed=$((failed + 1))
	fi
}

# A tiny "kernel tree" with two commits, and a series for it in $1/patches:
# 0001 applies, 0002 does not (it changes a line that is not there).
fixture() {
	local d=$1
	mkdir -p "$d/src/kernel/sched" "$d/patches"
	git -C "$d/src" init -q -b main
	printf 'config FOO\n\tbool "foo"\n' >"$d/src/Kconfig"
	printf 'int a;\nint b;\n' >"$d/src/kernel/sched/core.c"
	git -C "$d/src" add -A && git -C "$d/src" commit -q -m one
	printf 'int a;\nint b;\nint c;\n' >"$d/src/kernel/sched/core.c"
	git -C "$d/src" commit -q -am two
	git -C "$d/src" format-patch -q -1 -o "$d/patches" --zero-commit
	git -C "$d/src" reset -q --hard HEAD~1
	sed 's/^ int b;/ int z;/; s/^Subject: .*/Subject: [PATCH] does not apply/' \
		"$d/patches/0001-two.patch" >"$d/patches/0002-does-not-apply.patch"
}

# state REPO: everything a failed or refused command must leave alone.
state() {
	git -C "$1" rev-parse HEAD
	git -C "$1" symbolic-ref -q HEAD
	git -C "$1" status --porcelain
	git -C "$1" branch --list
	git -C "$1" worktree list --porcelain | grep -c '^worktree'
}

# 1. A patch that does not apply: named with its file; nothing changed.
fixture "$tmp/a"
before=$(state "$tmp/a/src")
out=$(KERNEL=$tmp/a/src PATCHES=$tmp/a/patches BUILD=$tmp/a/build "$S/tree.sh" 2>&1)
rc=$?
grep -q '0002-does-not-apply.patch does not apply' <<<"$out" &&
	grep -q 'kernel/sched/core.c' <<<"$out" && [ "$rc" != 0 ] &&
	[ "$before" = "$(state "$tmp/a/src")" ]
result "a patch that does not apply is named, with its file, and nothing changes" $? "$out"

# 2. The series applies to a clean user tree on a new branch, leaving
# the user's own branch and checkout alone.
rm "$tmp/a/patches/0002-does-not-apply.patch"
head=$(git -C "$tmp/a/src" rev-parse HEAD)
out=$(KERNEL=$tmp/a/src PATCHES=$tmp/a/patches BUILD=$tmp/a/build "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" = 0 ] && [ "$(git -C "$tmp/a/src" rev-parse HEAD)" = "$head" ] &&
	[ "$(git -C "$tmp/a/src" rev-list --count main..rt-prio)" = 1 ] &&
	[ -z "$(git -C "$tmp/a/src" status --porcelain)" ]
result "the series goes on a new branch of a user's tree, their branch untouched" $? "$out"

# 3. A user tree with uncommitted work is refused and left as it was.
fixture "$tmp/b"
echo 'int mine;' >>"$tmp/b/src/kernel/sched/core.c"
before=$(state "$tmp/b/src")
out=$(KERNEL=$tmp/b/src PATCHES=$tmp/b/patches BUILD=$tmp/b/build "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'uncommitted work' <<<"$out" &&
	[ "$before" = "$(state "$tmp/b/src")" ] &&
	grep -q 'int mine;' "$tmp/b/src/kernel/sched/core.c"
result "a user tree with uncommitted work is refused and untouched" $? "$out"

# 4. A path that is not a kernel git tree is refused.
mkdir -p "$tmp/c/notgit"
out=$(KERNEL=$tmp/c/notgit BUILD=$tmp/c/build "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'not a git tree' <<<"$out"
result "a path that is not a git tree is refused" $? "$out"
git -C "$tmp/c/notgit" init -q && touch "$tmp/c/notgit/README" &&
	git -C "$tmp/c/notgit" add -A && git -C "$tmp/c/notgit" commit -q -m x
out=$(KERNEL=$tmp/c/notgit BUILD=$tmp/c/build "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'not a kernel tree' <<<"$out"
result "a git tree that is not a kernel tree is refused" $? "$out"

# 5. A base tarball with the wrong checksum, or none, is refused.
mkdir -p "$tmp/d/linux-source-6.12"
echo x >"$tmp/d/linux-source-6.12/Makefile"
tar -C "$tmp/d" -cJf "$tmp/d/base.tar.xz" linux-source-6.12
conf() {
	cat <<-EOF
	BASE_PACKAGE=no-such-package-$$
	BASE_VERSION=1
	BASE_TARBALL=$1
	BASE_SHA256=$2
	BASE_NAME=fixture
	EOF
}
conf "$tmp/d/base.tar.xz" 0000 >"$tmp/d/bad.conf"
out=$(BASE_CONF=$tmp/d/bad.conf BUILD=$tmp/d/build "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'is not the pinned 0000' <<<"$out" && [ ! -e "$tmp/d/build/linux" ]
result "a base tarball with the wrong checksum is refused" $? "$out"
conf "$tmp/d/missing.tar.xz" 0000 >"$tmp/d/missing.conf"
out=$(BASE_CONF=$tmp/d/missing.conf BUILD=$tmp/d/build "$S/tree.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q 'missing.tar.xz is missing: fix BASE_TARBALL' <<<"$out"
result "a missing base tarball is named, with the setting to fix" $? "$out"

# ... and one with the pinned checksum is committed once as tag base,
# with the series on branch series; a second run reuses it.
mkdir -p "$tmp/d/series"
sum=$(sha256sum "$tmp/d/base.tar.xz" | cut -d' ' -f1)
conf "$tmp/d/base.tar.xz" "$sum" >"$tmp/d/good.conf"
git init -q "$tmp/d/p" && cp "$tmp/d/linux-source-6.12/Makefile" "$tmp/d/p/" &&
	git -C "$tmp/d/p" add -A && git -C "$tmp/d/p" commit -q -m base &&
	echo hello >"$tmp/d/p/hello" && git -C "$tmp/d/p" add hello &&
	git -C "$tmp/d/p" commit -q -m "Add hello" &&
	git -C "$tmp/d/p" format-patch -q -1 --zero-commit -o "$tmp/d/series"
run() { BASE_CONF=$tmp/d/good.conf BUILD=$tmp/d/ok PATCHES=$tmp/d/series "$S/tree.sh" 2>&1; }
out=$(run)
rc=$?
t=$tmp/d/ok/linux
[ "$rc" = 0 ] && [ "$(git -C "$t" rev-list --count base..series)" = 1 ] &&
	[ -f "$t/hello" ] && base1=$(git -C "$t" rev-parse base) &&
	out=$(run) && [ "$(git -C "$t" rev-parse base)" = "$base1" ]
result "a verified base is committed once as tag base, the series on top" $? "$out"

# ... and a reused tree is still checked against patches/: a patch whose
# hash was recorded without applying it (as make export does) but which no
# longer gives branch series fails, and says so.
grep -q 'patches apply to the base and give branch series' <<<"$out" &&
	sed -i 's/^+hello$/+hullo/' "$tmp/d/series"/*.patch &&
	(PATCHES=$tmp/d/series patches_hash >"$t/.git/applied-patches") &&
	out=$(run); rc=$?
[ "$rc" != 0 ] && grep -q 'do not give branch series' <<<"$out" && grep -q '^hello$' "$t/hello"
result "a reused tree still proves that patches/ applies to the base" $? "$out"

# 6. make export keeps the cover letter's subject and text.
fixture "$tmp/e"
rm "$tmp/e/patches/0002-does-not-apply.patch"
git -C "$tmp/e/src" tag base
git -C "$tmp/e/src" checkout -q -b series
git -C "$tmp/e/src" am -q "$tmp/e/patches/0001-two.patch"
rm "$tmp/e/patches"/*.patch
git -C "$tmp/e/src" format-patch -q --cover-letter -o "$tmp/e/patches" base..series
sed -i 's/\*\*\* SUBJECT HERE \*\*\*/Kept subject/; s/\*\*\* BLURB HERE \*\*\*/Kept text./' \
	"$tmp/e/patches/0000-cover-letter.patch"
out=$(TREE=$tmp/e/src PATCHES=$tmp/e/patches "$S/export.sh" 2>&1)
rc=$?
[ "$rc" = 0 ] && grep -q '^Subject: \[PATCH 0/1\] Kept subject$' "$tmp/e/patches/0000-cover-letter.patch" &&
	grep -q '^Kept text.$' "$tmp/e/patches/0000-cover-letter.patch" &&
	! grep -q 'HERE \*\*\*' "$tmp/e/patches/0000-cover-letter.patch" &&
	[ -f "$tmp/e/patches/0001-two.patch" ]
result "make export keeps the cover letter's subject and text" $? "$out"

# 7. A missing tool names its package.
mkdir -p "$tmp/f/bin"
for t in /usr/bin/* /bin/*; do
	case ${t##*/} in qemu-system-x86_64) continue ;; esac
	[ -e "$tmp/f/bin/${t##*/}" ] || ln -s "$t" "$tmp/f/bin/${t##*/}"
done
out=$(PATH=$tmp/f/bin "$S/boot.sh" 2>&1)
rc=$?
[ "$rc" != 0 ] && grep -q "apt-get install qemu-system-x86" <<<"$out"
result "a missing tool names its package" $? "$out"

# 8. A guest that hangs, or panics, is stopped and its console shown.
# These boot the x86_64 kernel that make test built.
kernel=$BUILD/x86_64/arch/x86/boot/bzImage
if [ -f "$kernel" ] && command -v busybox >/dev/null; then
	guest() { # guest NAME INIT-SCRIPT: an initramfs whose /init is the script
		mkdir -p "$tmp/$1/bin"
		cp "$(command -v busybox)" "$tmp/$1/bin/busybox"
		printf '#!/bin/busybox sh\n%s\n' "$2" >"$tmp/$1/init"
		chmod +x "$tmp/$1/init"
		(cd "$tmp/$1" && find . | cpio -o -H newc --quiet) | gzip -1 >"$tmp/$1.cpio.gz"
	}
	guest hang '/bin/busybox echo guest hangs now; while :; do /bin/busybox sleep 1; done'
	out=$(BOOT_KERNEL=$kernel BOOT_INITRD=$tmp/hang.cpio.gz BOOT_TIMEOUT=${HANG_TIMEOUT:-30} BUILD=$tmp/g \
		"$S/boot.sh" 2>&1)
	rc=$?
	[ "$rc" != 0 ] && grep -q 'was killed' <<<"$out" && grep -q 'guest hangs now' <<<"$out"
	result "a hung guest is killed after its timeout, its console shown" $? "$(tail -n 5 <<<"$out")"
	guest panic '/bin/busybox echo guest exits now; exit 1'
	out=$(BOOT_KERNEL=$kernel BOOT_INITRD=$tmp/panic.cpio.gz BOOT_TIMEOUT=120 BUILD=$tmp/g \
		"$S/boot.sh" 2>&1)
	rc=$?
	[ "$rc" != 0 ] && grep -q 'panicked' <<<"$out" && grep -q 'Kernel panic' <<<"$out"
	result "a panicking guest fails with its console shown" $? "$(tail -n 5 <<<"$out")"
else
	echo "SKIP guest faults: no x86_64 kernel built at $kernel"
	add_counts 0 0 2
fi

add_counts "$passed" "$failed" 0
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
