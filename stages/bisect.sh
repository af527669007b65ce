#!/bin/bash
# bisect.sh: each posting alone on the base, each patch that changes a
# built file built in turn (UML KUnit configuration, incrementally): it
# must apply, build and add no compiler warning; no file in two postings.
# It builds in build/um and build/um-src: the KUnit build after is quick.
. "$(dirname "$0")/lib.sh"

kunit_args um
dir=$KUNIT_DIR logs=$BUILD/bisect-logs
mkdir -p "$dir" "$logs"
# kunit.py's UML configuration for every posting: the KUnit build after
# this one then configures nothing differently (and builds little).
frag=$logs/config
(cd "$KUNIT_SRC" && python3 tools/testing/kunit/kunit.py config "${KUNIT_ARGS[@]}" \
	--make_options CC="ccache gcc") >"$logs/config.log" 2>&1 || die "kunit.py config: $(tail -n 5 "$logs/config.log")"
cp "$dir/.config" "$frag"

# build_at REV NAME: build the tree at REV, warnings to $logs/NAME.warn.
build_at() {
	git -C "$KUNIT_SRC" checkout -q -f --detach "$1" && cp "$frag" "$dir/.config"
	make -s -C "$KUNIT_SRC" ARCH=um O="$dir" olddefconfig >/dev/null
	make -C "$KUNIT_SRC" ARCH=um O="$dir" CC="ccache gcc" -j"$JOBS" >"$logs/$2.log" 2>&1 ||
		{ grep -E 'error|Error' "$logs/$2.log" | head -n 20 >&2; return 1; }
	grep -E ': warning: ' "$logs/$2.log" | sed -E 's/:[0-9]+:[0-9]+:/:/' | sort -u >"$logs/$2.warn" || true
}

trap 'git -C "$KUNIT_SRC" am --abort >/dev/null 2>&1 || true; git -C "$KUNIT_SRC" checkout -q -f --detach "$(git -C "$SRC" rev-parse HEAD)"' EXIT
t0=$SECONDS
build_at base base || die "the base does not build"
log "base built in $((SECONDS - t0))s"
bad=0 n=0
while read -r posting; do
	name=$(basename "$posting")
	git -C "$KUNIT_SRC" checkout -q -f --detach base
	while read -r p; do
		n=$((n + 1))
		subject=$(sed -n 's/^Subject: //p' "$p" | head -n 1)
		if ! git -C "$KUNIT_SRC" am -q --whitespace=error-all "$p" >/dev/null 2>&1; then
			git -C "$KUNIT_SRC" am --abort >/dev/null 2>&1 || true
			printf 'error: %s does not apply alone to the base: %s\n' "$name" "$(basename "$p")" >&2
			bad=$((bad + 1))
			break
		fi
		t0=$SECONDS
		# A patch that changes no file the kernel build reads builds as its parent.
		! git -C "$KUNIT_SRC" diff --quiet HEAD~ -- . ':!Documentation' ':!tools' ':!scripts/coccinelle' || { log "$name alone, patch $n changes no built file: $subject"; continue; }
		if ! build_at HEAD "$n"; then
			printf 'error: %s, patch %d does not build: %s\n' "$name" "$n" "$subject" >&2
			bad=$((bad + 1))
			continue
		fi
		if new=$(comm -13 "$logs/base.warn" "$logs/$n.warn") && [ -n "$new" ]; then
			printf 'error: %s, patch %d adds warnings: %s\n%s\n' "$name" "$n" "$subject" "$new" >&2
			bad=$((bad + 1))
			continue
		fi
		log "$name alone, patch $n builds in $((SECONDS - t0))s: $subject"
	done < <(series "$posting")
	git -C "$KUNIT_SRC" diff --name-only base HEAD | sed "s|^|$name |"
done < <(postings) >"$logs/files"
if shared=$(awk '{ n[$2]++; who[$2] = who[$2] " " $1 } END { for (f in n) if (n[f] > 1) print f ":" who[f] }' "$logs/files") &&
	[ -n "$shared" ]; then
	printf 'error: files changed by more than one posting:\n%s\n' "$shared" >&2
	bad=$((bad + 1))
fi
[ "$bad" = 0 ] || die "$bad problem(s) in $n patches of $(postings | wc -l) postings"
