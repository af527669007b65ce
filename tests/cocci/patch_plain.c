// SPDX-License-Identifier: GPL-2.0
/*
 * Plain cases that sched_rt_prio.cocci converts in patch mode, and
 * cases next to them that it must leave alone.
 */

/* priority 1, designated initializer */
static int plain_low_init(void *data)
{
	struct sched_param param = { .sched_priority = 1 };
	struct foo *foo = data;

	sched_setscheduler_nocheck(current, SCHED_FIFO, &param);
	return foo_loop(foo);
}

/* MAX_RT_PRIO / 2, designated initializer, call in a loop */
static void plain_fifo_init_loop(void)
{
	struct sched_param param = { .sched_priority = MAX_RT_PRIO / 2 };
	int cpu;

	for_each_online_cpu(cpu)
		sched_setscheduler(per_cpu(foo_thread, cpu), SCHED_FIFO, &param);
}

/* 50, by assignment */
static void plain_fifo_assign(struct task_struct *t)
{
	struct sched_param sp;

	if (!t)
		return;
	sp.sched_priority = 50;
	sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
}

/* MAX_USER_RT_PRIO / 2, by assignment */
static void plain_fifo_user_max(struct task_struct *t)
{
	struct sched_param sp;
	int ret = 0;

	sp.sched_priority = MAX_USER_RT_PRIO / 2;
	sched_setscheduler(t, SCHED_FIFO, &sp);
	foo_done(ret);
}

/* priority 1, two calls sharing one struct sched_param */
static void plain_low_two_calls(struct task_struct *a, struct task_struct *b)
{
	struct sched_param sp = { .sched_priority = 1, };

	sched_setscheduler_nocheck(a, SCHED_FIFO, &sp);
	if (b)
		sched_setscheduler_nocheck(b, SCHED_FIFO, &sp);
}

/* Not plain: another priority */
static void keep_max_minus_one(struct task_struct *t)
{
	struct sched_param sp = { .sched_priority = MAX_RT_PRIO - 1 };

	sched_setscheduler(t, SCHED_FIFO, &sp);
}

/* Not plain: the return value is used */
static int keep_ret_used(struct task_struct *t)
{
	struct sched_param sp = { .sched_priority = 1 };

	return sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
}

/* Not plain: SCHED_RR */
static void keep_rr(struct task_struct *t)
{
	struct sched_param sp;

	sp.sched_priority = MAX_RT_PRIO / 2;
	sched_setscheduler(t, SCHED_RR, &sp);
}

/* Not plain: the same struct is also passed to a non-plain call */
static int keep_shared(struct task_struct *a, struct task_struct *b)
{
	struct sched_param sp = { .sched_priority = 1 };

	sched_setscheduler_nocheck(a, SCHED_FIFO, &sp);
	return sched_setscheduler_nocheck(b, SCHED_FIFO, &sp);
}

/* Not plain: the struct is filled elsewhere too */
static void keep_other_use(struct task_struct *t)
{
	struct sched_param sp;

	sp.sched_priority = 1;
	foo_adjust(&sp);
	sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
}

/* Not plain: the priority is changed on one path */
static void keep_two_prios(struct task_struct *t, bool hi)
{
	struct sched_param sp = { .sched_priority = 1 };

	if (hi)
		sp.sched_priority = 2;
	sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
}

/* Not touched: the helper itself */
void sched_set_fifo_low(struct task_struct *p)
{
	struct sched_param sp = { .sched_priority = 1 };

	sched_setscheduler_nocheck(p, SCHED_FIFO, &sp);
}
