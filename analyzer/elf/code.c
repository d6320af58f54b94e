// SPDX-License-Identifier: GPL-2.0
/*
 * code.c — the code ranges of an object (see code.h).
 */
#include "code.h"

#include <stdlib.h>

#include "sort.h"

/*
 * AArch64's mapping symbols (ELF for the Arm Architecture, "Mapping
 * symbols"): "$x" starts code, "$d" data ("$x.N", "$d.N" in some
 * assemblers).  The kernel's image header in .head.text, literal pools,
 * jump tables written in assembly: bytes in an executable section that
 * are data, and that objdump -d prints as .word, not as instructions.
 */
static int mapping_kind(const struct obj_sym *s)
{
	const char *n = s->name;

	if (!s->defined || s->type != STT_NOTYPE || n[0] != '$' ||
	    (n[2] && n[2] != '.'))
		return 0;
	return n[1] == 'x' || n[1] == 'd' ? n[1] : 0;
}

/*
 * The code of executable section shndx with mapping symbols: from each
 * "$x" to the next "$d"; appended to *v.  False: the section has none
 * (every byte is code).
 */
static bool mapped_ranges(const struct object *o, uint32_t shndx,
			  struct code_range **v, size_t *n, size_t *cap)
{
	const struct obj_section *sec = &o->secs[shndx];
	struct sort_pair *marks = NULL;
	size_t nm = 0, mcap = 0;
	uint64_t start = sec->addr;
	bool code = true, any = false;

	for (size_t i = 1; i < o->nsyms; i++) {
		const struct obj_sym *s = &o->syms[i];
		int k = s->shndx == shndx ? mapping_kind(s) : 0;

		if (k && s->addr >= sec->addr && s->addr < sec->addr + sec->size)
			*VEC_PUSH(marks, nm, mcap) =
				(struct sort_pair){ s->addr, k == 'x' };
	}
	sort_pairs(marks, nm);
	for (size_t i = 0; i < nm; i++) {
		bool x = marks[i].lo;

		any = true;
		if (x == code)
			continue;
		if (code && marks[i].hi > start)
			*VEC_PUSH(*v, *n, *cap) =
				(struct code_range){ start, marks[i].hi, shndx };
		code = x;
		start = marks[i].hi;
	}
	if (any && code && sec->addr + sec->size > start)
		*VEC_PUSH(*v, *n, *cap) =
			(struct code_range){ start, sec->addr + sec->size, shndx };
	free(marks);
	return any;
}

/* Symbols that say "these bytes are instructions" in a writable section. */
static bool code_symbol(const struct obj_sym *s)
{
	return s->defined && s->size &&
	       (s->type == STT_FUNC || s->type == STT_NOTYPE);
}

/*
 * The code of writable executable section shndx, from its symbols, as
 * ranges appended to *v; the bytes they cover.
 */
static uint64_t symbol_ranges(const struct object *o, uint32_t shndx,
			      struct code_range **v, size_t *n, size_t *cap)
{
	const struct obj_section *sec = &o->secs[shndx];
	struct sort_pair *spans = NULL;
	size_t ns = 0, scap = 0;
	uint64_t covered = 0;

	for (size_t i = 1; i < o->nsyms; i++) {
		const struct obj_sym *s = &o->syms[i];
		uint64_t end;

		if (s->shndx != shndx || !code_symbol(s) || s->addr < sec->addr ||
		    s->addr >= sec->addr + sec->size)
			continue;
		end = s->size > sec->addr + sec->size - s->addr ?
			sec->addr + sec->size : s->addr + s->size;
		*VEC_PUSH(spans, ns, scap) = (struct sort_pair){ s->addr, end };
	}
	sort_pairs(spans, ns);
	for (size_t i = 0; i < ns;) {
		uint64_t start = spans[i].hi, end = spans[i].lo;

		/* Overlapping or touching spans make one range. */
		for (i++; i < ns && spans[i].hi <= end; i++)
			if (spans[i].lo > end)
				end = spans[i].lo;
		*VEC_PUSH(*v, *n, *cap) =
			(struct code_range){ start, end, shndx };
		covered += end - start;
	}
	free(spans);
	return covered;
}

static int range_cmp(const void *a, const void *b)
{
	const struct code_range *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

void code_find(struct object *o)
{
	struct code_range *v = NULL;
	size_t n = 0, cap = 0;

	for (uint32_t i = 1; i < o->nsecs; i++) {
		const struct obj_section *sec = &o->secs[i];
		uint64_t covered;
		char a[32], b[32];

		if (!(sec->flags & SHF_EXECINSTR) || !sec->data || !sec->size)
			continue;
		if (!(sec->flags & SHF_WRITE)) {
			if (!mapped_ranges(o, i, &v, &n, &cap))
				*VEC_PUSH(v, n, cap) = (struct code_range){
					sec->addr, sec->addr + sec->size, i };
			continue;
		}
		covered = symbol_ranges(o, i, &v, &n, &cap);
		object_note(o, sec->name,
			    "writable and executable: %s of its %s bytes read as code, where its symbols mark code (functions, sized code symbols); the rest is data",
			    fmt_count(a, covered), fmt_count(b, sec->size));
	}
	if (n)
		qsort(v, n, sizeof(*v), range_cmp);
	o->code = v;
	o->ncode = n;
}

size_t code_range_at(const struct object *o, uint64_t addr)
{
	size_t lo = 0, hi = o->ncode;

	/* The last range starting at or before addr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (o->code[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && addr < o->code[lo - 1].end ? lo - 1 : o->ncode;
}

bool code_contains(const struct object *o, uint64_t addr)
{
	return code_range_at(o, addr) < o->ncode;
}

uint64_t code_bytes(const struct object *o)
{
	uint64_t n = 0;

	for (size_t i = 0; i < o->ncode; i++)
		n += o->code[i].end - o->code[i].addr;
	return n;
}
