/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pool.h — -j: a fixed set of worker threads that run batches of numbered
 * tasks.  With one job there is no thread at all: a batch runs inline
 * when it is submitted.  With N > 1 there are N workers and the calling
 * thread only hands out batches and waits, so that what it does between
 * batches (merging results, reporting in input order) runs beside the
 * workers rather than stopping them.  Batches are queued and run in the
 * order they were submitted.  Each worker owns a state made once by
 * init() (the disassembler's capstone handle and instruction buffer) and
 * freed by fini(); tasks write only into their own result slots, so the
 * results, merged in task order by the caller, never depend on -j.
 */
#ifndef ASMSCAN_POOL_H
#define ASMSCAN_POOL_H

#include <stdbool.h>
#include <stddef.h>

struct pool;

typedef void *(*pool_init_fn)(void);
typedef void (*pool_fini_fn)(void *state);
typedef void (*pool_task_fn)(void *ctx, size_t task, void *state);

/* One batch of tasks; the caller owns it (pool.c's fields). */
struct pool_batch {
	pool_task_fn fn;
	void *ctx;
	size_t ntasks, next, finished;
	struct pool_batch *queued;	/* the batch after it in the queue */
};

struct pool *pool_new(unsigned nthreads, pool_init_fn init, pool_fini_fn fini);
/* Run fn(ctx, i, state) for i in [0, ntasks); returns when all are done. */
void pool_run(struct pool *p, size_t ntasks, pool_task_fn fn, void *ctx);
/* Queue a batch and return; b stays the caller's until it is done. */
void pool_submit(struct pool *p, struct pool_batch *b, size_t ntasks,
		 pool_task_fn fn, void *ctx);
bool pool_done(struct pool *p, const struct pool_batch *b);
/* How many batches have finished; pool_wait_any() returns once that
 * count is no longer seen. */
unsigned long pool_finished(struct pool *p);
void pool_wait_any(struct pool *p, unsigned long seen);
void pool_free(struct pool *p);

#endif /* ASMSCAN_POOL_H */
