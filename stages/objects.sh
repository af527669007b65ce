#!/bin/bash
# objects.sh: every object the series touches, and cppc_cpufreq, built
# with W=1 and sparse at the base and with the series, for x86_64, s390
# (arch/s390) and arm64 (cppc_cpufreq): no new warning; bloat-o-meter
# shows what changes in the objects the base has too.
. "$(dirname "$0")/lib.sh"
base_src=$(base_src)
arch_of() { case $1 in arch/s390/*) echo s390 ;; drivers/cpufreq/cppc_*) echo arm64 ;; *) echo x86_64 ;; esac; }
cross_of() { case $1 in s390) echo s390x-linux-gnu- ;; arm64) echo aarch64-linux-gnu- ;; esac; }

# object FILE: the object FILE is compiled into; kernel/sched builds
# several .c files as one unit that includes them.
object() {
	local unit
	unit=$(grep -l "^# *include \"$(basename "$1")\"" "$SRC/$(dirname "$1")"/*.c 2>/dev/null | head -n 1)
	unit=${unit#"$SRC"/} && unit=${unit:-$1} && echo "${unit%.c}.o"
}

# kmake SRC ARCH ARGS...: make in SRC for ARCH in build/objects-*.
kmake() {
	local src=$1 arch=$2 side=series
	shift 2
	[ "$src" = "$SRC" ] || side=base
	make -s -C "$src" O="$BUILD/objects-$side-$arch" ARCH="$arch" \
		CROSS_COMPILE="$(cross_of "$arch")" -j"$JOBS" "$@"
}

# prepare SRC ARCH: a configured build folder with generated headers.
prepare() {
	local o=$BUILD/objects-$3-$2
	if [ ! -f "$o/.config" ]; then
		mkdir -p "$o"
		if [ "$2" = x86_64 ]; then
			cp "$BUILD/x86_64/.config" "$o/.config"
		else
			kmake "$1" "$2" defconfig >/dev/null
		fi
	fi
	kmake "$1" "$2" olddefconfig prepare >/dev/null 2>&1 ||
		die "cannot prepare $o"
}

# warnings SRC ARCH OBJ: the W=1 and sparse warnings in the object's own
# folder and in the files the series touches (not in what make rebuilds
# on the way, such as scripts/), without line numbers, so that moved code
# compares equal.
touched=$(git -C "$SRC" diff --name-only base HEAD | paste -sd'|')
warnings() {
	kmake "$1" "$2" W=1 C=2 "$3" 2>&1 >/dev/null |
		grep -E ': (warning|error): ' |
		sed -E "s|^$1/||; s/:[0-9]+(:[0-9]+)?: /: /" |
		grep -E "^($(dirname "$3")/[^/]*|$touched): " | sort -u || true
}

bad=0
files=$({ git -C "$SRC" diff --name-only base HEAD -- '*.c' |
	grep -vE '^(tools|scripts|Documentation)/'; echo drivers/cpufreq/cppc_cpufreq.c; } | sort -u)
objs=$(for f in $files; do echo "$(arch_of "$f") $(object "$f")"; done | sort -u)
for arch in $(cut -d' ' -f1 <<<"$objs" | sort -u); do
	log "preparing $arch for the base and the series"
	prepare "$base_src" "$arch" base
	prepare "$SRC" "$arch" series
done
while read -r arch obj; do
	old=
	[ ! -f "$base_src/${obj%.o}.c" ] || old=$(warnings "$base_src" "$arch" "$obj")
	added=$(comm -13 <(echo "$old") <(warnings "$SRC" "$arch" "$obj") | sed '/^$/d')
	[ -z "$added" ] || { printf 'error: %s (%s): new warnings:\n%s\n' "$obj" "$arch" "$added" >&2; bad=1; }
	[ -n "$added" ] || log "$obj ($arch): no new W=1 or sparse warning"
	[ -f "$base_src/${obj%.o}.c" ] || continue
	python3 "$SRC/scripts/bloat-o-meter" -t "$BUILD/objects-base-$arch/$obj" \
		"$BUILD/objects-series-$arch/$obj" | sed "s|^|$obj ($arch): |"
done <<<"$objs"
exit "$bad"
