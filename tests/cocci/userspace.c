// SPDX-License-Identifier: GPL-2.0
/*
 * User space, as in tools/: sched_setscheduler(2) from <sched.h> is out of
 * scope and must be neither reported nor changed.
 */
#include <sched.h>
#include <stdio.h>

int main(void)
{
	struct sched_param sp = { .sched_priority = 1 };
	struct sched_param hi;

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		perror("sched_setscheduler");
	hi.sched_priority = 99;
	sched_setscheduler(0, SCHED_RR, &hi);
	sp.sched_priority = 50;
	sched_setscheduler(0, SCHED_FIFO, &sp);
	return 0;
}
