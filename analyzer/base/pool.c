// SPDX-License-Identifier: GPL-2.0
/*
 * pool.c — the worker threads behind -j (see pool.h).  One mutex guards
 * the queue of batches: each batch's next task and how many of its tasks
 * have finished; workers sleep on one condition variable while the queue
 * is empty, callers on another until a batch finishes.
 */
#include "pool.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "asmscan.h"
#include "util.h"

struct pool {
	pthread_mutex_t lock;
	pthread_cond_t work, done;
	pthread_t *threads;
	void **states;			/* one per worker; [0] inline at -j1 */
	unsigned nthreads;		/* 0: -j1, no thread */
	pool_init_fn init;
	pool_fini_fn fini;
	struct pool_batch *head, *tail;	/* batches with tasks not yet taken */
	unsigned long finished;		/* batches whose every task is done */
	bool stop;
};

struct pool_arg {
	struct pool *p;
	unsigned id;
};

static void run_task(struct pool *p, unsigned id, struct pool_batch *b,
		     size_t task)
{
	if (!p->states[id] && p->init)
		p->states[id] = p->init();
	b->fn(b->ctx, task, p->states[id]);
}

static void *pool_thread(void *arg)
{
	struct pool_arg *a = arg;
	struct pool *p = a->p;
	unsigned id = a->id;

	free(a);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct pool_batch *b;
		size_t task;

		while (!p->stop && !p->head)
			pthread_cond_wait(&p->work, &p->lock);
		if (!p->head)
			break;
		b = p->head;
		task = b->next++;
		if (b->next == b->ntasks) {
			p->head = b->queued;
			if (!p->head)
				p->tail = NULL;
		}
		pthread_mutex_unlock(&p->lock);
		run_task(p, id, b, task);
		pthread_mutex_lock(&p->lock);
		if (++b->finished == b->ntasks) {
			p->finished++;
			pthread_cond_broadcast(&p->done);
		}
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct pool *pool_new(unsigned nthreads, pool_init_fn init, pool_fini_fn fini)
{
	struct pool *p = xcalloc(1, sizeof(*p));

	p->nthreads = nthreads > 1 ? nthreads : 0;
	p->init = init;
	p->fini = fini;
	p->states = xcalloc(p->nthreads ? p->nthreads : 1, sizeof(*p->states));
	p->threads = xcalloc(p->nthreads ? p->nthreads : 1, sizeof(*p->threads));
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	for (unsigned i = 0; i < p->nthreads; i++) {
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

void pool_submit(struct pool *p, struct pool_batch *b, size_t ntasks,
		 pool_task_fn fn, void *ctx)
{
	*b = (struct pool_batch){ .fn = fn, .ctx = ctx, .ntasks = ntasks };
	if (!ntasks)
		return;
	if (!p->nthreads) {
		while (b->next < ntasks)
			run_task(p, 0, b, b->next++);
		b->finished = ntasks;
		p->finished++;
		return;
	}
	pthread_mutex_lock(&p->lock);
	if (p->tail)
		p->tail->queued = b;
	else
		p->head = b;
	p->tail = b;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->lock);
}

bool pool_done(struct pool *p, const struct pool_batch *b)
{
	bool done;

	pthread_mutex_lock(&p->lock);
	done = b->finished == b->ntasks;
	pthread_mutex_unlock(&p->lock);
	return done;
}

unsigned long pool_finished(struct pool *p)
{
	unsigned long n;

	pthread_mutex_lock(&p->lock);
	n = p->finished;
	pthread_mutex_unlock(&p->lock);
	return n;
}

void pool_wait_any(struct pool *p, unsigned long seen)
{
	pthread_mutex_lock(&p->lock);
	while (p->finished == seen && p->nthreads)
		pthread_cond_wait(&p->done, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

void pool_run(struct pool *p, size_t ntasks, pool_task_fn fn, void *ctx)
{
	struct pool_batch b;

	pool_submit(p, &b, ntasks, fn, ctx);
	pthread_mutex_lock(&p->lock);
	while (b.finished < b.ntasks)
		pthread_cond_wait(&p->done, &p->lock);
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
	for (unsigned i = 0; i < p->nthreads; i++)
		pthread_join(p->threads[i], NULL);
	for (unsigned i = 0; i < (p->nthreads ? p->nthreads : 1); i++)
		if (p->states[i] && p->fini)
			p->fini(p->states[i]);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	free(p->states);
	free(p->threads);
	free(p);
}
