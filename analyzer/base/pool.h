/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pool.h — -j: a fixed set of worker threads that run batches of numbered
 * tasks.  The calling thread works too, so -j1 runs everything inline with
 * no thread at all.  Each worker owns a state made once by init() (the
 * disassembler's capstone handle and instruction buffer) and freed by
 * fini(); tasks write only into their own result slots, so the results,
 * merged in task order by the caller, never depend on -j.
 */
#ifndef ASMSCAN_POOL_H
#define ASMSCAN_POOL_H

#include <stddef.h>

struct pool;

typedef void *(*pool_init_fn)(void);
typedef void (*pool_fini_fn)(void *state);
typedef void (*pool_task_fn)(void *ctx, size_t task, void *state);

struct pool *pool_new(unsigned nthreads, pool_init_fn init, pool_fini_fn fini);
/* Run fn(ctx, i, state) for i in [0, ntasks); returns when all are done. */
void pool_run(struct pool *p, size_t ntasks, pool_task_fn fn, void *ctx);
void pool_free(struct pool *p);

#endif /* ASMSCAN_POOL_H */
