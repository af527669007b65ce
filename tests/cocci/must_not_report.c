// SPDX-License-Identifier: GPL-2.0
/*
 * Code that sched_rt_prio.cocci must neither report nor change.
 */

static int kthread_prio = 2;
module_param(kthread_prio, int, 0444);

/* kernel/rcu: the priority is a module/boot parameter */
static void no_module_param(struct task_struct *t)
{
	struct sched_param sp;

	sp.sched_priority = kthread_prio;
	if (kthread_prio)
		sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
}

/* kernel/rcu/tree.c: the same, with an initializer */
static void no_module_param_init(struct task_struct *t)
{
	struct sched_param param = { .sched_priority = kthread_prio };

	sched_setscheduler_nocheck(t, SCHED_FIFO, &param);
}

/* the priority is a function argument */
static int no_argument(struct task_struct *t, int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	return sched_setscheduler(t, SCHED_RR, &sp);
}

/* the priority comes from a structure filled by the caller */
static void no_field(struct task_struct *t, const struct foo_cfg *cfg)
{
	struct sched_param sp;

	sp.sched_priority = READ_ONCE(cfg->prio);
	sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
}

/* the user's value, clamped to the RT range */
static void no_clamped(struct task_struct *t, int prio)
{
	struct sched_param sp;

	sp.sched_priority = clamp(prio, 1, MAX_RT_PRIO - 1);
	sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
}

/* a constant that is overwritten by the user's value before the call */
static void no_overwritten(struct task_struct *t, int prio)
{
	struct sched_param sp = { .sched_priority = 1 };

	sp.sched_priority = prio;
	sched_setscheduler(t, SCHED_FIFO, &sp);
}

/* the user's struct sched_param, as in do_sched_setscheduler() */
static int no_user_param(struct task_struct *p, int policy,
			 struct sched_param __user *param)
{
	struct sched_param lparam;

	if (copy_from_user(&lparam, param, sizeof(lparam)))
		return -EFAULT;
	return sched_setscheduler(p, SCHED_FIFO, &lparam);
}

/* the policy is not known to be RT */
static void no_policy_variable(struct task_struct *t, int policy)
{
	struct sched_param sp = { .sched_priority = 1 };

	sched_setscheduler(t, policy, &sp);
}

/* kernel/kthread.c: reset to SCHED_NORMAL */
static void no_reset_normal(void)
{
	static const struct sched_param param = { .sched_priority = 0 };

	sched_setscheduler_nocheck(current, SCHED_NORMAL, &param);
}

static void no_reset_idle_batch(struct task_struct *t)
{
	struct sched_param sp = { .sched_priority = 0 };

	sched_setscheduler(t, SCHED_IDLE, &sp);
	sched_setscheduler_nocheck(t, SCHED_BATCH, &sp);
}

/* kernel/sched/cpufreq_schedutil.c: SCHED_DEADLINE with priority 0 */
static int no_deadline(struct task_struct *thread)
{
	struct sched_attr attr = {
		.size		= sizeof(struct sched_attr),
		.sched_policy	= SCHED_DEADLINE,
		.sched_flags	= SCHED_FLAG_SUGOV,
		.sched_nice	= 0,
		.sched_priority	= 0,
		.sched_runtime	= NSEC_PER_MSEC,
		.sched_deadline = 10 * NSEC_PER_MSEC,
		.sched_period	= 10 * NSEC_PER_MSEC,
	};

	return sched_setattr_nocheck(thread, &attr);
}

/* sched_setattr() with a priority from a variable */
static void no_attr_variable(struct task_struct *t, unsigned int prio)
{
	struct sched_attr attr = {
		.size		= sizeof(attr),
		.sched_policy	= SCHED_FIFO,
		.sched_priority	= prio,
	};

	sched_setattr(t, &attr);
}

/* The helpers in kernel/sched/syscalls.c are allowed to pick a priority. */
void sched_set_fifo(struct task_struct *p)
{
	struct sched_param sp = { .sched_priority = MAX_RT_PRIO / 2 };
	WARN_ON_ONCE(sched_setscheduler_nocheck(p, SCHED_FIFO, &sp) != 0);
}
EXPORT_SYMBOL_GPL(sched_set_fifo);

void sched_set_fifo_low(struct task_struct *p)
{
	struct sched_param sp = { .sched_priority = 1 };
	WARN_ON_ONCE(sched_setscheduler_nocheck(p, SCHED_FIFO, &sp) != 0);
}
EXPORT_SYMBOL_GPL(sched_set_fifo_low);

void sched_set_fifo_secondary(struct task_struct *p)
{
	struct sched_param sp = { .sched_priority = MAX_RT_PRIO / 2 - 1 };
	WARN_ON_ONCE(sched_setscheduler_nocheck(p, SCHED_FIFO, &sp) != 0);
}
EXPORT_SYMBOL_GPL(sched_set_fifo_secondary);

void sched_set_normal(struct task_struct *p, int nice)
{
	struct sched_attr attr = {
		.sched_policy = SCHED_NORMAL,
		.sched_nice = nice,
	};
	WARN_ON_ONCE(sched_setattr_nocheck(p, &attr) != 0);
}
EXPORT_SYMBOL_GPL(sched_set_normal);

/* The helpers, used as intended. */
static void no_helpers(struct task_struct *t)
{
	sched_set_fifo(t);
	sched_set_fifo_low(t);
	sched_set_normal(t, 0);
}
