# Sourced by every stage script: paths, settings, logging.
set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
TREE=${TREE:-$BUILD/linux}
PATCHES=${PATCHES:-$TOP/patches}
JOBS=${JOBS:-$(nproc)}
# ccache hits across clones in other folders: paths relative to the clone.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$TOP}
# shellcheck source=../base.conf
. "${BASE_CONF:-$TOP/base.conf}"
# Where base.sh puts the base it fetched and checked.
BASE_DIR=${BASE_DIR:-$BUILD/base}

# The identity the series is signed with; the default is a placeholder.
SIGNOFF_NAME=${SIGNOFF_NAME:-Placeholder Name}
SIGNOFF_EMAIL=${SIGNOFF_EMAIL:-placeholder@example.org}

log() { printf '==> %s\n' "$*" >&2; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# need TOOL PACKAGE: fail with the package to install when TOOL is missing.
need() {
	command -v "$1" >/dev/null 2>&1 ||
		die "'$1' is missing: install it with: apt-get install $2"
}

# The series' patch files, cover letter excluded, in order.
series() {
	find "$PATCHES" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' \
		! -name '0000-*' | sort
}

# git in the harness tree, with a fixed identity.
tgit() {
	git -C "$TREE" -c user.name="$SIGNOFF_NAME" \
		-c user.email="$SIGNOFF_EMAIL" "$@"
}

# kunit_args ARCH: set KUNIT_DIR and KUNIT_ARGS, the kunit.py
# configuration that the build and the runs of that kernel share. The
# x86_64 kernel, which also boots for make run, is the debug one too.
# UML builds from its own worktree of the tree, build/um-src, where
# bisect.sh checks out one patch after another without touching the
# sources of the x86_64 build.
kunit_args() {
	KUNIT_DIR=$BUILD/$1
	KUNIT_SRC=$TREE
	KUNIT_ARGS=(--arch="$1" --build_dir="$KUNIT_DIR"
		--kunitconfig=kernel/sched)
	if [ "$1" = um ]; then
		KUNIT_SRC=$BUILD/um-src
		if [ -e "$KUNIT_SRC/.git" ]; then
			git -C "$KUNIT_SRC" checkout -q -f --detach series
		else
			git -C "$TREE" worktree add -q --detach "$KUNIT_SRC" series
		fi
	else
		KUNIT_ARGS+=(--kunitconfig=drivers/spi
			--kunitconfig="$TOP/configs/$1.config"
			--kunitconfig="$TOP/configs/debug.config")
	fi
}

# qemu_accel KERNEL: the QEMU accelerator, KVM when KERNEL really starts
# under it here, TCG otherwise; found once per build folder. /dev/kvm
# can be there and still not run a guest (some nested hosts hang it, or
# refuse the host CPU's ARCH_CAPABILITIES MSR).
qemu_accel() {
	local cache=$BUILD/qemu-accel cpu
	if [ ! -s "$cache" ]; then
		echo "-accel tcg" >"$cache"
		for cpu in host host,-arch-capabilities; do
			[ -w /dev/kvm ] || break
			# grep's status alone, once QEMU has ended: under pipefail
			# its own (killed by the timeout) would fail a guest that ran.
			if grep -q '^Linux version' <<<"$(timeout 20 \
				qemu-system-x86_64 -accel kvm -cpu "$cpu" \
				-m 256 -nodefaults -display none -no-reboot \
				-serial stdio -kernel "$1" -append \
				"console=ttyS0 earlyprintk=serial panic=-1 kunit.enable=0 rdinit=/none" \
				</dev/null 2>/dev/null)"; then
				echo "-accel kvm -cpu $cpu" >"$cache"
				break
			fi
		done
	fi
	cat "$cache"
}

# kunit_counts JSON: "passed failed skipped" of the KUnit cases that
# kunit.py parse --json wrote; no case at all counts as a failure.
kunit_counts() {
	python3 - "$1" <<'PY'
import json, sys
n = {"PASS": 0, "FAIL": 0, "SKIP": 0}
def walk(g):
    for c in g.get("test_cases", []):
        n[c["status"] if c["status"] in n else "FAIL"] += 1
    for s in g.get("sub_groups", []):
        walk(s)
walk(json.load(open(sys.argv[1])))
if not sum(n.values()):
    n["FAIL"] = 1
print(n["PASS"], n["FAIL"], n["SKIP"])
PY
}

# add_counts P F S: add to the counts of the check that runs this stage.
add_counts() {
	[ -n "${COUNTS:-}" ] || return 0
	local p=0 f=0 s=0
	[ ! -f "$COUNTS" ] || read -r p f s <"$COUNTS"
	echo "$((p + $1)) $((f + $2)) $((s + $3))" >"$COUNTS"
}

# The proof that make test
# passed on exactly the patches that are about to be mailed.
STAMP=${STAMP:-$BUILD/test-passed.stamp}

# patches_hash: sha256 of patches/*.patch (cover letter included),
# concatenated in C-locale sort order.
patches_hash() {
	local files
	mapfile -t files < <(find "$PATCHES" -maxdepth 1 -name '*.patch' | LC_ALL=C sort)
	((${#files[@]})) || die "no patches in $PATCHES: run make export"
	cat -- "${files[@]}" | sha256sum | cut -d' ' -f1
}

# ktap FILE: the KTAP lines of a console log, without the kernel messages
# that can land between them (e.g. "clocksource: Switched to ...") and
# that kunit.py parse takes for a broken test.
ktap() {
	sed -nE 's/^\[ *[0-9]+\.[0-9]+\] //; /^ *(KTAP version|TAP version|[0-9]+\.\.[0-9]+|ok |not ok |# )/p' "$1"
}

# get_maintainers ARGS...: scripts/get_maintainer.pl in the tree, from
# MAINTAINERS alone (no git history; --no-fixes: the tree has no upstream
# history to find a Fixes: commit in).
get_maintainers() {
	(cd "$TREE" && timeout 120 scripts/get_maintainer.pl --no-rolestats \
		--no-git --no-git-fallback --no-fixes "$@")
}

# page_exceptions: the "Exceptions" section of the series' documentation
# page, the one list of threads at a hard-coded priority.
page_exceptions() {
	sed -n '/^Exceptions$/,/^Setting the order$/p' \
		"$TREE/Documentation/scheduler/sched-rt-kthreads.rst"
}

# unpack_base: the base tarball that base.sh fetched and checked, as a
# git tree in $TREE, committed once as tag "base" on branch series.
unpack_base() {
	local tarball name tmp
	"$TOP/stages/base.sh"
	tarball=$(cat "$BASE_DIR/tarball") name=$(cat "$BASE_DIR/name")
	log "unpacking $tarball"
	tmp=$BUILD/unpack.$$
	trap "rm -rf '$tmp'" EXIT
	rm -rf "$tmp" && mkdir -p "$tmp"
	tar -C "$tmp" -xf "$tarball"
	mv "$tmp"/linux-source-* "$TREE"
	# The tarball's .gitignore ignores its own top level: add with -f.
	# A fixed date and identity make the base commit the same everywhere.
	git -C "$TREE" init -q -b series
	git -C "$TREE" config gc.auto 0
	git -C "$TREE" add -f -A .
	GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z tgit commit -q \
		-m "$name" -m "Unpacked from $(basename "$tarball"), sha256 $(sha256sum "$tarball" | cut -d' ' -f1)."
	git -C "$TREE" tag base
}
