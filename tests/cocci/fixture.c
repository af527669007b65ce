// SPDX-License-Identifier: GPL-2.0
/*
 * Fixture for scripts/coccinelle/api/sched_rt_prio.cocci: the rule must
 * report exactly the lines marked "report", and nothing else.
 */
#include <linux/sched.h>
#include <uapi/linux/sched/types.h>

#define MY_PRIO 42
#define my_prio 42

static int kthread_prio;
static const struct sched_param file_scope = { .sched_priority = 50 };	/* report */

static void picks(struct task_struct *p)
{
	struct sched_param a = { .sched_priority = 42 };	/* report */
	struct sched_param b = { .sched_priority = MY_PRIO };	/* report */
	struct sched_param c = { .sched_priority = 0x2a };	/* report */
	struct sched_param d = { .sched_priority = 0X2A };	/* report */
	static const struct sched_param e = { .sched_priority = 10U };	/* report */
	struct sched_param f, *g = &f;
	struct sched_attr attr = { .sched_policy = SCHED_FIFO };

	f.sched_priority = MAX_RT_PRIO - 1;			/* report */
	f.sched_priority = 0x2a;				/* report */
	f.sched_priority = (MAX_RT_PRIO / 2);			/* report */
	attr.sched_priority = 3;				/* report */
	attr.sched_priority = MY_PRIO;				/* report */
	g->sched_priority = 5;					/* report */
	sched_setscheduler_nocheck(p, SCHED_FIFO, &a);
	sched_setscheduler_nocheck(p, SCHED_FIFO, &b);
	sched_setscheduler_nocheck(p, SCHED_FIFO, &c);
	sched_setscheduler_nocheck(p, SCHED_FIFO, &d);
	sched_setscheduler_nocheck(p, SCHED_FIFO, &e);
	sched_setscheduler_nocheck(p, SCHED_RR, &f);
	sched_setattr_nocheck(p, &attr);
}

static void not_picks(struct task_struct *p, struct sched_param *user)
{
	struct sched_param admin = { .sched_priority = kthread_prio };
	struct sched_param none = { .sched_priority = 0 };
	struct sched_param octal_none = { .sched_priority = 00 };
	struct sched_param lower = { .sched_priority = my_prio };
	struct sched_param copy;
	struct sched_attr attr = { .sched_policy = SCHED_NORMAL };

	copy.sched_priority = user->sched_priority;
	copy.sched_priority = kthread_prio + 1;
	copy.sched_priority = 0;
	copy.sched_priority = 0x0;
	copy.sched_priority = (0);
	attr.sched_priority = 00;
	attr.sched_priority = kthread_prio;
	sched_setscheduler_nocheck(p, SCHED_FIFO, &admin);
	sched_setscheduler_nocheck(p, SCHED_NORMAL, &none);
	sched_setscheduler_nocheck(p, SCHED_NORMAL, &octal_none);
	sched_setscheduler_nocheck(p, SCHED_FIFO, &lower);
	sched_setscheduler_nocheck(p, SCHED_FIFO, &copy);
	sched_setattr_nocheck(p, &attr);
	sched_set_fifo(p);
	sched_set_fifo_low(p);
	sched_set_normal(p, 0);
}

static void attr_pick(struct task_struct *p)
{
	struct sched_attr attr = { .sched_policy = SCHED_RR, .sched_priority = 7 };	/* report */

	sched_setattr_nocheck(p, &attr);
}

/* The exceptions are by function name, in any file: not reported. */
void sched_set_fifo_low(struct task_struct *p)
{
	struct sched_param sp = { .sched_priority = 1 };

	sched_setscheduler_nocheck(p, SCHED_FIFO, &sp);
}

static int timerlat_main(void *data)
{
	struct sched_param sp;

	sp.sched_priority = 95;
	return sched_setscheduler_nocheck(current, SCHED_FIFO, &sp);
}

/* An expression whose regular expression match once backtracked for minutes. */
static void long_constant_name(struct task_struct *p, int prio_offset)
{
	struct sched_param sp = {
		.sched_priority = KTHREAD_RT_PRIO_DEFAULT_BASE_ABCDEFGHIJKLMNOP + prio_offset };

	sched_setscheduler_nocheck(p, SCHED_FIFO, &sp);
}

/* An excepted function with branches: the rule must not take exponential time. */
static int rcutorture_booster_init(int cpu)
{
	struct sched_param sp = { .sched_priority = 2 };

	if (cpu & 1)
		cpu++;
	if (cpu & 2)
		cpu++;
	if (cpu & 4)
		cpu++;
	if (cpu & 8)
		cpu++;
	if (cpu & 16)
		cpu++;
	if (cpu & 32)
		cpu++;
	if (cpu & 64)
		cpu++;
	if (cpu & 128)
		sp.sched_priority = 3;
	return sched_setscheduler_nocheck(current, SCHED_FIFO, &sp) + cpu;
}
