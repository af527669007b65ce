#!/bin/bash
# symbols.sh: modpost refuses a module calling sched_setscheduler*(),
# sched_setattr*() or sched_set_fifo_secondary(), builds one using the
# helpers, and one named cppc_cpufreq calling sched_setattr_nocheck()
# (exported to that module alone).
. "$(dirname "$0")/lib.sh"

kunit_args x86_64
[ -f "$KUNIT_DIR/Module.symvers" ] || die "no $KUNIT_DIR/Module.symvers: build the x86_64 kernel first"
bad=0
# module NAME: build tests/modules/NAME against the x86_64 kernel.
module() {
	rm -rf "$BUILD/modules/$1" && mkdir -p "$BUILD/modules"
	cp -r "$TOP/tests/modules/$1" "$BUILD/modules/$1"
	make -C "$SRC" O="$KUNIT_DIR" ARCH=x86_64 CC="ccache gcc" \
		M="$BUILD/modules/$1" modules >"$BUILD/modules/$1.log" 2>&1
}
! module uses-setters || { warn "a module calling the setters links"; bad=1; }
log=$BUILD/modules/uses-setters.log
for s in sched_setscheduler sched_setscheduler_nocheck sched_setattr sched_set_fifo_secondary; do
	grep -q "ERROR: modpost: .*uses_setters.ko: symbol '$s' undefined!" "$log" ||
		{ warn "modpost does not refuse $s"; bad=1; }
done
grep -q "uses symbol 'sched_setattr_nocheck' from namespace 'module:cppc_cpufreq', but does not import it" "$log" ||
	{ warn "modpost does not refuse sched_setattr_nocheck to another module"; bad=1; }
[ "$bad" = 0 ] && log "modpost refuses a module that calls the setters:" &&
	grep 'ERROR: modpost' "$log" >&2
for m in "cppc-cpufreq-name:a module named cppc_cpufreq may call sched_setattr_nocheck()" \
	"uses-helpers:a module using only the helpers builds"; do
	module "${m%%:*}" && log "${m#*:}" || { tail -n 20 "$BUILD/modules/${m%%:*}.log" >&2; warn "not so: ${m#*:}"; bad=1; }
done
exit "$bad"
