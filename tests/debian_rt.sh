#!/bin/bash
# make test's check of the seed table on a kernel nobody here built: the
# newest Debian 12 PREEMPT_RT 6.12 kernel, as shipped. Each forced
# secondary irq thread passes when the table gives it the verdict that
# Debian's changelog predicts: NOT OK at its primary's priority until
# Debian ships 51d0656959bc, ok after. Skipped if no mirror is reached.
export BOOT=${DEBIAN_RT:-'linux-image-6.12.*+deb12-rt-amd64-unsigned'}
. "$(dirname "$0")/../stages/lib.sh"
rc=0
"$TOP/stages/prebuilt.sh" || rc=$?
[ "$rc" != 3 ] || { add_counts 0 0 1; exit 0; }
[ "$rc" = 0 ] && "$TOP/stages/guest.sh" && "$TOP/stages/boot.sh" || exit 1
COUNTS= "$TOP/stages/seeds.sh" | tee "$OUT/table" || true
want="NOT OK"
! zgrep -q 'Reduce priority of forced secondary' "$OUT/changelog.gz" || want=ok
while read -r line; do
	[[ $line == *" $want" ]] && p=$((${p:-0} + 1)) && continue
	echo "wrong verdict (Debian's changelog predicts $want): $line" && f=$((${f:-0} + 1))
done < <(grep -E '^008 .* irq/[0-9]+-s-' "$OUT/table")
[ -n "${p:-}${f:-}" ] || { echo "no forced secondary irq thread in the table"; f=1; }
add_counts "${p:-0}" "${f:-0}" 0
[ "${f:-0}" = 0 ]
