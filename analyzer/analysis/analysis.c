// SPDX-License-Identifier: GPL-2.0
/*
 * analysis.c — read each object in turn with the analyses the verb wants
 * (see analysis.h); the cross-object parts are in calls.c, copies.c and
 * table-rows.c.
 */
#include "analysis.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "calls.h"
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

/* The DWARF tasks first (the long ones), then the chunks. */
static void batch_task(void *ctx, size_t task, void *state)
{
	struct batch *b = ctx;

	if (task < b->ndwarf) {
		dwarf_plan_run(b->dwarf, task);
		return;
	}
	disasm_chunk_run(b->o, &b->plan, task - b->ndwarf, state);
}

static void tables_task(void *ctx, size_t kind, void *state)
{
	(void)state;
	tables_plan_run(ctx, kind);
}

static void *cpu_new(void)
{
	return disasm_cpu_new();
}

static void cpu_free(void *state)
{
	disasm_cpu_free(state);
}

static void analyse_object(const struct asmscan_options *opts,
			   struct pool *pool, struct object *o)
{
	struct batch b = { .o = o };
	size_t ntasks;

	/* sites counts the calls into the functions holding flagged asm */
	b.disasm = opts->want & (ASMSCAN_WANT_CALLS | ASMSCAN_WANT_COPIES |
				 ASMSCAN_WANT_SITES);
	if (!opts->no_dwarf && (opts->want & ~ASMSCAN_WANT_CHECK))
		b.dwarf = dwarf_plan(o, opts->jobs);
	b.ndwarf = dwarf_plan_tasks(b.dwarf);
	if (b.disasm)
		disasm_plan(o, &b.plan,
			    code_bytes(o) > ANALYSIS_SPLIT_BYTES ? opts->jobs * 8 : 1);
	/* DWARF first: a few long tasks, the chunks fill in around them. */
	ntasks = b.plan.nchunks + b.ndwarf;
	if (ntasks)
		pool_run(pool, ntasks, batch_task, &b);
	dwarf_finish(o, b.dwarf);
	if (b.disasm)
		disasm_merge(o, &b.plan);
	fragments_link(o);
	if (opts->want & ASMSCAN_WANT_TABLES) {
		/* A task per kind: a vmlinux's eight take 100 M instructions. */
		struct tables_plan *tp = tables_plan(o);

		pool_run(pool, TABLE_COUNT, tables_task, tp);
		tables_finish(o, tp);
	} else
		o->table_counts = xcalloc(1, sizeof(*o->table_counts));
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
 * in a directory or archive.  False: o was dropped.
 */
static bool same_machine(const struct asmscan_options *opts,
			 const struct machine **run, struct object *o)
{
	const struct input_object *in = o->in;
	bool named = !in->member && !strcmp(in->path, opts->inputs[in->input]);

	if (!*run)
		*run = o->mach;
	if (o->mach == *run)
		return true;
	if (named)
		asmscan_errorf(o->name, "cannot analyse",
			       "%s object in a run of %s objects (one machine per run)",
			       o->mach->name, (*run)->name);
	else
		asmscan_notef(o->name, "skipped",
			      "%s object in a run of %s objects (one machine per run)",
			      o->mach->name, (*run)->name);
	return false;
}

void analysis_run(const struct asmscan_options *opts,
		  const struct input_list *inputs, struct report *rep)
{
	struct pool *pool = pool_new(opts->jobs, cpu_new, cpu_free);
	const struct machine *run = NULL;

	memset(rep, 0, sizeof(*rep));
	rep->opts = opts;
	rep->objs = xcalloc(inputs->n ? inputs->n : 1, sizeof(*rep->objs));
	for (size_t i = 0; i < inputs->n; i++) {
		struct object *o = &rep->objs[rep->nobjs++];

		progress_show("[%zu/%zu] %s", i + 1, inputs->n, inputs->v[i].name);
		if (object_open(o, &inputs->v[i])) {
			code_find(o);
			if (!same_machine(opts, &run, o)) {
				progress_clear();
				asmscan_msgs_report(&o->msgs);
				object_free(o);
				rep->nobjs--;
				continue;
			}
			if (opts->want & (ASMSCAN_WANT_SITES | ASMSCAN_WANT_CHECK))
				sites_object_read(rep, o);
			if (!o->has_symtab)
				object_note(o, "no .symtab",
					    "stripped: functions, calls into them and copies cannot be named");
			analyse_object(opts, pool, o);
			if (!o->dwarf_keep)
				object_close_image(o);
		}
		if (o->msgs.n)
			progress_clear();
		asmscan_msgs_report(&o->msgs);
		summarise(rep, o);
	}
	progress_clear();
	pool_free(pool);
	if (opts->want & (ASMSCAN_WANT_SITES | ASMSCAN_WANT_CHECK))
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

void analysis_report(struct report *rep)
{
	calls_report_build(rep);
	copies_report_build(rep);
	table_rows_build(rep);
	if (rep->opts->want & ASMSCAN_WANT_SITES)
		sites_report_build(rep);
}
