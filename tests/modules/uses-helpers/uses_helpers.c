// SPDX-License-Identifier: GPL-2.0
/*
 * A module that changes scheduling policy the way modules may: only
 * through the helpers. It must build and link.
 */
#include <linux/module.h>
#include <linux/sched.h>

static int __init uses_helpers_init(void)
{
	sched_set_fifo(current);
	sched_set_fifo_low(current);
	sched_set_normal(current, 0);
	return 0;
}
module_init(uses_helpers_init);

MODULE_DESCRIPTION("Harness fixture: uses only the helpers");
MODULE_LICENSE("GPL");
