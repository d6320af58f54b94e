// SPDX-License-Identifier: GPL-2.0
/*
 * The interpreter: runs the cleaned statements of a template the way GNU
 * as would, tracking the section stack, label positions and what each
 * statement emits, and counts the instructions that land in the section
 * current at entry (the function's code, subsection 0).
 *
 * Counting follows what a disassembler shows between two labels put
 * around the statement:
 *   - an instruction is one; an x86 prefix written as its own statement
 *     ("lock;", "rep;") merges with what follows;
 *   - a run of data directives (".byte 0x0f,0x1f,0x44,0,0") encodes one
 *     instruction, as every such run in the kernel does;
 *   - NOP padding (".skip N,0x90") is one run of 1-byte NOPs: one when N
 *     is known positive, none when known zero, and when N cannot be
 *     bounded away from zero it counts as none and adds to pad_uncertain;
 *     code alignment is always such uncertain padding.
 *
 * Label positions are intervals (see expr.c); forward references ("661f")
 * need the positions of a previous pass, so the whole template runs up to
 * ASMTPL_MAX_PASSES times, until label positions stop changing.
 */
#include <stdlib.h>
#include <string.h>

#include "interp.h"


bool asmtpl_interp_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

const char *asmtpl_interp_skip_ws(const char *s, const char *e)
{
	while (s < e && asmtpl_interp_is_space(*s))
		s++;
	return s;
}

bool asmtpl_interp_is_entry(const struct interp *in)
{
	return in->cur == 0;
}

/* ---- sections ---------------------------------------------------------- */

int asmtpl_interp_section_get(struct interp *in, const char *name, size_t n,
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

void asmtpl_interp_section_switch(struct interp *in, int to)
{
	in->prev = in->cur;
	in->cur = to;
}

/* Marks the current section as written to and advances its position. */
void asmtpl_interp_advance(struct interp *in, int64_t lo, int64_t hi)
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
size_t asmtpl_interp_section_name(const char *s, const char *e, const char **name)
{
	const char *p;

	s = asmtpl_interp_skip_ws(s, e);
	if (s < e && *s == '"') {
		p = ++s;
		while (p < e && *p != '"')
			p++;
		*name = s;
		return (size_t)(p - s);
	}
	p = s;
	while (p < e && *p != ',' && !asmtpl_interp_is_space(*p))
		p++;
	*name = s;
	return (size_t)(p - s);
}

/* ---- labels and symbols ----------------------------------------------- */

bool asmtpl_interp_labels_add(struct interp *in, struct labels *l, const char *name,
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

struct asmtpl_value asmtpl_interp_here(const struct interp *in)
{
	struct asmtpl_value v;

	v.sec = in->cur;
	v.known = true;
	v.lo = in->secs[in->cur].lo;
	v.hi = in->secs[in->cur].hi;
	return v;
}

struct asmtpl_value asmtpl_interp_resolve(void *arg, const char *name, size_t n)
{
	struct interp *in = arg;
	const struct label *lab;

	if (n == 1 && name[0] == '.')
		return asmtpl_interp_here(in);
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

struct asmtpl_value asmtpl_interp_eval(struct interp *in, const char *s, const char *e,
				const char **next)
{
	size_t end = 0;
	struct asmtpl_value v = asmtpl_expr_eval(s, (size_t)(e - s), &end,
						  asmtpl_interp_resolve, in);

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
void asmtpl_interp_flush_bytes(struct interp *in)
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
	return asmtpl_arch_is_x86(in->arch) && asmtpl_interp_is_entry(in);
}

/* n bytes of data; known[i] false where the value is a link-time one. */
void asmtpl_interp_emit_bytes(struct interp *in, const uint8_t *bytes,
			      const uint8_t *known, size_t n)
{
	size_t i;

	if (!n) {
		asmtpl_interp_advance(in, 0, 0);
		return;
	}
	if (!decodes_bytes(in)) {
		if (asmtpl_interp_is_entry(in))
			count_data(in);
		asmtpl_interp_advance(in, (int64_t)n, (int64_t)n);
		return;
	}
	for (i = 0; i < n; i++) {
		if (in->nbytes == sizeof(in->bytes))
			asmtpl_interp_flush_bytes(in);
		in->bytes[in->nbytes] = bytes[i];
		in->known[in->nbytes] = known[i];
		in->nbytes++;
	}
	asmtpl_interp_advance(in, (int64_t)n, (int64_t)n);
}

void asmtpl_interp_emit_prefix(struct interp *in)
{
	if (asmtpl_interp_is_entry(in)) {
		asmtpl_interp_flush_bytes(in);
		if (!in->pending_prefix)
			in->res->est_insns++;
		in->pending_prefix = true;
		in->run = RUN_NONE;
	}
	asmtpl_interp_advance(in, 1, 1);
}

/* A textual instruction of [lo, hi] bytes; nop1: x86 "nop". */
void asmtpl_interp_emit_insn(struct interp *in, bool nop1, int64_t lo,
			     int64_t hi)
{
	if (asmtpl_interp_is_entry(in)) {
		asmtpl_interp_flush_bytes(in);
		count_item(in, nop1);
	} else {
		in->res->other_insns++;
	}
	asmtpl_interp_advance(in, lo, hi);
}

/* Fill of [lo, hi] bytes of value byte (-1: unknown) in the current section. */
void asmtpl_interp_emit_fill(struct interp *in, struct asmtpl_value size, int byte)
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
		asmtpl_interp_advance(in, 0, 0);
		return;
	}
	/* A small fill of known size and value is just bytes. */
	if (decodes_bytes(in) && lo == hi && lo <= 256 && byte >= 0) {
		uint8_t b[256], k[256];

		memset(b, byte, (size_t)lo);
		memset(k, 1, (size_t)lo);
		asmtpl_interp_emit_bytes(in, b, k, (size_t)lo);
		return;
	}
	if (asmtpl_interp_is_entry(in)) {
		asmtpl_interp_flush_bytes(in);
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
	asmtpl_interp_advance(in, lo, hi);
}

void asmtpl_interp_emit_align(struct interp *in, int64_t align)
{
	if (align <= 1) {
		asmtpl_interp_advance(in, 0, 0);
		return;
	}
	if (asmtpl_interp_is_entry(in)) {
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
		asmtpl_interp_flush_bytes(in);
		in->res->pad_uncertain += (unsigned)(most > 1000 ? 1000 : most);
	}
	asmtpl_interp_advance(in, 0, align - 1);
}

/* Data of [lo, hi] bytes whose values the model does not take apart. */
void asmtpl_interp_emit_data(struct interp *in, int64_t lo, int64_t hi)
{
	if (hi <= 0) {
		asmtpl_interp_advance(in, 0, 0);
		return;
	}
	if (asmtpl_interp_is_entry(in)) {
		asmtpl_interp_flush_bytes(in);
		count_data(in);
	}
	asmtpl_interp_advance(in, lo, hi);
}

/* ---- directive arguments ------------------------------------------------ */

/* ---- blocks --------------------------------------------------------------- */


/* Bounds of one '\n'-terminated line starting at p. */
const char *asmtpl_interp_line_end(const char *p, const char *e)
{
	const char *nl = memchr(p, '\n', (size_t)(e - p));

	return nl ? nl : e;
}

/* The first word of a line, directive dot included. */
size_t asmtpl_interp_first_word(const char *s, const char *e, const char **w)
{
	const char *p;

	s = asmtpl_interp_skip_ws(s, e);
	*w = s;
	p = s;
	while (p < e && asmtpl_is_symbol_char(*p))
		p++;
	return (size_t)(p - s);
}


enum family asmtpl_interp_opens(const char *w, size_t n)
{
	if (asmtpl_word_eq(w, n, ".macro"))
		return FAM_MACRO;
	if (asmtpl_word_eq(w, n, ".rept") || asmtpl_word_eq(w, n, ".irp") ||
	    asmtpl_word_eq(w, n, ".irpc"))
		return FAM_REPT;
	if (n >= 3 && asmtpl_word_eq(w, 3, ".if"))
		return FAM_IF;
	return FAM_NONE;
}

static bool closes(const char *w, size_t n, enum family f)
{
	if (f == FAM_MACRO)
		return asmtpl_word_eq(w, n, ".endm");
	if (f == FAM_REPT)
		return asmtpl_word_eq(w, n, ".endr");
	return asmtpl_word_eq(w, n, ".endif");
}

/*
 * Finds the line that closes a block whose body starts at body; nested
 * blocks of the same family are skipped.  Returns NULL when it is missing.
 */
const char *asmtpl_interp_find_close(const char *body, const char *e, enum family f,
			      const char **after)
{
	const char *p = body;
	int depth = 1;

	while (p < e) {
		const char *le = asmtpl_interp_line_end(p, e), *w;
		size_t n = asmtpl_interp_first_word(p, le, &w);

		if (asmtpl_interp_opens(w, n) == f)
			depth++;
		else if (closes(w, n, f) && --depth == 0) {
			*after = le < e ? le + 1 : e;
			return p;
		}
		p = le < e ? le + 1 : e;
	}
	return NULL;
}

/* ---- one statement --------------------------------------------------------- */

static const char *const x86_prefixes[] = {
	"lock", "rep", "repe", "repz", "repne", "repnz", "xacquire",
	"xrelease", "bnd", "notrack", "data16", "data32", "addr16", "addr32",
	"rex", "rex64", "cs", "ds", "es", "fs", "gs", "ss", NULL,
};

static bool is_x86_prefix(const char *w, size_t n)
{
	if (n >= 4 && asmtpl_word_eq(w, 4, "rex."))
		return true;
	return asmtpl_word_in_list(x86_prefixes, w, n);
}

/*
 * An instruction, after its labels.  On x86, prefixes written as their
 * own statement ("lock;") merge with what follows, and the length bounds
 * of common instructions feed the padding arithmetic.
 */
static void do_instruction(struct interp *in, const char *s, const char *e)
{
	const char *mn, *ops;
	unsigned prefixes = 0;
	size_t mlen, olen;
	int64_t lo = 4, hi = 4;
	bool other = false;

	if (in->arch == ASMTPL_ARCH_ARM64) {
		asmtpl_interp_emit_insn(in, false, 4, 4);
		return;
	}
	for (;;) {
		mlen = asmtpl_interp_first_word(s, e, &mn);
		if (!mlen || !is_x86_prefix(mn, mlen))
			break;
		s = asmtpl_interp_skip_ws(mn + mlen, e);
		if (s >= e) {
			if (prefixes)
				asmtpl_interp_advance(in, prefixes, prefixes);
			asmtpl_interp_emit_prefix(in);
			return;
		}
		prefixes++;
	}
	ops = asmtpl_interp_skip_ws(mn + mlen, e);
	olen = (size_t)(e - ops);
	while (olen && asmtpl_interp_is_space(ops[olen - 1]))
		olen--;
	if (olen) {
		size_t n = 0;

		while (n < olen && asmtpl_is_symbol_char(ops[n]))
			n++;
		if (n == olen) {
			struct asmtpl_value t = asmtpl_interp_resolve(in, ops, olen);

			other = t.known && t.sec >= 0 && t.sec != in->cur;
		}
	}
	asmtpl_x86_text_bounds(in->x86_mode, mn, mlen, ops, olen, prefixes,
			       other, &lo, &hi);
	asmtpl_interp_emit_insn(in, !prefixes && !olen && asmtpl_word_eq(mn, mlen, "nop"),
				lo, hi);
}

/* Runs [s, e): one statement; may consume following lines (blocks). */
static void do_statement(struct interp *in, const char *s, const char *e,
			 const char *block_end, const char **resume)
{
	const char *w;
	size_t n;

	/* Labels: "661:", "name:", several on a line, then maybe more. */
	for (;;) {
		const char *p;

		n = asmtpl_interp_first_word(s, e, &w);
		p = w + n;
		if (!n || p >= e || *p != ':' || (p + 1 < e && p[1] == ':'))
			break;
		if (!in->learn_only &&
		    !asmtpl_interp_labels_add(in, &in->labels, w, n, asmtpl_interp_here(in)))
			return;
		s = p + 1;
	}
	s = asmtpl_interp_skip_ws(s, e);
	if (s >= e)
		return;
	if (*s == '%') {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_OPERAND_STATEMENT, in->off);
		if (in->arch == ASMTPL_ARCH_ARM64)
			asmtpl_interp_emit_insn(in, false, 4, 4);
		else
			asmtpl_interp_emit_insn(in, false, 1, 15);
		return;
	}
	n = asmtpl_interp_first_word(s, e, &w);
	if (n && w[0] == '.' && n > 1) {
		in->dirs->run(in, w + 1, n - 1, asmtpl_interp_skip_ws(w + n, e), e, block_end,
			     resume);
		return;
	}
	{
		const char *p = asmtpl_interp_skip_ws(w + n, e);

		/* "sym = expr" */
		if (n && p < e && *p == '=' && (p + 1 >= e || p[1] != '=')) {
			struct asmtpl_value v = asmtpl_interp_eval(in, p + 1, e, NULL);

			if (!in->learn_only)
				asmtpl_interp_labels_add(in, &in->labels, w, n, v);
			return;
		}
	}
	if (n) {
		struct asmtpl_macro *mac = asmtpl_macros_find(&in->ctx->macros, w, n);

		if (mac) {
			char *text = NULL;
			size_t tlen = 0;
			const char *a = asmtpl_interp_skip_ws(w + n, e);

			if (in->depth >= ASMTPL_MAX_NESTING) {
				asmtpl_diag_add(in->res, ASMTPL_DIAG_LIMIT, in->off);
				in->stop = true;
				return;
			}
			if (asmtpl_macro_expand(mac, a, (size_t)(e - a),
						in->macro_count++, &text, &tlen)) {
				in->err = ASMTPL_ERR_NOMEM;
				return;
			}
			in->depth++;
			asmtpl_interp_run_text(in, text, tlen, NULL, in->off);
			in->depth--;
			in->exitm = false;
			free(text);
			return;
		}
	}
	if (in->learn_only)
		return;
	for (int i = 0; i < in->npurged; i++) {
		if (asmtpl_word_eq(w, n, in->purged[i])) {
			asmtpl_diag_add(in->res, ASMTPL_DIAG_UNKNOWN_MACRO, in->off);
			return;
		}
	}
	do_instruction(in, s, e);
}

struct cond {
	bool active;	/* this branch runs */
	bool taken;	/* some branch of this .if ran */
	bool outer;	/* the enclosing branch runs */
};

/* Runs '\n'-separated clean text; offs (or fixed_off) give diag offsets. */
void asmtpl_interp_run_text(struct interp *in, const char *s, size_t len,
		     const size_t *offs, size_t fixed_off)
{
	struct cond conds[ASMTPL_MAX_NESTING];
	int nconds = 0;
	const char *p = s, *e = s + len;

	while (p < e && !in->stop && !in->err && !in->exitm) {
		const char *le = asmtpl_interp_line_end(p, e), *w, *resume = NULL;
		size_t n = asmtpl_interp_first_word(p, le, &w);
		bool active = nconds == 0 || conds[nconds - 1].active;

		in->off = offs ? offs[p - s] : fixed_off;
		if (++in->ordinal > ASMTPL_MAX_STATEMENTS) {
			asmtpl_diag_add(in->res, ASMTPL_DIAG_LIMIT, in->off);
			in->stop = true;
			break;
		}
		if (n >= 3 && w[0] == '.' && asmtpl_word_eq(w, 3, ".if")) {
			int c = active ? in->dirs->condition(in, w + 1, n - 1, asmtpl_interp_skip_ws(w + n, le), le) : 0;

			if (c < 0) {
				asmtpl_diag_add(in->res,
						ASMTPL_DIAG_UNEVALUATED_CONDITION, in->off);
				c = 1;
			}
			if (nconds >= ASMTPL_MAX_NESTING) {
				asmtpl_diag_add(in->res, ASMTPL_DIAG_LIMIT, in->off);
				in->stop = true;
				break;
			}
			conds[nconds].outer = active;
			conds[nconds].active = active && c;
			conds[nconds].taken = active && c;
			nconds++;
		} else if (asmtpl_word_eq(w, n, ".else") || asmtpl_word_eq(w, n, ".elseif")) {
			if (!nconds) {
				asmtpl_diag_add(in->res, ASMTPL_DIAG_STRAY_END, in->off);
			} else {
				struct cond *c = &conds[nconds - 1];
				int v = 1;

				if (c->outer && !c->taken && n == 7) {
					v = in->dirs->condition(in, w + 1, n - 1, asmtpl_interp_skip_ws(w + n, le), le);
					if (v < 0) {
						asmtpl_diag_add(in->res,
								ASMTPL_DIAG_UNEVALUATED_CONDITION,
								in->off);
						v = 1;
					}
				}
				c->active = c->outer && !c->taken && v;
				c->taken = c->taken || c->active;
			}
		} else if (asmtpl_word_eq(w, n, ".endif")) {
			if (!nconds)
				asmtpl_diag_add(in->res, ASMTPL_DIAG_STRAY_END, in->off);
			else
				nconds--;
		} else if (active) {
			do_statement(in, p, le, e, &resume);
		} else {
			/* Skipped: a block inside still owns its lines. */
			enum family f = asmtpl_interp_opens(w, n);

			if (f == FAM_MACRO || f == FAM_REPT) {
				const char *after = e;

				if (!asmtpl_interp_find_close(le < e ? le + 1 : e, e, f, &after))
					after = e;
				resume = after;
			}
		}
		if (resume)
			p = resume;
		else
			p = le < e ? le + 1 : e;
	}
	if (nconds && !in->stop)
		asmtpl_diag_add(in->res, ASMTPL_DIAG_UNTERMINATED_BLOCK, in->off);
}

/* ---- passes ------------------------------------------------------------------ */

static void reset(struct interp *in)
{
	in->nsecs = 0;
	asmtpl_interp_section_get(in, "", 0, 0);	/* index 0: the function's section */
	in->cur = 0;
	in->prev = -1;
	in->sp = 0;
	asmtpl_labels_clear(&in->labels);
	in->ordinal = 0;
	in->macro_count = 0;
	in->depth = 0;
	in->stop = false;
	in->exitm = false;
	in->nassumed = 0;
	in->run = RUN_NONE;
	in->pending_prefix = false;
	in->npurged = 0;
	in->nbytes = 0;
	in->x86_mode = in->ctx->x86_mode;
}

static bool same_labels(const struct labels *a, const struct labels *b)
{
	size_t i;

	if (a->n != b->n)
		return false;
	for (i = 0; i < a->n; i++) {
		const struct asmtpl_value *x = &a->v[i].pos, *y = &b->v[i].pos;

		if (x->known != y->known || x->sec != y->sec ||
		    (x->known && (x->lo != y->lo || x->hi != y->hi)))
			return false;
	}
	return true;
}

int asmtpl_interpret(struct asmtpl_ctx *ctx, const struct asmtpl_text *clean,
		     enum asmtpl_syntax syntax, struct asmtpl_result *res,
		     bool learn_only, const struct interp_directives *dirs)
{
	struct asmtpl_result base = *res;	/* diagnostics of earlier stages */
	struct asmtpl_macros saved = { 0 };
	struct interp in;
	int pass;

	memset(&in, 0, sizeof(in));
	in.dirs = dirs;
	in.ctx = ctx;
	in.arch = ctx->arch;
	in.res = res;
	in.basic = syntax == ASMTPL_SYNTAX_BASIC;
	in.learn_only = learn_only;

	/* Macros defined by this statement must not leak between passes. */
	if (!learn_only && asmtpl_macros_copy(&saved, &ctx->macros)) {
		asmtpl_macros_free(&saved);
		return ASMTPL_ERR_NOMEM;
	}
	for (pass = 0; pass < (learn_only ? 1 : ASMTPL_MAX_PASSES); pass++) {
		struct labels t;

		*res = base;
		reset(&in);
		if (in.err)
			break;
		if (pass > 0) {
			asmtpl_macros_free(&ctx->macros);
			if (asmtpl_macros_copy(&ctx->macros, &saved)) {
				in.err = ASMTPL_ERR_NOMEM;
				break;
			}
		}
		asmtpl_interp_run_text(&in, clean->s, clean->len, clean->off, 0);
		if (in.err)
			break;
		if (learn_only) {
			/* A top-level .code directive holds from here on. */
			if (in.x86_mode != ctx->x86_mode) {
				ctx->x86_mode = in.x86_mode;
				ctx->state_gen++;
			}
			break;
		}
		asmtpl_interp_flush_bytes(&in);	/* they were in the entry */
		/* GCC assembles what follows for the code size it began in. */
		if (in.x86_mode != ctx->x86_mode)
			asmtpl_diag_add(res,
					ASMTPL_DIAG_ENDS_IN_OTHER_CODE_SIZE,
					clean->len ? clean->off[clean->len - 1]
						   : 0);
		if (in.sp)
			asmtpl_diag_add(res, ASMTPL_DIAG_UNCLOSED_PUSH, clean->len ?
					clean->off[clean->len - 1] : 0);
		else if (in.cur != 0)
			asmtpl_diag_add(res, ASMTPL_DIAG_ENDS_IN_OTHER_SECTION,
					clean->len ? clean->off[clean->len - 1] : 0);
		if (same_labels(&in.labels, &in.prev_labels))
			break;
		t = in.prev_labels;
		in.prev_labels = in.labels;
		in.labels = t;
	}
	asmtpl_labels_free(&in.labels);
	asmtpl_labels_free(&in.prev_labels);
	free(in.secs);
	/* A statement's own macros stay defined, as in gas, for later ones. */
	asmtpl_macros_free(&saved);
	return in.err;
}
