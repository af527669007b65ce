# Sourced by every stage: paths, settings, the postings, kunit.py's
# arguments, the KVM probe. The rule: a git repository (build/linux,
# build/stable, build/worktree-BRANCH) is made only where none is, then
# only added to; what is in the way is named, never removed. The scratch
# worktrees (build/src, build/*-src, build/*-wt) are the harness's.
set -euo pipefail
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
PATCHES=${PATCHES:-$TOP/patches}
STABLE_DIR=${STABLE_DIR:-$TOP/stable}
BRANCH=${BRANCH:-rt-prio}
TREE=${TREE:-$BUILD/linux}
# SRC: what is built: base + patches/ (make tree), or KERNEL='s worktree.
if [ -n "${KERNEL:-}" ]; then SRC=${SRC:-$BUILD/worktree-${BRANCH//\//-}}; else SRC=${SRC:-$BUILD/src}; fi
JOBS=${JOBS:-$(nproc)}
# ccache's depend mode: a miss runs no preprocessor of its own.
export CCACHE_BASEDIR=$TOP CCACHE_DEPEND=1 PYTHONDONTWRITEBYTECODE=1
# shellcheck source=../base.conf
. "${BASE_CONF:-$TOP/base.conf}"
BASE_DIR=${BASE_DIR:-$BUILD/base-${BASE_SHA256:0:12}}
# The placeholder identity signs the postings until a sender's make sign.
PLACEHOLDER_RE='maintainers@users\.noreply\.a-seed-18c6c7fe\.example|placeholder@example\.org'
# The sender is git config's user; without one, the placeholder.
git config user.email >/dev/null || export GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=user.name \
	GIT_CONFIG_VALUE_0="Seed 18c6c7fe maintainers" GIT_CONFIG_KEY_1=user.email \
	GIT_CONFIG_VALUE_1=maintainers@users.noreply.a-seed-18c6c7fe.example
ME="$(git config user.name) <$(git config user.email)>"
STAMP=${STAMP:-$BUILD/test-passed.stamp}
# BOOT=: a prebuilt kernel the guest boots instead (prebuilt.sh), in build/prebuilt.
OUT=$BUILD${BOOT:+/prebuilt}

log() { printf '==> %s\n' "$*" >&2; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
# in_way PATH WHAT: stop, naming PATH and the command that moves it.
in_way() { die "$1 is in the way ($2): move it away (mv $1 $1.old) or use it as it is"; }
# lock_build: one command at a time on build/; its children share the lock.
lock_build() {
	mkdir -p "$BUILD" && [ -z "${BUILD_LOCKED:-}" ] || return 0
	exec 9>"$BUILD/lock"
	flock -n 9 || die "another make command is running on $BUILD: wait for it to end"
	export BUILD_LOCKED=1
}

# postings: patches/'s folders; series [DIR...]: their patches (no cover
# letter), in order; cover DIR: its 0000-*.
postings() { find "$PATCHES" -mindepth 1 -maxdepth 1 -type d | LC_ALL=C sort; }
series() {
	local d
	for d in $(if (($#)); then printf '%s\n' "$@"; else postings; fi); do
		[ ! -d "$d" ] || find "$d" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-*' | LC_ALL=C sort
	done
}
cover() { find "$1" -maxdepth 1 -name '0000-*.patch'; }
STABLE_POSTINGS=("$STABLE_DIR" "$STABLE_DIR/6.18.y" "$STABLE_DIR/6.1.y")
# unfold MAIL...: each header's continuation lines joined to it.
unfold() {
	awk 'FNR == 1 { if (held) print hdr; body = held = 0 } body { print; next }
		/^[ \t]/ { sub(/^[ \t]+/, " "); hdr = hdr $0; next }
		{ if (held) print hdr; hdr = $0; held = 1 } /^$/ { print; body = 1; held = 0 }
		END { if (held) print hdr }' "$@"
}
# committed DIR: git holds DIR as it is, so writing it loses nothing.
committed() {
	git -C "$1" diff --quiet HEAD -- . 2>/dev/null && [ -z "$(git -C "$1" ls-files -o --exclude-standard -- .)" ] ||
		die "$1 has changes that git does not hold: commit them (git add -A $1 && git commit) first"
}
# tested_hash: of patches/ and stable/, what make test passed on.
tested_hash() { for d in "$PATCHES" "$STABLE_DIR"; do (cd "$d" && find . -name '*.patch' | LC_ALL=C sort | xargs -r sha256sum); done | sha256sum | cut -d' ' -f1; }

# timed SECONDS CMD...: timeout, passing Ctrl-C on to CMD's process group.
timed() {
	local pid rc=0 sig
	timeout "$@" <&0 &
	pid=$!
	for sig in INT TERM HUP; do trap "kill -TERM -- -$pid $pid 2>/dev/null; trap - $sig; kill -$sig \$BASHPID" "$sig"; done
	wait "$pid" || rc=$?
	trap - INT TERM HUP
	return "$rc"
}

# scratch_wt DIR REV: a detached worktree of $TREE at REV that checks out
# only the files patches/ and stable/ change: git am and b4 in seconds.
scratch_wt() {
	[ "$(git -C "$1" rev-parse --git-common-dir 2>/dev/null)" = "$(git -C "$TREE" rev-parse --path-format=absolute --git-common-dir)" ] ||
		{ rm -rf "$1"; git -C "$TREE" worktree prune; git -C "$TREE" worktree add -q --no-checkout --detach "$1" "$2"; }
	find "$PATCHES" "$STABLE_DIR" -name '*.patch' -exec sed -n 's|^diff --git a/\([^ ]*\) b/\(.*\)|/\1\n/\2|p' {} + |
		sort -u | git -C "$1" sparse-checkout set --no-cone --stdin
	git -C "$1" checkout -q -f --detach "$2"
}

# base_src: build/base-src, a scratch checkout of base beside build/src.
base_src() {
	[ -e "$BUILD/base-src/.git" ] || git -C "$SRC" worktree add -q --detach "$BUILD/base-src" base
	git -C "$BUILD/base-src" checkout -q -f --detach base && echo "$BUILD/base-src"
}
# am DIR PATCH...: git am in DIR; a patch that does not apply is named.
am() {
	local dir=$1 p
	shift
	for p; do
		git -C "$dir" am -q --whitespace=error-all "$p" >/dev/null 2>"$BUILD/am.err" && continue
		git -C "$dir" am --abort >/dev/null 2>&1 || true
		die "$(basename "$p") does not apply: $(grep -m3 '^error:' "$BUILD/am.err" | paste -sd' ')"
	done
}
# b4_out NAME DIR: b4 send -o of b4/NAME into DIR, in build/b4-wt (your
# checkout stays); an SMTP server set keeps b4 from its web endpoint.
b4_out() {
	local i=${GIT_CONFIG_COUNT:-0}
	scratch_wt "$BUILD/b4-wt" base
	git -C "$BUILD/b4-wt" checkout -q --ignore-other-worktrees "b4/$1"
	(cd "$BUILD/b4-wt" && env GIT_CONFIG_COUNT=$((i + 1)) "GIT_CONFIG_KEY_$i=sendemail.smtpServer" "GIT_CONFIG_VALUE_$i=/bin/false" \
		timeout 300 b4 --offline-mode send -o "$2" --no-sign --not-me-too) >"$BUILD/b4.log" 2>&1 ||
		die "b4 send -o of b4/$1: $(grep -A3 CRITICAL "$BUILD/b4.log" || tail -n 3 "$BUILD/b4.log")"
	git -C "$BUILD/b4-wt" checkout -q --detach
	for f in "$2"/*.eml; do mv "$f" "${f%.eml}.patch"; done
}
# placeholder FILE...: those whose From: or Signed-off-by: it still is.
placeholder() { grep -lE "^(From|Signed-off-by): .*($PLACEHOLDER_RE)" "$@" || true; }

# kunit_args ARCH: KUNIT_DIR, KUNIT_SRC, KUNIT_ARGS for kunit.py; UML
# builds in build/um-src, where bisect checks out patch after patch.
kunit_args() {
	KUNIT_DIR=$BUILD/$1 KUNIT_SRC=$SRC KUNIT_CROSS=
	KUNIT_ARGS=(--arch="$1" --build_dir="$KUNIT_DIR" --kunitconfig=kernel/sched)
	case $1 in
	um)
		KUNIT_ARGS+=(--kunitconfig="$TOP/configs/um.config")
		KUNIT_SRC=$BUILD/um-src
		[ -e "$KUNIT_SRC/.git" ] || git -C "$SRC" worktree add -q --detach "$KUNIT_SRC"
		git -C "$KUNIT_SRC" checkout -q -f --detach "$(git -C "$SRC" rev-parse HEAD)"
		;;
	x86_64) KUNIT_ARGS+=(--kunitconfig=drivers/spi --kunitconfig="$TOP/configs/x86_64.config" --kunitconfig="$TOP/configs/debug.config") ;;
	arm64)
		KUNIT_CROSS=aarch64-linux-gnu-
		KUNIT_ARGS=(--qemu_config="$TOP/configs/qemu-arm64.py" "${KUNIT_ARGS[@]:1}" --kunitconfig=drivers/spi
			--kunitconfig="$TOP/configs/arm64.config" --cross_compile="$KUNIT_CROSS")
		;;
	esac
}

# The KVM probe, once: KVM if a kernel boots to its end under it, else
# TCG. build/qemu-accel governs every QEMU; under TCG kunit.py, which
# asks for KVM first, finds stages/qemu-no-kvm first on PATH.
KVM_DEV=${KVM_DEV:-/dev/kvm}
qemu_accel() {
	local accel="-accel tcg"
	if [ ! -s "$BUILD/qemu-accel" ]; then
		if [ -w "$KVM_DEV" ] && grep -q 'Unable to mount root\|Run /none as init' <<<"$(timed 20 \
			qemu-system-x86_64 -accel kvm -cpu host -smp 2 -m 256 -nodefaults -display none -no-reboot \
			-serial stdio -kernel "$1" -append "console=ttyS0 panic=-1 kunit.enable=0 rdinit=/none" </dev/null 2>/dev/null)"; then
			accel="-accel kvm -cpu host"
		elif [ -e "$KVM_DEV" ]; then
			warn "$KVM_DEV is there but unusable here (not writable, or a guest died under it): every guest runs under TCG"
		fi
		mkdir -p "$BUILD" && echo "$accel" >"$BUILD/qemu-accel"
	fi
	cat "$BUILD/qemu-accel"
}
# with_accel CMD...: CMD under the probe's answer (kunit.py's QEMU too).
with_accel() {
	grep -qs tcg "$BUILD/qemu-accel" || { "$@"; return; }
	mkdir -p "$BUILD/qemu-no-kvm" && for q in x86_64 aarch64; do ln -sfn "$TOP/stages/qemu-no-kvm" "$BUILD/qemu-no-kvm/qemu-system-$q"; done
	PATH=$BUILD/qemu-no-kvm:$PATH "$@"
}

# kunit_counts JSON: "passed failed skipped" of kunit.py's --json.
kunit_counts() {
	python3 -c 'import json, sys
n = {"PASS": 0, "FAIL": 0, "SKIP": 0}
def walk(g):
    for c in g.get("test_cases", []): n[c["status"] if c["status"] in n else "FAIL"] += 1
    for s in g.get("sub_groups", []): walk(s)
walk(json.load(open(sys.argv[1])))
print(n["PASS"], n["FAIL"] or int(not sum(n.values())), n["SKIP"])' "$1"
}
# add_counts P F S: add to the counts of the make test check running.
add_counts() {
	local p=0 f=0 s=0
	[ -n "${COUNTS:-}" ] || return 0
	[ ! -f "$COUNTS" ] || read -r p f s <"$COUNTS"
	echo "$((p + $1)) $((f + $2)) $((s + $3))" >"$COUNTS"
}
# ktap LOG: a console log's KTAP lines, without the kernel's messages.
ktap() { sed -nE 's/^\[ *[0-9]+\.[0-9]+\] //; /^ *(KTAP version|TAP version|[0-9]+\.\.[0-9]+|ok |not ok |# )/p' "$1"; }

# arm64_dtb: QEMU virt's device tree (configs/qemu-arm64.py's machine)
# with configs/arm64-idle.fdtput's PSCI idle state on each CPU.
arm64_dtb() {
	local dtb=$BUILD/arm64-idle.dtb o n p v
	[ -s "$dtb" ] || {
		mkdir -p "$BUILD" && timed 60 qemu-system-aarch64 -nodefaults -display none -m 1024 -smp 2 \
			-machine virt,dumpdtb="$dtb.new" -cpu max,pauth-impdef=on >/dev/null 2>&1
		grep -v '^#' "$TOP/configs/arm64-idle.fdtput" | while read -r o n p v; do fdtput $o "$dtb.new" $n $p $v; done
		for n in $(fdtget -l "$dtb.new" /cpus | grep '^cpu@'); do fdtput -tx "$dtb.new" "/cpus/$n" cpu-idle-states 7fff; done
		mv "$dtb.new" "$dtb"
	}
	echo "$dtb"
}

# private_apt DIR SUITE...: apt of its own in DIR (no root, the machine's
# apt untouched) on the machine's Debian mirrors; updates its lists.
private_apt() {
	local dir=$1 s m l
	shift
	mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial"
	for s; do
		l=Debian && [[ $s != *-security ]] || l=Debian-Security
		m=$(apt-get indextargets --format '$(REPO_URI) $(LABEL)' 2>/dev/null | awk -v l=$l '$2 == l { print $1; exit }')
		echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${m:-http://deb.debian.org/debian} $s main"
	done >"$dir/apt/sources.list"
	printf 'Dir::Etc::SourceList "%s";\nDir::Etc::SourceParts "/nonexistent";\nDir::State::Lists "%s";\nDir::State::status "/dev/null";\nDir::Cache "%s";\nAPT::Sandbox::User "%s";\n' \
		"$dir/apt/sources.list" "$dir/apt/lists" "$dir/apt/cache" "$(id -un)" >"$dir/apt/apt.conf"
	export APT_CONFIG=$dir/apt/apt.conf
	log "apt-get update of $* (private lists in $dir/apt)"
	timeout 300 apt-get update -q --error-on=any >"$dir/apt.log" 2>&1 || { tail -n 5 "$dir/apt.log" >&2; return 1; }
}

# unpack_base DIR: base.sh's tarball as a new repository DIR, one commit
# (the same everywhere: the postings' base-commit:) tagged base.
unpack_base() {
	local tmp=$BUILD/unpack.$$
	"$TOP/stages/base.sh"
	log "unpacking $(cat "$BASE_DIR/tarball") into $1"
	rm -rf "$tmp" && mkdir -p "$tmp"
	tar -C "$tmp" -xf "$(cat "$BASE_DIR/tarball")"
	set -- "$1" "$tmp"/linux-source-*
	[ ! -f "$2/.gitignore" ] || sed -i '/^# Debian packaging:/,$d' "$2/.gitignore"
	(
		export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_DATE=2000-01-01T00:00:00Z \
			GIT_COMMITTER_DATE=2000-01-01T00:00:00Z GIT_AUTHOR_NAME="Placeholder Name" GIT_COMMITTER_NAME="Placeholder Name" \
			GIT_AUTHOR_EMAIL=placeholder@example.org GIT_COMMITTER_EMAIL=placeholder@example.org
		git -C "$2" init -q -b base-tree --object-format=sha1 && git -C "$2" config gc.auto 0 && git -C "$2" add -f -A .
		git -C "$2" commit -q -m "$(cat "$BASE_DIR/name")" -m "Unpacked from $(basename "$(cat "$BASE_DIR/tarball")"), sha256 $(sha256sum "$(cat "$BASE_DIR/tarball")" | cut -d' ' -f1), without the Debian packaging block of .gitignore."
		git -C "$2" tag base
	)
	mv "$2" "$1" && rm -rf "$tmp"
}
