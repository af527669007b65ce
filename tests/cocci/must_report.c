// SPDX-License-Identifier: GPL-2.0
/*
 * Hard-coded realtime priorities that sched_rt_prio.cocci must report.
 * None of them is plain enough to be converted in patch mode.
 */

#define FOO_TIMER_PRIO	95

static struct sched_param foo_global_param = { .sched_priority = 10 };

static const struct sched_attr foo_global_attr = {
	.size		= sizeof(struct sched_attr),
	.sched_policy	= SCHED_RR,
	.sched_priority	= 20,
};

/* arch/s390/kernel/wti.c: designated initializer, call in a loop */
static int rep_init_max_minus_one(void)
{
	struct sched_param wti_sched_param = { .sched_priority = MAX_RT_PRIO - 1 };
	int cpu;

	for_each_online_cpu(cpu)
		sched_setscheduler(per_cpu(foo_thread, cpu), SCHED_FIFO,
				   &wti_sched_param);
	return 0;
}

/* kernel/rcu/rcutorture.c: assignment of a small constant */
static void rep_assign_two(struct task_struct *t)
{
	if (IS_BUILTIN(CONFIG_FOO)) {
		struct sched_param sp;

		sp.sched_priority = 2;
		sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
	}
}

/* SCHED_RR at the top priority */
static void rep_rr_99(struct task_struct *t)
{
	struct sched_param sp;

	sp.sched_priority = 99;
	sched_setscheduler(t, SCHED_RR, &sp);
}

/* MAX_RT_PRIO / 2, but SCHED_RR: sched_set_fifo() would change the policy */
static void rep_rr_half(struct task_struct *t)
{
	struct sched_param sp = { .sched_priority = MAX_RT_PRIO / 2 };

	sched_setscheduler_nocheck(t, SCHED_RR, &sp);
}

/* priority 1, but the return value is used */
static int rep_low_ret_used(struct task_struct *t)
{
	struct sched_param sp = { .sched_priority = 1 };
	int ret;

	ret = sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
	WARN_ON(sched_setscheduler(t, SCHED_FIFO, &sp));
	return ret;
}

/* static const, as in sched_set_stop_task() */
static void rep_static_const(struct task_struct *stop)
{
	static const struct sched_param param = { .sched_priority = MAX_RT_PRIO - 1 };

	sched_setscheduler_nocheck(stop, SCHED_FIFO, &param);
}

/* kernel/trace/trace_osnoise.c: a macro is still a hard-coded value */
static int rep_macro(void *data)
{
	struct sched_param sp;

	sp.sched_priority = FOO_TIMER_PRIO;
	sched_setscheduler_nocheck(current, SCHED_FIFO, &sp);
	return 0;
}

/* a file-scope struct sched_param */
static void rep_global_param(struct task_struct *t)
{
	sched_setscheduler(t, SCHED_FIFO, &foo_global_param);
}

/* a compound literal, with SCHED_RESET_ON_FORK */
static void rep_compound(struct task_struct *t)
{
	sched_setscheduler_nocheck(t, SCHED_FIFO | SCHED_RESET_ON_FORK,
				   &(struct sched_param){ .sched_priority = 3 });
}

/* through a pointer */
static void rep_pointer(struct task_struct *t, struct sched_param *sp)
{
	sp->sched_priority = MAX_USER_RT_PRIO - 1;
	sched_setscheduler(t, SCHED_FIFO, sp);
}

/* priority 1 after a reset to 0: the last value reaching the call counts */
static void rep_reassigned(struct task_struct *t)
{
	struct sched_param sp = { .sched_priority = 0 };

	sp.sched_priority = 7;
	sched_setscheduler(t, SCHED_FIFO, &sp);
}

/* sched_setattr(), designated initializer, fields in any order */
static void rep_attr_init(struct task_struct *t)
{
	struct sched_attr attr = {
		.sched_priority	= 10,
		.size		= sizeof(attr),
		.sched_policy	= SCHED_FIFO,
	};

	WARN_ON_ONCE(sched_setattr_nocheck(t, &attr) != 0);
}

/* sched_setattr(), both fields assigned */
static void rep_attr_assign(struct task_struct *t)
{
	struct sched_attr attr = { .size = sizeof(attr) };

	attr.sched_priority = MAX_RT_PRIO / 4;
	attr.sched_policy = SCHED_RR;
	sched_setattr(t, &attr);
}

/* sched_setattr(), policy initialized, priority assigned */
static void rep_attr_mixed(struct task_struct *t)
{
	struct sched_attr attr = {
		.size		= sizeof(attr),
		.sched_policy	= SCHED_FIFO,
	};

	attr.sched_priority = 1;
	sched_setattr_nocheck(t, &attr);
}

/* sched_setattr() with a compound literal */
static void rep_attr_compound(struct task_struct *t)
{
	sched_setattr(t, &(struct sched_attr){
		.sched_policy	= SCHED_FIFO,
		.sched_priority	= 60,
	});
}

/* a file-scope struct sched_attr */
static void rep_attr_global(struct task_struct *t)
{
	sched_setattr(t, &foo_global_attr);
}
