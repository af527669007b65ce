// SPDX-License-Identifier: GPL-2.0
/*
 * Fixture for scripts/coccinelle/api/sched_rt_prio.cocci: the rule must
 * report exactly the lines marked "report", and nothing else.
 */
#include <linux/sched.h>
#include <uapi/linux/sched/types.h>

#define MY_PRIO 42

static int kthread_prio;

static void picks(struct task_struct *p)
{
	struct sched_param a = { .sched_priority = 10 };	/* report */
	struct sched_param b = { .sched_priority = MY_PRIO };	/* report */
	struct sched_param c;
	struct sched_attr attr = { .sched_policy = SCHED_FIFO };

	c.sched_priority = MAX_RT_PRIO - 1;			/* report */
	attr.sched_priority = 3;				/* report */
	sched_setscheduler_nocheck(p, SCHED_FIFO, &a);
	sched_setscheduler_nocheck(p, SCHED_FIFO, &b);
	sched_setscheduler_nocheck(p, SCHED_RR, &c);
	sched_setattr_nocheck(p, &attr);
}

static void not_picks(struct task_struct *p, struct sched_param *user)
{
	struct sched_param admin = { .sched_priority = kthread_prio };
	struct sched_param none = { .sched_priority = 0 };
	struct sched_param copy;

	copy.sched_priority = user->sched_priority;
	sched_setscheduler_nocheck(p, SCHED_FIFO, &admin);
	sched_setscheduler_nocheck(p, SCHED_NORMAL, &none);
	sched_setscheduler_nocheck(p, SCHED_FIFO, &copy);
	sched_set_fifo(p);
	sched_set_fifo_low(p);
	sched_set_normal(p, 0);
}

/* The helpers themselves are where the numbers live. */
void sched_set_fifo_low(struct task_struct *p)
{
	struct sched_param sp = { .sched_priority = 1 };

	sched_setscheduler_nocheck(p, SCHED_FIFO, &sp);
}

static void attr_pick(struct task_struct *p)
{
	struct sched_attr attr = { .sched_policy = SCHED_RR, .sched_priority = 7 };	/* report */

	sched_setattr_nocheck(p, &attr);
}
