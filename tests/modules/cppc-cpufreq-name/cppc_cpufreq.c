// SPDX-License-Identifier: GPL-2.0
/*
 * Stands in for drivers/cpufreq/cppc_cpufreq.c, which x86_64 does not
 * build: a module of that name may call sched_setattr_nocheck().
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <uapi/linux/sched/types.h>

static int __init cppc_name_init(void)
{
	struct sched_attr attr = { .size = sizeof(attr), .sched_policy = SCHED_NORMAL };

	return sched_setattr_nocheck(current, &attr);
}
module_init(cppc_name_init);

MODULE_DESCRIPTION("Harness fixture: a module named cppc_cpufreq");
MODULE_LICENSE("GPL");
