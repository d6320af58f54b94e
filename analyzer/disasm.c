// SPDX-License-Identifier: GPL-2.0
/*
 * disasm.c — capstone over the executable sections (see disasm.h).
 *
 * capstone 4 and 5 both: one handle for x86-64 per thread, detail off
 * (the call and jump targets are read from the rel32 bytes, which is all
 * the operands we need), one cs_insn from cs_malloc reused by
 * cs_disasm_iter for every instruction.
 */
#include "disasm.h"

#include <stdlib.h>
#include <string.h>

#include <capstone/capstone.h>

struct disasm_cpu {
	csh handle;
	cs_insn *insn;
	bool ok;
};

struct disasm_cpu *disasm_cpu_new(void)
{
	struct disasm_cpu *cpu = xcalloc(1, sizeof(*cpu));
	cs_err err = cs_open(CS_ARCH_X86, CS_MODE_64, &cpu->handle);

	if (err != CS_ERR_OK)
		asmscan_fatal("capstone", "cannot open an x86-64 handle",
			      cs_strerror(err));
	cs_option(cpu->handle, CS_OPT_DETAIL, CS_OPT_OFF);
	cpu->insn = cs_malloc(cpu->handle);
	if (!cpu->insn)
		asmscan_fatal("capstone", "cannot allocate an instruction",
			      cs_strerror(cs_errno(cpu->handle)));
	cpu->ok = true;
	return cpu;
}

void disasm_cpu_free(struct disasm_cpu *cpu)
{
	if (!cpu)
		return;
	if (cpu->insn)
		cs_free(cpu->insn, 1);
	cs_close(&cpu->handle);
	free(cpu);
}

struct bound {
	uint32_t shndx;
	uint64_t addr;
};

static int bound_cmp(const void *a, const void *b)
{
	const struct bound *x = a, *y = b;

	if (x->shndx != y->shndx)
		return x->shndx < y->shndx ? -1 : 1;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static uint64_t sym_addr(const struct object *o, const char *name)
{
	for (size_t i = 1; i < o->nsyms; i++)
		if (o->syms[i].defined && !strcmp(o->syms[i].name, name))
			return o->syms[i].addr;
	return 0;
}

void disasm_plan(struct object *o, struct disasm_plan *plan, size_t nchunks)
{
	struct disasm_segment *segs = NULL;
	size_t nsegs = 0, cap = 0;
	uint64_t total = 0, per, acc = 0;
	struct bound *bounds = NULL;
	size_t nb = 0, bcap = 0;

	memset(plan, 0, sizeof(*plan));
	o->fentry_addr = sym_addr(o, "__fentry__");
	o->return_thunk_addr = sym_addr(o, "__x86_return_thunk");
	/* Every executable section's start, and every symbol inside one. */
	for (size_t s = 1; s < o->nsecs; s++) {
		const struct obj_section *sec = &o->secs[s];

		if ((sec->flags & SHF_EXECINSTR) && sec->data) {
			*VEC_PUSH(bounds, nb, bcap) =
				(struct bound){ (uint32_t)s, sec->addr };
			total += sec->size;
		}
	}
	for (size_t i = 1; i < o->nsyms; i++) {
		const struct obj_sym *sym = &o->syms[i];
		const struct obj_section *sec;

		if (!sym->defined || sym->type == STT_SECTION ||
		    sym->type == STT_FILE)
			continue;
		sec = &o->secs[sym->shndx];
		if ((sec->flags & SHF_EXECINSTR) && sec->data &&
		    sym->addr > sec->addr && sym->addr < sec->addr + sec->size)
			*VEC_PUSH(bounds, nb, bcap) =
				(struct bound){ sym->shndx, sym->addr };
	}
	if (nb)
		qsort(bounds, nb, sizeof(*bounds), bound_cmp);
	for (size_t i = 0; i < nb; i++) {
		const struct obj_section *sec = &o->secs[bounds[i].shndx];
		struct disasm_segment *g;

		if (i && bounds[i].shndx == bounds[i - 1].shndx &&
		    bounds[i].addr == bounds[i - 1].addr)
			continue;
		g = VEC_PUSH(segs, nsegs, cap);
		g->addr = bounds[i].addr;
		g->shndx = bounds[i].shndx;
		g->func = object_func_at(o, g->addr);
		g->end = sec->addr + sec->size;
		if (nsegs > 1 && segs[nsegs - 2].shndx == g->shndx)
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

/* Legacy prefixes and REX: what may precede e8/e9 in a direct call/jmp. */
static bool only_prefixes(const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (b[i]) {
		case 0x26: case 0x2e: case 0x36: case 0x3e: case 0x64:
		case 0x65: case 0x66: case 0x67: case 0xf0: case 0xf2:
		case 0xf3:
			break;
		default:
			if ((b[i] & 0xf0) != 0x40)
				return false;
		}
	}
	return true;
}

static int32_t rel32_at(const uint8_t *p)
{
	return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 |
			 (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
}

/*
 * Where does the rel32 branch at insn go?  *target (flat) when it lands in
 * this object, *ext the undefined symbol of a .o relocation.
 */
static bool branch_target(const struct object *o, uint32_t shndx,
			  const cs_insn *insn, uint64_t flat, uint64_t *target,
			  const char **ext)
{
	const struct obj_section *sec = &o->secs[shndx];
	uint64_t end = flat + insn->size;

	*ext = NULL;
	if (o->type == ET_REL) {
		const struct obj_reloc *r =
			object_reloc_at(o, shndx, end - 4 - sec->addr);

		if (r) {
			if (r->type != R_X86_64_PLT32 && r->type != R_X86_64_PC32)
				return false;
			if (object_reloc_target(o, r, target)) {
				*target += 4;
				return true;
			}
			*ext = o->syms[r->sym].name;
			return false;
		}
	}
	*target = end + (uint64_t)(int64_t)rel32_at(insn->bytes + insn->size - 4);
	return true;
}

static bool is_rel32(const cs_insn *insn, uint8_t opcode)
{
	return insn->size >= 5 && insn->bytes[insn->size - 5] == opcode &&
	       only_prefixes(insn->bytes, insn->size - 5u);
}

/* jmp rel8 (eb): never relocated, the assembler resolved it. */
static bool is_rel8_jmp(const cs_insn *insn)
{
	return insn->size >= 2 && insn->bytes[insn->size - 2] == 0xeb &&
	       only_prefixes(insn->bytes, insn->size - 2u);
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

void disasm_chunk_run(struct object *o, struct disasm_plan *plan, size_t ci,
		      struct disasm_cpu *cpu)
{
	struct disasm_chunk *c = &plan->chunks[ci];

	for (size_t si = c->first; si < c->first + c->count; si++) {
		const struct disasm_segment *g = &plan->segs[si];
		const struct obj_section *sec = &o->secs[g->shndx];
		struct obj_func *f = g->func != OBJ_NONE ? &o->funcs[g->func] : NULL;
		uint64_t fend = f ? f->addr + f->size : 0;
		const uint8_t *code = sec->data + (g->addr - sec->addr);
		size_t left = (size_t)(g->end - g->addr);
		uint64_t addr = g->addr;
		/* At the entry of f: the ftrace call is not part of the body. */
		bool entry = f && f->addr == g->addr;

		while (left) {
			cs_insn *insn = cpu->insn;
			uint64_t at = addr, target;
			const char *ext;
			bool real = true, keep_entry = false;

			/*
			 * At an instruction boundary 0xcc is int3, one byte: the
			 * padding between functions (a quarter of vmlinux's
			 * .text) needs no decoder.
			 */
			if (*code == 0xcc) {
				size_t run = 1;

				while (run < left && code[run] == 0xcc)
					run++;
				c->insns += run;
				if (f && at < fend) {
					uint64_t in = fend - at < run ? fend - at : run;

					f->all_insns += (uint32_t)in;
				}
				code += run, left -= run, addr += run;
				continue;
			}
			if (!cs_disasm_iter(cpu->handle, &code, &left, &addr, insn)) {
				code++, left--, addr++;
				c->bad_bytes++;
				if (f && at < fend)
					f->bad_bytes++;
				continue;
			}
			c->insns++;
			switch (insn->id) {
			case X86_INS_CALL:
				if (!is_rel32(insn, 0xe8))
					break;
				{
					bool known = branch_target(o, g->shndx, insn, at,
								   &target, &ext);

					add_site(o, c, at, f && at < fend ? g->func : OBJ_NONE,
						 known, target, ext, false);
					if (entry &&
					    ((known && target == o->fentry_addr && o->fentry_addr) ||
					     (ext && !strcmp(ext, "__fentry__"))))
						real = false;
				}
				break;
			case X86_INS_JMP: {
				bool known;

				if (is_rel32(insn, 0xe9)) {
					known = branch_target(o, g->shndx, insn, at, &target,
							      &ext);
				} else if (is_rel8_jmp(insn)) {
					known = true;
					ext = NULL;
					target = at + insn->size +
						 (uint64_t)(int64_t)(int8_t)insn->bytes[insn->size - 1];
				} else {
					break;
				}
				if ((known && o->return_thunk_addr &&
				     target == o->return_thunk_addr) ||
				    (ext && !strcmp(ext, "__x86_return_thunk"))) {
					real = false;	/* the return itself */
					break;
				}
				/* A tail call leaves the function for another's start. */
				if (f && at < fend &&
				    (ext || (known && target != f->addr &&
					     (target < f->addr || target >= fend) &&
					     object_func_at(o, target) != OBJ_NONE &&
					     o->funcs[object_func_at(o, target)].addr == target)))
					add_site(o, c, at, g->func, known, target, ext, true);
				break;
			}
			case X86_INS_ENDBR64:
			case X86_INS_ENDBR32:
			case X86_INS_NOP:
			case X86_INS_INT3:
				real = false;
				keep_entry = true;	/* still before the body */
				break;
			case X86_INS_RET:
				real = false;
				break;
			default:
				break;
			}
			if (!keep_entry)
				entry = false;
			if (f && at < fend) {
				f->all_insns++;
				f->insns += real;
			}
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
		free(c->calls);
	}
	free(plan->chunks);
	free(plan->segs);
	memset(plan, 0, sizeof(*plan));
}
