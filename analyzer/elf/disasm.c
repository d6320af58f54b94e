// SPDX-License-Identifier: GPL-2.0
/*
 * disasm.c — capstone over the executable sections (see disasm.h).
 *
 * capstone 4 and 5 both: one handle per architecture per thread, detail
 * off (call and jump targets are read from the instruction bytes, which is
 * all the operands we need), one cs_insn from cs_malloc reused by
 * cs_disasm_iter for every instruction.  What an instruction is (a call,
 * a jump, padding, the return) is the object's machine's to say
 * (arch-x86.c, arch-arm64.c); the walk over segments is shared.
 */
#include "disasm.h"

#include <stdlib.h>
#include <string.h>

#include "code.h"
#include "machine.h"
#include "sort.h"

struct disasm_cpu {
	struct machine_cs cs[MACHINE_COUNT];	/* opened when first needed */
};

struct disasm_cpu *disasm_cpu_new(void)
{
	return xcalloc(1, sizeof(struct disasm_cpu));
}

/* The thread's handle for machine m: one per architecture, detail off. */
static const struct machine_cs *cpu_handle(struct disasm_cpu *cpu,
					   const struct machine *m)
{
	struct machine_cs *cs = &cpu->cs[machine_index(m)];
	cs_err err;

	if (cs->insn)
		return cs;
	err = cs_open(m->cs_arch, m->cs_mode, &cs->handle);
	if (err != CS_ERR_OK)
		asmscan_fatal("capstone", "cannot open a handle", cs_strerror(err));
	cs_option(cs->handle, CS_OPT_DETAIL, CS_OPT_OFF);
	cs->insn = cs_malloc(cs->handle);
	if (!cs->insn)
		asmscan_fatal("capstone", "cannot allocate an instruction",
			      cs_strerror(cs_errno(cs->handle)));
	return cs;
}

void disasm_cpu_free(struct disasm_cpu *cpu)
{
	if (!cpu)
		return;
	for (unsigned i = 0; i < MACHINE_COUNT; i++) {
		if (!cpu->cs[i].insn)
			continue;
		cs_free(cpu->cs[i].insn, 1);
		cs_close(&cpu->cs[i].handle);
	}
	free(cpu);
}


void disasm_plan(struct object *o, struct disasm_plan *plan, size_t nchunks)
{
	struct disasm_segment *segs = NULL;
	size_t nsegs = 0, cap = 0;
	uint64_t total = 0, per, acc = 0;
	struct sort_pair *bounds = NULL;		/* (section, address) */
	size_t nb = 0, bcap = 0;

	memset(plan, 0, sizeof(*plan));
	o->mach->prepare(o);
	/* Every code range's start, and every symbol inside one (code.h). */
	for (size_t r = 0; r < o->ncode; r++) {
		*VEC_PUSH(bounds, nb, bcap) =
			(struct sort_pair){ r, o->code[r].addr };
		total += o->code[r].end - o->code[r].addr;
	}
	for (size_t i = 1; i < o->nsyms; i++) {
		const struct obj_sym *sym = &o->syms[i];
		size_t r;

		if (!sym->defined || sym->type == STT_SECTION ||
		    sym->type == STT_FILE)
			continue;
		r = code_range_at(o, sym->addr);
		if (r < o->ncode && sym->addr > o->code[r].addr)
			*VEC_PUSH(bounds, nb, bcap) =
				(struct sort_pair){ r, sym->addr };
	}
	sort_pairs(bounds, nb);
	for (size_t i = 0; i < nb; i++) {
		const struct code_range *range = &o->code[bounds[i].hi];
		struct disasm_segment *g;

		if (i && bounds[i].hi == bounds[i - 1].hi &&
		    bounds[i].lo == bounds[i - 1].lo)
			continue;
		g = VEC_PUSH(segs, nsegs, cap);
		g->addr = bounds[i].lo;
		g->shndx = range->shndx;
		g->func = object_func_at(o, g->addr);
		g->end = range->end;
		g->range_end = range->end;
		if (nsegs > 1 && i && bounds[i - 1].hi == bounds[i].hi)
			segs[nsegs - 2].end = g->addr;
	}
	free(bounds);
	plan->segs = segs;
	plan->nsegs = nsegs;
	if (!nchunks)
		nchunks = 1;
	plan->chunks = xcalloc(nchunks, sizeof(*plan->chunks));
	per = total / nchunks + 1;
	/*
	 * Chunk k ends once the bytes reach (k+1)*per, but only where a new
	 * function begins: a function's counters belong to one chunk.
	 */
	for (size_t i = 0; i < nsegs; i++) {
		bool cut = !plan->nchunks ||
			(acc >= per * plan->nchunks && plan->nchunks < nchunks &&
			 (segs[i].func == OBJ_NONE || segs[i].func != segs[i - 1].func));

		if (cut)
			plan->chunks[plan->nchunks++].first = i;
		plan->chunks[plan->nchunks - 1].count++;
		acc += segs[i].end - segs[i].addr;
	}
}

static struct call_site *add_site(struct object *o, struct disasm_chunk *c,
				  uint64_t at, uint32_t caller, bool known,
				  uint64_t target, const char *ext, bool tail)
{
	struct call_site *cs = VEC_PUSH(c->calls, c->ncalls, c->cap);

	cs->site = at;
	cs->caller = caller;
	cs->target_known = known;
	cs->target = known ? target : 0;
	cs->extern_name = ext;
	cs->callee = OBJ_NONE;
	cs->tail = tail;
	if (known) {
		uint32_t fi = object_func_at(o, target);

		if (fi != OBJ_NONE && o->funcs[fi].addr == target)
			cs->callee = fi;
	}
	return cs;
}

/* A jump that leaves f for the start of another function, or a symbol. */
static bool is_tail_call(const struct object *o, const struct obj_func *f,
			 const struct insn_step *st)
{
	uint64_t fend = f->addr + f->size;
	uint32_t fi;

	if (st->ext)
		return true;
	if (!st->known || st->target == f->addr ||
	    (st->target >= f->addr && st->target < fend))
		return false;
	fi = object_func_at(o, st->target);
	return fi != OBJ_NONE && o->funcs[fi].addr == st->target;
}

void disasm_chunk_run(struct object *o, struct disasm_plan *plan, size_t ci,
		      struct disasm_cpu *cpu)
{
	struct disasm_chunk *c = &plan->chunks[ci];
	const struct machine_cs *cs = cpu_handle(cpu, o->mach);

	for (size_t si = c->first; si < c->first + c->count; si++) {
		const struct disasm_segment *g = &plan->segs[si];
		const struct obj_section *sec = &o->secs[g->shndx];
		struct obj_func *f = g->func != OBJ_NONE ? &o->funcs[g->func] : NULL;
		uint64_t fend = f ? f->addr + f->size : 0;
		const uint8_t *code = sec->data + (g->addr - sec->addr);
		size_t left = (size_t)(g->end - g->addr);
		size_t avail = (size_t)(g->range_end - g->addr);
		uint64_t addr = g->addr;
		/* At the entry of f: the ftrace call is not part of the body. */
		bool entry = f && f->addr == g->addr;

		while (left) {
			struct insn_step st;
			uint64_t at = addr;
			bool in_f = f && at < fend;
			uint32_t n;

			o->mach->step(o, g->shndx, cs, code, avail, at, entry, &st);
			if (st.bytes > left) {
				/* a run of int3 stops at the symbol; one
				 * instruction across it counts once */
				if (st.count == st.bytes)
					st.count = (uint32_t)left;
				st.bytes = left;
			}
			code += st.bytes, left -= st.bytes, addr += st.bytes;
			avail -= st.bytes;
			if (st.padding) {
				c->pad_bytes += st.bytes;
				continue;
			}
			if (!st.count) {
				c->bad_bytes += st.bytes;
				if (in_f)
					f->bad_bytes += (uint32_t)st.bytes;
				continue;
			}
			if (st.unknown) {
				c->unknown_insns += st.count;
				c->unknown_bytes += st.bytes;
				if (in_f)
					f->bad_bytes += (uint32_t)st.bytes;
			}
			c->insns += st.count;
			if (st.branch == BRANCH_CALL)
				add_site(o, c, at, in_f ? g->func : OBJ_NONE,
					 st.known, st.target, st.ext, false);
			else if (st.branch == BRANCH_JUMP && in_f &&
				 is_tail_call(o, f, &st))
				add_site(o, c, at, g->func, st.known, st.target,
					 st.ext, true);
			if (st.role != INSN_PAD)
				entry = false;
			if (!in_f)
				continue;
			/* A run of one-byte instructions (int3) stops counting
			 * for f at its end. */
			n = st.count;
			if (st.count == st.bytes && fend - at < st.bytes)
				n = (uint32_t)(fend - at);
			f->all_insns += n;
			if (st.role == INSN_BODY)
				f->insns += n;
		}
	}
}

void disasm_merge(struct object *o, struct disasm_plan *plan)
{
	size_t n = 0;

	for (size_t i = 0; i < plan->nchunks; i++)
		n += plan->chunks[i].ncalls;
	o->calls = xrealloc(o->calls, (n ? n : 1) * sizeof(*o->calls));
	o->ncalls = 0;
	for (size_t i = 0; i < plan->nchunks; i++) {
		struct disasm_chunk *c = &plan->chunks[i];

		if (c->ncalls)
			memcpy(o->calls + o->ncalls, c->calls,
			       c->ncalls * sizeof(*c->calls));
		o->ncalls += c->ncalls;
		o->insns += c->insns;
		o->bad_bytes += c->bad_bytes;
		o->unknown_insns += c->unknown_insns;
		o->unknown_bytes += c->unknown_bytes;
		o->pad_bytes += c->pad_bytes;
		free(c->calls);
	}
	free(plan->chunks);
	free(plan->segs);
	memset(plan, 0, sizeof(*plan));
}
