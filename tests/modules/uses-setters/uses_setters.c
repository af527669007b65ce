// SPDX-License-Identifier: GPL-2.0
/*
 * A module that sets a policy of its own choosing, or the priority of a
 * forced secondary interrupt thread: modpost must refuse it, because none
 * of these setters is exported to it.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <uapi/linux/sched/types.h>

static int __init uses_setters_init(void)
{
	struct sched_param sp = { .sched_priority = 10 };
	struct sched_attr attr = {
		.size = sizeof(attr),
		.sched_policy = SCHED_FIFO,
		.sched_priority = 10,
	};

	sched_set_fifo_secondary(current);
	return sched_setscheduler(current, SCHED_FIFO, &sp) ?:
	       sched_setscheduler_nocheck(current, SCHED_FIFO, &sp) ?:
	       sched_setattr(current, &attr) ?:
	       sched_setattr_nocheck(current, &attr);
}
module_init(uses_setters_init);

MODULE_DESCRIPTION("Harness fixture: calls the unexported setters");
MODULE_LICENSE("GPL");
