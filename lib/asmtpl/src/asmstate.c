// SPDX-License-Identifier: GPL-2.0
/*
 * The assembler's state as the interpreter models it: the current section
 * and the .pushsection stack, the positions of labels and symbols (as
 * intervals, expr.c), and what lands in each section — in the function's
 * section (index 0, subsection 0) counted the way a disassembler would
 * show it (interp.c says how).  Also the text helpers every statement and
 * directive reads its words with.  The interpreter (interp.c) and the
 * directives (directive.c) both change this state; neither is called
 * from here.
 */
#include <stdlib.h>
#include <string.h>

#include "asmstate.h"

bool asmtpl_asmstate_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

const char *asmtpl_asmstate_skip_ws(const char *s, const char *e)
{
	while (s < e && asmtpl_asmstate_is_space(*s))
		s++;
	return s;
}

bool asmtpl_asmstate_is_entry(const struct interp *in)
{
	return in->cur == 0;
}

/* ---- sections ---------------------------------------------------------- */

int asmtpl_asmstate_section_get(struct interp *in, const char *name, size_t n,
		       int64_t sub)
{
	int i;

	if (n >= ASMTPL_SECTION_NAME_MAX)
		n = ASMTPL_SECTION_NAME_MAX - 1;
	for (i = 0; i < in->nsecs; i++)
		if (in->secs[i].sub == sub && strlen(in->secs[i].name) == n &&
		    !memcmp(in->secs[i].name, name, n))
			return i;
	if (in->nsecs >= MAX_SECTIONS) {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_LIMIT, in->off);
		return in->nsecs - 1;
	}
	if (in->nsecs == in->capsecs) {
		int cap = in->capsecs ? in->capsecs * 2 : 16;
		struct section *v = realloc(in->secs, (size_t)cap * sizeof(*v));

		if (!v) {
			in->err = ASMTPL_ERR_NOMEM;
			return in->nsecs ? in->nsecs - 1 : 0;
		}
		in->secs = v;
		in->capsecs = cap;
	}
	i = in->nsecs++;
	memcpy(in->secs[i].name, name, n);
	in->secs[i].name[n] = '\0';
	in->secs[i].sub = sub;
	in->secs[i].lo = in->secs[i].hi = 0;
	in->secs[i].noted = false;
	return i;
}

void asmtpl_asmstate_section_switch(struct interp *in, int to)
{
	in->prev = in->cur;
	in->cur = to;
}

/* Marks the current section as written to and advances its position. */
void asmtpl_asmstate_advance(struct interp *in, int64_t lo, int64_t hi)
{
	struct section *s = &in->secs[in->cur];

	/* Once per section and pass, so an overflow is counted once. */
	if (in->cur != 0 && s->name[0] != '\0' && !s->noted) {
		asmtpl_note_section(in->res, s->name);
		s->noted = true;
	}
	if (lo < 0)
		lo = 0;
	if (hi < lo)
		hi = lo;
	if (s->lo <= INT64_MAX / 4 && lo <= INT64_MAX / 4)
		s->lo += lo;
	if (s->hi <= INT64_MAX / 4 && hi <= INT64_MAX / 4)
		s->hi += hi;
	else
		s->hi = INT64_MAX / 2;
}

/* Reads a section name: "name", or a bare token up to ',' or a blank. */
size_t asmtpl_asmstate_section_name(const char *s, const char *e, const char **name)
{
	const char *p;

	s = asmtpl_asmstate_skip_ws(s, e);
	if (s < e && *s == '"') {
		p = ++s;
		while (p < e && *p != '"')
			p++;
		*name = s;
		return (size_t)(p - s);
	}
	p = s;
	while (p < e && *p != ',' && !asmtpl_asmstate_is_space(*p))
		p++;
	*name = s;
	return (size_t)(p - s);
}

/* ---- labels and symbols ----------------------------------------------- */

bool asmtpl_asmstate_labels_add(struct interp *in, struct labels *l, const char *name,
		       size_t n, struct asmtpl_value pos)
{
	if (l->n >= ASMTPL_MAX_LABELS) {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_LIMIT, in->off);
		in->stop = true;
		return false;
	}
	if (asmtpl_labels_add(l, name, n, in->ordinal, pos)) {
		in->err = ASMTPL_ERR_NOMEM;
		return false;
	}
	return true;
}

struct asmtpl_value asmtpl_asmstate_here(const struct interp *in)
{
	struct asmtpl_value v;

	v.sec = in->cur;
	v.known = true;
	v.lo = in->secs[in->cur].lo;
	v.hi = in->secs[in->cur].hi;
	return v;
}

struct asmtpl_value asmtpl_asmstate_resolve(void *arg, const char *name, size_t n)
{
	struct interp *in = arg;
	const struct label *lab;

	if (n == 1 && name[0] == '.')
		return asmtpl_asmstate_here(in);
	if (n >= 2 && name[0] >= '0' && name[0] <= '9' &&
	    (name[n - 1] == 'b' || name[n - 1] == 'B' ||
	     name[n - 1] == 'f' || name[n - 1] == 'F')) {
		/* "661b": latest so far; "661f": the next one, from the last pass */
		if (name[n - 1] == 'b' || name[n - 1] == 'B')
			lab = asmtpl_labels_latest(&in->labels, name, n - 1);
		else
			lab = asmtpl_labels_next_after(&in->prev_labels, name,
						       n - 1, in->ordinal);
		return lab ? lab->pos : asmtpl_value_unknown();
	}
	lab = asmtpl_labels_latest(&in->labels, name, n);
	if (!lab)
		lab = asmtpl_labels_latest(&in->prev_labels, name, n);
	return lab ? lab->pos : asmtpl_value_unknown();
}

struct asmtpl_value asmtpl_asmstate_eval(struct interp *in, const char *s, const char *e,
				const char **next)
{
	size_t end = 0;
	struct asmtpl_value v = asmtpl_expr_eval(s, (size_t)(e - s), &end,
						  asmtpl_asmstate_resolve, in);

	if (next)
		*next = s + end;
	return v;
}

/* ---- what lands in the function's section ------------------------------ */

/*
 * One unit the disassembler shows: an instruction, or a 1-byte NOP that
 * merges with the NOPs next to it.  A pending prefix ("lock;", a lone
 * ".byte 0x3e") is part of whatever comes next.
 */
static void count_item(struct interp *in, bool nop1)
{
	if (in->pending_prefix) {
		in->pending_prefix = false;
		in->run = RUN_NONE;
		return;
	}
	if (nop1) {
		if (in->run != RUN_NOPS)
			in->res->est_insns++;
		in->run = RUN_NOPS;
		return;
	}
	in->res->est_insns++;
	in->run = RUN_NONE;
}

static void count_data(struct interp *in)
{
	if (in->pending_prefix) {
		in->pending_prefix = false;
	} else if (in->run != RUN_DATA) {
		in->res->est_insns++;
	}
	in->run = RUN_DATA;
}

/*
 * x86: the bytes of a data run in the function's section are split into
 * instructions by length, as a disassembler for the code size they were
 * assembled in does.  Bytes that end inside an instruction start one
 * that the next statement completes.
 */
void asmtpl_asmstate_flush_bytes(struct interp *in)
{
	size_t pos = 0, len;

	while (pos < in->nbytes) {
		int st = asmtpl_x86_decode(in->x86_mode, in->bytes + pos,
					   in->known + pos, in->nbytes - pos,
					   &len);

		if (st == ASMTPL_X86_OK) {
			count_item(in, len == 1 && in->known[pos] &&
					       in->bytes[pos] == 0x90);
			pos += len;
			continue;
		}
		count_item(in, false);
		if (st == ASMTPL_X86_SHORT)
			in->pending_prefix = true;
		break;
	}
	in->nbytes = 0;
}

static bool decodes_bytes(const struct interp *in)
{
	return asmtpl_arch_is_x86(in->arch) && asmtpl_asmstate_is_entry(in);
}

/* n bytes of data; known[i] false where the value is a link-time one. */
void asmtpl_asmstate_emit_bytes(struct interp *in, const uint8_t *bytes,
			      const uint8_t *known, size_t n)
{
	size_t i;

	if (!n) {
		asmtpl_asmstate_advance(in, 0, 0);
		return;
	}
	if (!decodes_bytes(in)) {
		if (asmtpl_asmstate_is_entry(in))
			count_data(in);
		asmtpl_asmstate_advance(in, (int64_t)n, (int64_t)n);
		return;
	}
	for (i = 0; i < n; i++) {
		if (in->nbytes == sizeof(in->bytes))
			asmtpl_asmstate_flush_bytes(in);
		in->bytes[in->nbytes] = bytes[i];
		in->known[in->nbytes] = known[i];
		in->nbytes++;
	}
	asmtpl_asmstate_advance(in, (int64_t)n, (int64_t)n);
}

void asmtpl_asmstate_emit_prefix(struct interp *in)
{
	if (asmtpl_asmstate_is_entry(in)) {
		asmtpl_asmstate_flush_bytes(in);
		if (!in->pending_prefix)
			in->res->est_insns++;
		in->pending_prefix = true;
		in->run = RUN_NONE;
	}
	asmtpl_asmstate_advance(in, 1, 1);
}

/* A textual instruction of [lo, hi] bytes; nop1: x86 "nop". */
void asmtpl_asmstate_emit_insn(struct interp *in, bool nop1, int64_t lo,
			     int64_t hi)
{
	if (asmtpl_asmstate_is_entry(in)) {
		asmtpl_asmstate_flush_bytes(in);
		count_item(in, nop1);
	} else {
		in->res->other_insns++;
	}
	asmtpl_asmstate_advance(in, lo, hi);
}

/* Fill of [lo, hi] bytes of value byte (-1: unknown) in the current section. */
void asmtpl_asmstate_emit_fill(struct interp *in, struct asmtpl_value size, int byte)
{
	int64_t lo = size.known ? size.lo : 0;
	int64_t hi = size.known ? size.hi : INT64_MAX / 4;

	if (!size.known)
		asmtpl_diag_add(in->res, ASMTPL_DIAG_UNEVALUATED_COUNT, in->off);
	if (lo < 0)
		lo = 0;
	if (hi < 0)
		hi = 0;
	if (hi == 0) {
		asmtpl_asmstate_advance(in, 0, 0);
		return;
	}
	/* A small fill of known size and value is just bytes. */
	if (decodes_bytes(in) && lo == hi && lo <= 256 && byte >= 0) {
		uint8_t b[256], k[256];

		memset(b, byte, (size_t)lo);
		memset(k, 1, (size_t)lo);
		asmtpl_asmstate_emit_bytes(in, b, k, (size_t)lo);
		return;
	}
	if (asmtpl_asmstate_is_entry(in)) {
		asmtpl_asmstate_flush_bytes(in);
		if (asmtpl_arch_is_x86(in->arch) && byte == 0x90) {
			if (lo > 0)
				count_item(in, true);
			else
				in->res->pad_uncertain++;
		} else if (lo > 0) {
			asmtpl_diag_add(in->res, ASMTPL_DIAG_DATA_FILL, in->off);
			count_data(in);
		} else {
			in->res->pad_uncertain++;
		}
	}
	asmtpl_asmstate_advance(in, lo, hi);
}

void asmtpl_asmstate_emit_align(struct interp *in, int64_t align)
{
	if (align <= 1) {
		asmtpl_asmstate_advance(in, 0, 0);
		return;
	}
	if (asmtpl_asmstate_is_entry(in)) {
		int64_t gap = align - 1, most;

		/*
		 * The gap is filled with as few NOPs as the target allows:
		 * gas uses NOPs of up to 11 bytes in x86 64-bit code (a
		 * 14-byte gap is 11 + 3), 4-byte NOPs on arm64.  In 32- and
		 * 16-bit code (gas's default i386 CPU, no nopl) it fills with
		 * lea forms of up to 7 and 4 bytes and jumps over a long gap:
		 * measured with binutils 2.40, never more than gap / 4 + 1
		 * instructions (a 31-byte gap in 16-bit code is a jmp, seven
		 * 4-byte leas and a nop).
		 */
		if (in->arch == ASMTPL_ARCH_ARM64)
			most = gap / 4;
		else if (in->x86_mode == ASMTPL_X86_CODE64)
			most = (gap + 10) / 11;
		else
			most = (gap + 3) / 4 + 1;
		asmtpl_asmstate_flush_bytes(in);
		in->res->pad_uncertain += (unsigned)(most > 1000 ? 1000 : most);
	}
	asmtpl_asmstate_advance(in, 0, align - 1);
}

/* Data of [lo, hi] bytes whose values the model does not take apart. */
void asmtpl_asmstate_emit_data(struct interp *in, int64_t lo, int64_t hi)
{
	if (hi <= 0) {
		asmtpl_asmstate_advance(in, 0, 0);
		return;
	}
	if (asmtpl_asmstate_is_entry(in)) {
		asmtpl_asmstate_flush_bytes(in);
		count_data(in);
	}
	asmtpl_asmstate_advance(in, lo, hi);
}

/* ---- words and lines ------------------------------------------------------ */

/* Bounds of one '\n'-terminated line starting at p. */
const char *asmtpl_asmstate_line_end(const char *p, const char *e)
{
	const char *nl = memchr(p, '\n', (size_t)(e - p));

	return nl ? nl : e;
}

/* The first word of a line, directive dot included. */
size_t asmtpl_asmstate_first_word(const char *s, const char *e, const char **w)
{
	const char *p;

	s = asmtpl_asmstate_skip_ws(s, e);
	*w = s;
	p = s;
	while (p < e && asmtpl_is_symbol_char(*p))
		p++;
	return (size_t)(p - s);
}
