// SPDX-License-Identifier: GPL-2.0
/*
 * analysis.c — read each object in turn with the analyses the verb wants
 * (see analysis.h); the cross-object parts are in calls.c, copies.c and
 * table-rows.c.
 */
#include "analysis.h"

#include <fnmatch.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "calls.h"
#include "calls-tally.h"
#include "code.h"
#include "copies.h"
#include "disasm.h"
#include "dwarf.h"
#include "errors.h"
#include "fragment.h"
#include "pool.h"
#include "progress.h"
#include "sites.h"
#include "table-rows.h"
#include "tables.h"

/* Below this much code one chunk is cheaper than splitting. */
#define ANALYSIS_SPLIT_BYTES (256 * 1024)

struct batch {
	struct object *o;
	struct disasm_plan plan;
	bool disasm;
	struct dwarf_plan *dwarf;
	size_t ndwarf;			/* its tasks */
};

/* A worker's own: its disassembler, its buffer for a .o's DWARF. */
struct worker {
	void *cpu;
	struct dwarf_scratch scratch;
};

static void *worker_new(void)
{
	struct worker *k = xcalloc(1, sizeof(*k));

	k->cpu = disasm_cpu_new();
	return k;
}

static void worker_free(void *state)
{
	struct worker *k = state;

	disasm_cpu_free(k->cpu);
	dwarf_scratch_free(&k->scratch);
	free(k);
}

/* Plan what the pool runs for o (main thread). */
static void batch_plan(const struct asmscan_options *opts, struct batch *b,
		       struct object *o)
{
	memset(b, 0, sizeof(*b));
	b->o = o;
	/* sites counts the calls into the functions holding flagged asm */
	b->disasm = opts->want & (ASMSCAN_WANT_CALLS | ASMSCAN_WANT_COPIES |
				  ASMSCAN_WANT_SITES);
	if (!opts->no_dwarf && (opts->want & ~ASMSCAN_WANT_RECORDS))
		b->dwarf = dwarf_plan(o, opts->jobs);
	b->ndwarf = dwarf_plan_tasks(b->dwarf);
	if (b->disasm)
		disasm_plan(o, &b->plan,
			    code_bytes(o) > ANALYSIS_SPLIT_BYTES ? opts->jobs * 8 : 1);
}

/* Put the pool's results into o (main thread). */
static void batch_finish(struct batch *b)
{
	dwarf_finish(b->o, b->dwarf);
	if (b->disasm)
		disasm_merge(b->o, &b->plan);
	fragments_link(b->o);
}

static void summarise(struct report *rep, const struct object *o)
{
	struct object_summary *s = &rep->sum;

	s->objects++;
	if (o->failed) {
		s->failed++;
		return;
	}
	if (o->type < 4)
		s->by_type[o->type]++;
	s->with_dwarf += o->has_dwarf;
	s->dwarf_failed += o->dwarf_failed;
	s->without_symtab += !o->has_symtab;
	s->funcs += o->nfuncs;
	s->insns += o->insns;
	s->bad_bytes += o->bad_bytes;
	s->unknown_insns += o->unknown_insns;
	s->unknown_bytes += o->unknown_bytes;
	s->pad_bytes += o->pad_bytes;
	s->dwarf_units += o->dwarf_units;
}

/*
 * One machine per run: calls and copies are matched across objects by
 * name, which means nothing between an x86-64 and an arm64 build.  The
 * first object read sets the machine; an object of another one is an
 * error when named on the command line, and skipped with a note when found
 * in a directory or archive.  False: o is to be dropped, and *said holds
 * what to report for it, in its turn: that, then what opening it said.
 */
static bool same_machine(const struct asmscan_options *opts,
			 const struct machine **run, struct object *o,
			 struct asmscan_msgs *said)
{
	const struct input_object *in = o->in;
	bool named = !in->member && !strcmp(in->path, opts->inputs[in->input]);

	if (!*run)
		*run = o->mach;
	if (o->mach == *run)
		return true;
	asmscan_msgs_add(said, named ? ASMSCAN_ERROR : ASMSCAN_NOTE, o->name,
			 named ? "cannot analyse" : "skipped",
			 "%s object in a run of %s objects (one machine per run)",
			 o->mach->name, (*run)->name);
	for (size_t i = 0; i < o->msgs.n; i++)
		*VEC_PUSH(said->v, said->n, said->cap) = o->msgs.v[i];
	o->msgs.n = 0;
	return false;
}

/*
 * Objects are read in groups of consecutive inputs, so that both CPUs
 * work on a directory of small modules too: the pool opens a group's
 * objects, then runs every object's DWARF walk and disassembly chunks in
 * one batch, then its table readers.  Everything between (the machine
 * check, the plugin's records, merging results) and every message is
 * done on the main thread in input order, so the report and stderr are
 * those of one object after another, whatever the grouping and -j.
 * A group ends after GROUP_OBJECTS objects or GROUP_BYTES of files: its
 * images are mapped together.
 *
 * Several groups are in flight at once (PIPELINE_GROUPS, PIPELINE_BYTES
 * of their files, a group counted at most GROUP_BYTES): each step of a
 * group is taken as soon as its batch is done and the group before it
 * has taken that step, so the workers go on with later groups while the
 * main thread merges and reports, and while one long task runs — the
 * DWARF walk of amdgpu.ko (356 MB) is one task of a second.  What is
 * in flight is what the window costs in memory: on Debian's 6.1 debug
 * package (4,022 modules) the workers waited 0.5-0.9 s for work with 16
 * groups (256 MB), 0.2-0.4 s with 32 (384 MB), under 0.15 s with 64 (512
 * MB), whose peak RSS is 760 MB.
 */
#define GROUP_OBJECTS 16
#define GROUP_BYTES (128u << 20)
#define PIPELINE_GROUPS 64
#define PIPELINE_BYTES (4ull * GROUP_BYTES)

struct group {
	const struct asmscan_options *opts;
	const struct input_list *inputs;
	size_t first, n;		/* inputs[first..first+n) */
	uint64_t bytes;			/* of its files, at most GROUP_BYTES */
	struct object *objs;		/* n, rep->objs[first..] */
	bool *opened;
	struct asmscan_msgs *dropped;	/* n: what to say for a dropped one */
	bool *is_dropped;
	struct batch *b;		/* kept ones, nb */
	size_t nb;
	size_t *task_obj;		/* a batch task: its batch, local index */
	size_t *task_at;
	struct tables_plan **tp;	/* nb, while the tables are read */
	struct pool_batch open, work, tables;
};

static void open_task(void *ctx, size_t i, void *state)
{
	struct group *g = ctx;
	struct object *o = &g->objs[i];

	(void)state;
	g->opened[i] = object_open(o, &g->inputs->v[g->first + i]);
	if (g->opened[i])
		code_find(o);
}

static void group_task(void *ctx, size_t task, void *state)
{
	struct group *g = ctx;
	struct batch *b = &g->b[g->task_obj[task]];
	size_t t = g->task_at[task];

	struct worker *k = state;

	if (t < b->ndwarf) {
		dwarf_plan_run(b->dwarf, t, &k->scratch);
		return;
	}
	disasm_chunk_run(b->o, &b->plan, t - b->ndwarf, k->cpu);
}

static void group_tables_task(void *ctx, size_t task, void *state)
{
	struct tables_plan **tp = ctx;

	(void)state;
	tables_plan_run(tp[task / TABLE_COUNT], task % TABLE_COUNT);
}

static uint64_t input_bytes(const struct input_object *in)
{
	struct stat st;

	if (in->size)
		return in->size;
	if (in->file_bytes)
		return in->file_bytes;
	return stat(in->path, &st) ? 0 : (uint64_t)st.st_size;
}

/* How many inputs from first make one group, and their bytes. */
static size_t group_size(const struct input_list *inputs, size_t first,
			 uint64_t *group_bytes)
{
	uint64_t bytes = input_bytes(&inputs->v[first]);
	size_t n = 1;

	while (first + n < inputs->n && n < GROUP_OBJECTS) {
		uint64_t more = input_bytes(&inputs->v[first + n]);

		if (bytes + more > GROUP_BYTES)
			break;
		bytes += more;
		n++;
	}
	*group_bytes = bytes < GROUP_BYTES ? bytes : GROUP_BYTES;
	return n;
}

/* Start opening the group of inputs from first (main thread). */
static void group_open(struct group *g, const struct asmscan_options *opts,
		       const struct input_list *inputs, size_t first,
		       struct report *rep, struct pool *pool)
{
	*g = (struct group){ .opts = opts, .inputs = inputs, .first = first };
	g->n = group_size(inputs, first, &g->bytes);
	g->objs = &rep->objs[first];
	g->opened = xcalloc(g->n, sizeof(*g->opened));
	g->is_dropped = xcalloc(g->n, sizeof(*g->is_dropped));
	g->dropped = xcalloc(g->n, sizeof(*g->dropped));
	g->b = xcalloc(g->n, sizeof(*g->b));
	pool_submit(pool, &g->open, g->n, open_task, g);
}

/* Its objects are open: check, plan and start their work (in order). */
static void group_prepare(struct group *g, struct report *rep,
			  struct pool *pool, const struct machine **run)
{
	const struct asmscan_options *opts = g->opts;
	size_t ntasks = 0, k;

	progress_show("[%zu/%zu] %s", g->first + 1, g->inputs->n,
		      g->inputs->v[g->first].name);
	/* In input order: which objects are analysed, their records. */
	for (size_t i = 0; i < g->n; i++) {
		struct object *o = &g->objs[i];

		if (!g->opened[i])
			continue;
		if (!same_machine(opts, run, o, &g->dropped[i])) {
			g->is_dropped[i] = true;
			continue;
		}
		if (opts->want & (ASMSCAN_WANT_SITES | ASMSCAN_WANT_RECORDS))
			sites_object_read(rep, o);
		if (!o->has_symtab)
			object_note(o, "no .symtab",
				    "stripped: functions, calls into them and copies cannot be named");
		batch_plan(opts, &g->b[g->nb++], o);
	}
	/* Every object's DWARF tasks first (the long ones), then the chunks. */
	for (k = 0; k < g->nb; k++)
		ntasks += g->b[k].ndwarf + g->b[k].plan.nchunks;
	g->task_obj = xcalloc(ntasks ? ntasks : 1, sizeof(*g->task_obj));
	g->task_at = xcalloc(ntasks ? ntasks : 1, sizeof(*g->task_at));
	ntasks = 0;
	for (k = 0; k < g->nb; k++)
		for (size_t t = 0; t < g->b[k].ndwarf; t++, ntasks++) {
			g->task_obj[ntasks] = k;
			g->task_at[ntasks] = t;
		}
	for (k = 0; k < g->nb; k++)
		for (size_t t = 0; t < g->b[k].plan.nchunks; t++, ntasks++) {
			g->task_obj[ntasks] = k;
			g->task_at[ntasks] = g->b[k].ndwarf + t;
		}
	pool_submit(pool, &g->work, ntasks, group_task, g);
}

/* Its work is done: merge it, start reading the tables (in order). */
static void group_finish(struct group *g, struct pool *pool)
{
	size_t k;

	free(g->task_obj);
	free(g->task_at);
	for (k = 0; k < g->nb; k++)
		batch_finish(&g->b[k]);
	/* A task per kind and object: a vmlinux's eight take 100 M instructions. */
	if (g->opts->want & ASMSCAN_WANT_TABLES) {
		g->tp = xcalloc(g->nb ? g->nb : 1, sizeof(*g->tp));
		for (k = 0; k < g->nb; k++)
			g->tp[k] = tables_plan(g->b[k].o);
		pool_submit(pool, &g->tables, g->nb * TABLE_COUNT,
			    group_tables_task, g->tp);
	} else {
		for (k = 0; k < g->nb; k++)
			g->b[k].o->table_counts =
				xcalloc(1, sizeof(*g->b[k].o->table_counts));
		pool_submit(pool, &g->tables, 0, group_tables_task, NULL);
	}
}

/* Its tables are read: close it, report its objects in input order. */
static void group_report(struct group *g, struct report *rep)
{
	for (size_t k = 0; g->tp && k < g->nb; k++)
		tables_finish(g->b[k].o, g->tp[k]);
	free(g->tp);
	for (size_t k = 0; k < g->nb; k++)
		if (!g->b[k].o->dwarf_keep)
			object_close_image(g->b[k].o);
	/* Drop the objects of another machine. */
	for (size_t i = 0; i < g->n; i++) {
		struct object *o = &g->objs[i];

		if (g->is_dropped[i]) {
			progress_clear();
			asmscan_msgs_report(&g->dropped[i]);
			asmscan_msgs_free(&g->dropped[i]);
			object_free(o);
			continue;
		}
		if (o->msgs.n)
			progress_clear();
		asmscan_msgs_report(&o->msgs);
		summarise(rep, o);
		if (&rep->objs[rep->nobjs] != o)
			rep->objs[rep->nobjs] = *o;
		rep->nobjs++;
		calls_tally_object(rep->calls.tally, rep, rep->nobjs - 1);
		copies_tally_object(rep, rep->nobjs - 1);
		/* Counted: a package's 1.7 million call sites are 65 MB of
		 * heap the objects after it can use. */
		if (!(g->opts->want & ASMSCAN_WANT_CALL_SITES)) {
			free(rep->objs[rep->nobjs - 1].calls);
			rep->objs[rep->nobjs - 1].calls = NULL;
			rep->objs[rep->nobjs - 1].ncalls = 0;
		}
	}
	free(g->opened);
	free(g->is_dropped);
	free(g->dropped);
	free(g->b);
}

void analysis_run(const struct asmscan_options *opts,
		  const struct input_list *inputs, struct report *rep)
{
	struct pool *pool = pool_new(opts->jobs, worker_new, worker_free);
	const struct machine *run = NULL;
	/* groups[nreported..nopen) are in flight; each step in order */
	struct group *groups = xcalloc(inputs->n ? inputs->n : 1, sizeof(*groups));
	size_t next = 0, nopen = 0, nprepared = 0, nfinished = 0, nreported = 0;
	uint64_t flying = 0;

	memset(rep, 0, sizeof(*rep));
	rep->opts = opts;
	rep->objs = xcalloc(inputs->n ? inputs->n : 1, sizeof(*rep->objs));
	rep->calls.tally = calls_tally_new(inputs->n);
	while (nreported < nopen || next < inputs->n) {
		unsigned long seen = pool_finished(pool);
		struct group *g;

		if (nreported < nfinished &&
		    pool_done(pool, &groups[nreported].tables)) {
			g = &groups[nreported++];
			group_report(g, rep);
			flying -= g->bytes;
			continue;
		}
		if (nfinished < nprepared &&
		    pool_done(pool, &groups[nfinished].work)) {
			group_finish(&groups[nfinished++], pool);
			continue;
		}
		if (nprepared < nopen && pool_done(pool, &groups[nprepared].open)) {
			group_prepare(&groups[nprepared++], rep, pool, &run);
			continue;
		}
		if (next < inputs->n && nopen - nreported < PIPELINE_GROUPS &&
		    (!flying || flying + GROUP_BYTES <= PIPELINE_BYTES)) {
			g = &groups[nopen++];
			group_open(g, opts, inputs, next, rep, pool);
			flying += g->bytes;
			next += g->n;
			continue;
		}
		pool_wait_any(pool, seen);
	}
	free(groups);
	progress_clear();
	pool_free(pool);
	if (opts->want & (ASMSCAN_WANT_SITES | ASMSCAN_WANT_RECORDS))
		sites_requests_note(rep);
}

void analysis_free(struct report *rep)
{
	sites_report_free(rep);
	for (size_t i = 0; i < rep->nobjs; i++) {
		dwarf_object_close(&rep->objs[i]);
		object_free(&rep->objs[i]);
	}
	free(rep->objs);
	free(rep->calls.rows);
	calls_tally_free(rep->calls.tally);
	copies_tally_free(rep);
	for (size_t i = 0; i < rep->copies.ndwarf; i++)
		free(rep->copies.dwarf_groups[i].copies);
	for (size_t i = 0; i < rep->copies.ndups; i++)
		free(rep->copies.dups[i].copies);
	for (size_t i = 0; i < rep->copies.nclones; i++)
		free(rep->copies.clones[i].copies);
	free(rep->copies.dwarf_groups);
	free(rep->copies.dups);
	free(rep->copies.clones);
	arena_free(&rep->copies.names);
	free(rep->tables.rows);
	memset(rep, 0, sizeof(*rep));
}

static void *table_rows_thread(void *rep)
{
	table_rows_build(rep);
	return NULL;
}

void analysis_report(struct report *rep)
{
	pthread_t rows;
	/* The table rows need only the objects: gathered and sorted (300,000
	 * of a distribution's modules) beside the calls and the copies. */
	bool beside = rep->opts->jobs > 1 &&
		      !pthread_create(&rows, NULL, table_rows_thread, rep);

	if (!beside)
		table_rows_build(rep);
	calls_report_build(rep);
	copies_report_build(rep);
	if (beside)
		pthread_join(rows, NULL);
	table_rows_copies(rep);
	if (rep->opts->want & ASMSCAN_WANT_SITES)
		sites_report_build(rep);
}
