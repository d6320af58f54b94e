// SPDX-License-Identifier: GPL-2.0
/*
 * pool.c — the worker threads behind -j (see pool.h).  One mutex guards
 * the batch: its function, context, next task and how many are still
 * running; workers sleep on a condition variable between batches.
 */
#include "pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "asmscan.h"
#include "util.h"

struct pool {
	pthread_mutex_t lock;
	pthread_cond_t work, done;
	pthread_t *threads;
	void **states;			/* [0] is the caller's */
	unsigned nthreads;
	pool_init_fn init;
	pool_fini_fn fini;
	/* the current batch */
	pool_task_fn fn;
	void *ctx;
	size_t ntasks, next, running;
	unsigned long generation;
	bool stop;
};

struct pool_arg {
	struct pool *p;
	unsigned id;
};

/* Take tasks of the current batch until none is left (lock held). */
static void pool_drain(struct pool *p, unsigned id)
{
	while (p->next < p->ntasks) {
		size_t task = p->next++;

		p->running++;
		pthread_mutex_unlock(&p->lock);
		if (!p->states[id] && p->init)
			p->states[id] = p->init();
		p->fn(p->ctx, task, p->states[id]);
		pthread_mutex_lock(&p->lock);
		if (!--p->running && p->next >= p->ntasks)
			pthread_cond_broadcast(&p->done);
	}
}

static void *pool_thread(void *arg)
{
	struct pool_arg *a = arg;
	struct pool *p = a->p;
	unsigned id = a->id;
	unsigned long seen = 0;

	free(a);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (!p->stop && p->generation == seen)
			pthread_cond_wait(&p->work, &p->lock);
		if (p->stop)
			break;
		seen = p->generation;
		pool_drain(p, id);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct pool *pool_new(unsigned nthreads, pool_init_fn init, pool_fini_fn fini)
{
	struct pool *p = xcalloc(1, sizeof(*p));

	p->nthreads = nthreads ? nthreads : 1;
	p->init = init;
	p->fini = fini;
	p->states = xcalloc(p->nthreads, sizeof(*p->states));
	p->threads = xcalloc(p->nthreads, sizeof(*p->threads));
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	for (unsigned i = 1; i < p->nthreads; i++) {
		struct pool_arg *a = xmalloc(sizeof(*a));
		int err;

		a->p = p;
		a->id = i;
		err = pthread_create(&p->threads[i], NULL, pool_thread, a);
		if (err)
			asmscan_fatal("-j", "cannot start a thread", strerror(err));
	}
	return p;
}

void pool_run(struct pool *p, size_t ntasks, pool_task_fn fn, void *ctx)
{
	pthread_mutex_lock(&p->lock);
	p->fn = fn;
	p->ctx = ctx;
	p->ntasks = ntasks;
	p->next = 0;
	p->running = 0;
	p->generation++;
	pthread_cond_broadcast(&p->work);
	pool_drain(p, 0);
	while (p->running || p->next < p->ntasks)
		pthread_cond_wait(&p->done, &p->lock);
	p->fn = NULL;
	pthread_mutex_unlock(&p->lock);
}

void pool_free(struct pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->lock);
	for (unsigned i = 1; i < p->nthreads; i++)
		pthread_join(p->threads[i], NULL);
	for (unsigned i = 0; i < p->nthreads; i++)
		if (p->states[i] && p->fini)
			p->fini(p->states[i]);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	free(p->states);
	free(p->threads);
	free(p);
}
