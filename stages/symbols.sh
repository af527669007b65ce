#!/bin/bash
# symbols.sh: what the x86_64 kernel exports to modules. Module.symvers
# must have the helpers and no sched_setscheduler*() or sched_setattr*();
# a module calling those setters must fail modpost with undefined
# symbols, one using only the helpers must build, and so must the KUnit
# suite as a module.
. "$(dirname "$0")/lib.sh"

kunit_args x86_64
symvers=$KUNIT_DIR/Module.symvers
[ -f "$symvers" ] || die "no $symvers: build the x86_64 kernel first"
exported=$(cut -f2 "$symvers")
bad=0
for s in sched_setscheduler sched_setscheduler_nocheck sched_setattr \
	sched_setattr_nocheck sched_set_fifo_secondary; do
	if grep -qx "$s" <<<"$exported"; then
		warn "$s is exported to modules"
		bad=1
	fi
done
for s in sched_set_fifo sched_set_fifo_low sched_set_normal sched_set_fie_worker; do
	grep -qx "$s" <<<"$exported" || { warn "$s is not exported"; bad=1; }
done
[ "$bad" = 0 ] && log "Module.symvers: the helpers, and no setter"

# module NAME [FILE...]: build tests/modules/NAME, with FILEs copied in,
# against the x86_64 kernel.
module() {
	local m=$1
	shift
	rm -rf "$BUILD/modules/$m" && mkdir -p "$BUILD/modules"
	cp -r "$TOP/tests/modules/$m" "$BUILD/modules/$m"
	[ $# = 0 ] || cp "$@" "$BUILD/modules/$m/"
	make -C "$TREE" O="$KUNIT_DIR" ARCH=x86_64 CC="ccache gcc" \
		M="$BUILD/modules/$m" modules >"$BUILD/modules/$m.log" 2>&1
}
if module uses-setters; then
	warn "a module calling the setters links"
	bad=1
fi
for s in sched_setscheduler sched_setscheduler_nocheck sched_setattr sched_setattr_nocheck; do
	grep -q "ERROR: modpost: \"$s\" \[.*uses_setters.ko\] undefined!" \
		"$BUILD/modules/uses-setters.log" ||
		{ warn "modpost does not refuse $s"; bad=1; }
done
[ "$bad" = 0 ] && log "modpost refuses a module that calls the setters"
if module rt-prio-kunit "$TREE/kernel/sched/rt_prio_kunit.c"; then
	log "the KUnit suite links as a module"
else
	tail -n 20 "$BUILD/modules/rt-prio-kunit.log" >&2
	warn "the KUnit suite does not link as a module"
	bad=1
fi
if module uses-helpers; then
	log "a module using only the helpers builds"
else
	tail -n 20 "$BUILD/modules/uses-helpers.log" >&2
	warn "a module using only the helpers does not build"
	bad=1
fi
exit "$bad"
