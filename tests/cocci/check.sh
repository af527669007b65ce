#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Test scripts/coccinelle/api/sched_rt_prio.cocci against its fixtures.
#
# usage: check.sh RULE.cocci FIXTURE_DIR
#
# FIXTURE_DIR holds:
#   must_report.c      cases that must be reported, none converted
#   must_not_report.c  cases that must be neither reported nor converted
#   userspace.c        user space code (includes <sched.h>): ignored
#   patch_plain.c      cases converted in patch mode (and some left alone)
#   patch_plain.res    patch_plain.c as patch mode must leave it
#   *.report           expected report mode output, sorted (LC_ALL=C sort)
#   must_report.org    expected org mode output, sorted
#   must_report.context expected context mode diff, without its header
#
# Prints one PASS/FAIL line per check and exits 1 if any check failed.
# Set SPATCH to use another spatch binary. spatch runs single-threaded
# and niced, to share the machine with a kernel build.

set -u

if [ $# -ne 2 ]; then
	echo "usage: $0 RULE.cocci FIXTURE_DIR" >&2
	exit 2
fi

rule=$1
fixtures=$2
SPATCH=${SPATCH:-spatch}
LC_ALL=C
export LC_ALL

case $rule in
/*) ;;
*) rule=$(pwd)/$rule ;;
esac

if [ ! -r "$rule" ] || [ ! -d "$fixtures" ]; then
	echo "$0: cannot read $rule or $fixtures" >&2
	exit 2
fi
if ! command -v "$SPATCH" >/dev/null 2>&1; then
	echo "$0: $SPATCH not found" >&2
	exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sched_rt_prio.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

failures=0
checks=0

pass() {
	checks=$((checks + 1))
	echo "PASS: $1"
}

fail() {
	checks=$((checks + 1))
	failures=$((failures + 1))
	echo "FAIL: $1"
	if [ $# -gt 1 ] && [ -s "$2" ]; then
		sed 's/^/	/' "$2"
	fi
}

# run_spatch MODE FILE OUT [extra spatch options]: run spatch in $tmp/work
# on FILE; stdout goes to OUT, stderr to OUT.err. Returns spatch's status.
run_spatch() {
	mode=$1
	file=$2
	out=$3
	shift 3
	(cd "$tmp/work" &&
	 nice -n 10 "$SPATCH" -D "$mode" -j 1 --very-quiet \
		--no-includes --include-headers --cocci-file "$rule" \
		"$@" "$file") >"$out" 2>"$out.err"
}

# compare NAME EXPECTED ACTUAL
compare() {
	if [ ! -f "$2" ]; then
		fail "$1 (missing $2)"
	elif diff -u "$2" "$3" >"$tmp/diff"; then
		pass "$1"
	else
		fail "$1" "$tmp/diff"
	fi
}

fresh_copy() {
	rm -rf "$tmp/work"
	mkdir "$tmp/work"
	for f in must_report.c must_not_report.c userspace.c patch_plain.c; do
		if [ ! -f "$fixtures/$f" ]; then
			echo "$0: missing $fixtures/$f" >&2
			exit 2
		fi
		cp "$fixtures/$f" "$tmp/work/$f"
	done
}

# The rule must parse in every mode.
for mode in patch context report org; do
	if nice -n 10 "$SPATCH" -D "$mode" --parse-cocci "$rule" \
		>"$tmp/parse" 2>&1; then
		pass "parse $mode"
	else
		fail "parse $mode" "$tmp/parse"
	fi
done

# report mode, and org mode on the reported cases
fresh_copy
for base in must_report must_not_report userspace patch_plain; do
	if run_spatch report "$base.c" "$tmp/out" --no-show-diff; then
		sort "$tmp/out" >"$tmp/$base.report"
		compare "report $base.c" "$fixtures/$base.report" \
			"$tmp/$base.report"
	else
		fail "report $base.c (spatch failed)" "$tmp/out.err"
	fi
done

if run_spatch org must_report.c "$tmp/out" --no-show-diff; then
	sort "$tmp/out" >"$tmp/must_report.org"
	compare "org must_report.c" "$fixtures/must_report.org" \
		"$tmp/must_report.org"
else
	fail "org must_report.c (spatch failed)" "$tmp/out.err"
fi

# context mode: the diff body, without the "---"/"+++" header that names
# a temporary file
for base in must_report must_not_report userspace; do
	if run_spatch context "$base.c" "$tmp/out"; then
		sed '1,2{/^--- /d;/^+++ /d;}' "$tmp/out" >"$tmp/$base.context"
		if [ "$base" != must_report ]; then
			: >"$tmp/empty"
			compare "context $base.c" "$tmp/empty" \
				"$tmp/$base.context"
		else
			compare "context $base.c" "$fixtures/$base.context" \
				"$tmp/$base.context"
		fi
	else
		fail "context $base.c (spatch failed)" "$tmp/out.err"
	fi
done

# patch mode: patch_plain.c must become patch_plain.res, the other
# fixtures must be left as they are
fresh_copy
for base in patch_plain must_report must_not_report userspace; do
	if [ "$base" = patch_plain ]; then
		expected=$fixtures/patch_plain.res
	else
		expected=$fixtures/$base.c
	fi
	if run_spatch patch "$base.c" "$tmp/out" --in-place; then
		compare "patch $base.c" "$expected" "$tmp/work/$base.c"
	else
		fail "patch $base.c (spatch failed)" "$tmp/out.err"
	fi
done

# Patch mode must be idempotent: running it on the result changes nothing.
cp "$tmp/work/patch_plain.c" "$tmp/work/again.c"
if run_spatch patch again.c "$tmp/out" --in-place; then
	compare "patch idempotent" "$tmp/work/patch_plain.c" "$tmp/work/again.c"
else
	fail "patch idempotent (spatch failed)" "$tmp/out.err"
fi

echo "$((checks - failures))/$checks checks passed"
[ "$failures" -eq 0 ]
