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

#include "internal.h"

#define MAX_SECTIONS 32
#define LABEL_NAME_MAX 64

struct section {
	char name[ASMTPL_SECTION_NAME_MAX];
	int64_t sub;
	int64_t lo, hi;
};

struct label {
	char name[LABEL_NAME_MAX];
	unsigned long ordinal;
	struct asmtpl_value pos;
};

struct labels {
	struct label *v;
	size_t n, cap;
};

enum run { RUN_NONE, RUN_DATA, RUN_NOPS };

struct interp {
	struct asmtpl_ctx *ctx;
	struct asmtpl_result *res;
	enum asmtpl_arch arch;
	bool learn_only;

	struct section secs[MAX_SECTIONS];
	int nsecs;
	int cur, prev;
	struct {
		int cur, prev;
	} stack[ASMTPL_MAX_SECTION_STACK];
	int sp;

	struct labels labels, prev_labels;
	unsigned long ordinal;
	unsigned long macro_count;
	int depth;
	bool stop;		/* a limit was reached */
	bool exitm;		/* .exitm seen in the current macro body */
	int err;		/* ASMTPL_ERR_NOMEM once an allocation failed */

	/* Macros purged in this statement: invoking one is an error in gas. */
	char purged[8][LABEL_NAME_MAX];
	int npurged;

	enum run run;
	bool pending_prefix;
	size_t off;		/* template offset of the current statement */
};

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static const char *skip_ws(const char *s, const char *e)
{
	while (s < e && is_space(*s))
		s++;
	return s;
}

static bool is_entry(const struct interp *in)
{
	return in->cur == 0;
}

/* ---- sections ---------------------------------------------------------- */

static int section_get(struct interp *in, const char *name, size_t n,
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
	i = in->nsecs++;
	memcpy(in->secs[i].name, name, n);
	in->secs[i].name[n] = '\0';
	in->secs[i].sub = sub;
	in->secs[i].lo = in->secs[i].hi = 0;
	return i;
}

static void section_switch(struct interp *in, int to)
{
	in->prev = in->cur;
	in->cur = to;
}

/* Marks the current section as written to and advances its position. */
static void advance(struct interp *in, int64_t lo, int64_t hi)
{
	struct section *s = &in->secs[in->cur];

	if (in->cur != 0 && s->name[0] != '\0')
		asmtpl_note_section(in->res, s->name);
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
static size_t section_name(const char *s, const char *e, const char **name)
{
	const char *p;

	s = skip_ws(s, e);
	if (s < e && *s == '"') {
		p = ++s;
		while (p < e && *p != '"')
			p++;
		*name = s;
		return (size_t)(p - s);
	}
	p = s;
	while (p < e && *p != ',' && !is_space(*p))
		p++;
	*name = s;
	return (size_t)(p - s);
}

/* ---- labels and symbols ----------------------------------------------- */

static bool labels_add(struct interp *in, struct labels *l, const char *name,
		       size_t n, struct asmtpl_value pos)
{
	struct label *lab;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 32;
		struct label *v = realloc(l->v, cap * sizeof(*v));

		if (!v) {
			in->err = ASMTPL_ERR_NOMEM;
			return false;
		}
		l->v = v;
		l->cap = cap;
	}
	if (n >= LABEL_NAME_MAX)
		n = LABEL_NAME_MAX - 1;
	lab = &l->v[l->n++];
	memcpy(lab->name, name, n);
	lab->name[n] = '\0';
	lab->ordinal = in->ordinal;
	lab->pos = pos;
	return true;
}

static bool name_is(const struct label *lab, const char *name, size_t n)
{
	if (n >= LABEL_NAME_MAX)
		n = LABEL_NAME_MAX - 1;
	return strlen(lab->name) == n && !memcmp(lab->name, name, n);
}

static struct asmtpl_value here(const struct interp *in)
{
	struct asmtpl_value v;

	v.sec = in->cur;
	v.known = true;
	v.lo = in->secs[in->cur].lo;
	v.hi = in->secs[in->cur].hi;
	return v;
}

static struct asmtpl_value resolve(void *arg, const char *name, size_t n)
{
	struct interp *in = arg;
	size_t i;

	if (n == 1 && name[0] == '.')
		return here(in);
	if (n >= 2 && name[0] >= '0' && name[0] <= '9' &&
	    (name[n - 1] == 'b' || name[n - 1] == 'B' ||
	     name[n - 1] == 'f' || name[n - 1] == 'F')) {
		bool back = name[n - 1] == 'b' || name[n - 1] == 'B';

		if (back) {
			for (i = in->labels.n; i-- > 0;)
				if (name_is(&in->labels.v[i], name, n - 1))
					return in->labels.v[i].pos;
			return asmtpl_value_unknown();
		}
		for (i = 0; i < in->prev_labels.n; i++) {
			const struct label *l = &in->prev_labels.v[i];

			if (l->ordinal > in->ordinal && name_is(l, name, n - 1))
				return l->pos;
		}
		return asmtpl_value_unknown();
	}
	for (i = in->labels.n; i-- > 0;)
		if (name_is(&in->labels.v[i], name, n))
			return in->labels.v[i].pos;
	for (i = in->prev_labels.n; i-- > 0;)
		if (name_is(&in->prev_labels.v[i], name, n))
			return in->prev_labels.v[i].pos;
	return asmtpl_value_unknown();
}

static struct asmtpl_value eval(struct interp *in, const char *s, const char *e,
				const char **next)
{
	size_t end = 0;
	struct asmtpl_value v = asmtpl_expr_eval(s, (size_t)(e - s), &end,
						  resolve, in);

	if (next)
		*next = s + end;
	return v;
}

/* ---- what lands in the function's section ------------------------------ */

static void count_insn(struct interp *in, bool prefix_only)
{
	if (!is_entry(in)) {
		if (!prefix_only)
			in->res->other_insns++;
		return;
	}
	if (prefix_only) {
		if (!in->pending_prefix)
			in->res->est_insns++;
		in->pending_prefix = true;
	} else if (in->pending_prefix) {
		in->pending_prefix = false;
	} else {
		in->res->est_insns++;
	}
	in->run = RUN_NONE;
}

static void count_data(struct interp *in, enum run kind)
{
	if (!is_entry(in))
		return;
	if (in->pending_prefix) {
		in->pending_prefix = false;
	} else if (in->run != kind) {
		in->res->est_insns++;
	}
	in->run = kind;
}

static void emit_insn(struct interp *in, bool prefix_only)
{
	count_insn(in, prefix_only);
	if (in->arch == ASMTPL_ARCH_ARM64)
		advance(in, 4, 4);
	else if (prefix_only)
		advance(in, 1, 1);
	else
		advance(in, 1, 15);
}

/* Fill of [lo, hi] bytes of value byte (-1: unknown) in the current section. */
static void emit_fill(struct interp *in, struct asmtpl_value size, int byte)
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
		advance(in, 0, 0);
		return;
	}
	if (is_entry(in)) {
		if (in->arch == ASMTPL_ARCH_X86_64 && byte == 0x90) {
			if (lo > 0)
				count_data(in, RUN_NOPS);
			else
				in->res->pad_uncertain++;
		} else if (in->arch == ASMTPL_ARCH_X86_64 && byte == 0xcc &&
			   lo == hi) {
			/* int3, one byte each */
			in->res->est_insns += (unsigned)(lo > 100000 ? 100000 : lo);
			in->pending_prefix = false;
			in->run = RUN_NONE;
		} else if (lo > 0) {
			asmtpl_diag_add(in->res, ASMTPL_DIAG_DATA_FILL, in->off);
			count_data(in, RUN_DATA);
		} else {
			in->res->pad_uncertain++;
		}
	}
	advance(in, lo, hi);
}

static void emit_align(struct interp *in, int64_t align)
{
	if (align <= 1) {
		advance(in, 0, 0);
		return;
	}
	if (is_entry(in))
		in->res->pad_uncertain++;
	advance(in, 0, align - 1);
}

static void emit_data(struct interp *in, int64_t lo, int64_t hi)
{
	if (hi <= 0) {
		advance(in, 0, 0);
		return;
	}
	count_data(in, RUN_DATA);
	advance(in, lo, hi);
}

/* ---- directive arguments ------------------------------------------------ */

/* Number of top-level comma-separated items; 0 for blank. */
static int64_t count_items(const char *s, const char *e)
{
	int64_t n = 0;
	bool quote = false, item = false;
	int parens = 0;

	for (; s < e; s++) {
		if (*s == '"' && (s == e || s[-1] != '\\'))
			quote = !quote;
		if (!quote && *s == '(')
			parens++;
		if (!quote && *s == ')')
			parens--;
		if (!quote && parens <= 0 && *s == ',') {
			n++;
			item = false;
			continue;
		}
		if (!is_space(*s))
			item = true;
	}
	return n + (item ? 1 : 0);
}

/* Total bytes of the string literals in s (escapes decoded), strings counted. */
static int64_t string_bytes(const char *s, const char *e, int64_t *nstrings)
{
	int64_t bytes = 0;

	*nstrings = 0;
	while (s < e) {
		if (*s != '"') {
			s++;
			continue;
		}
		s++;
		(*nstrings)++;
		while (s < e && *s != '"') {
			if (*s == '\\' && s + 1 < e) {
				s++;
				if (*s >= '0' && *s <= '7') {
					int k = 0;

					while (k < 3 && s < e && *s >= '0' && *s <= '7') {
						s++;
						k++;
					}
					bytes++;
					continue;
				}
				if (*s == 'x') {
					s++;
					while (s < e && ((*s >= '0' && *s <= '9') ||
							 (*s >= 'a' && *s <= 'f') ||
							 (*s >= 'A' && *s <= 'F')))
						s++;
					bytes++;
					continue;
				}
			}
			s++;
			bytes++;
		}
		if (s < e)
			s++;
	}
	return bytes;
}

struct data_dir {
	const char *name;
	int x86_width, arm64_width;	/* bytes per item; 0: not on this arch */
};

static const struct data_dir data_dirs[] = {
	{ "byte", 1, 1 }, { "2byte", 2, 2 }, { "short", 2, 2 },
	{ "hword", 2, 2 }, { "value", 2, 2 }, { "word", 2, 4 },
	{ "4byte", 4, 4 }, { "long", 4, 4 }, { "int", 4, 4 },
	{ "8byte", 8, 8 }, { "quad", 8, 8 }, { "xword", 0, 8 },
	{ "dword", 0, 8 }, { "octa", 16, 16 }, { "float", 4, 4 },
	{ "single", 4, 4 }, { "double", 8, 8 }, { "dc.b", 1, 1 },
	{ "dc.w", 2, 2 }, { "dc.l", 4, 4 }, { "dc.a", 8, 8 },
	{ "dc.d", 8, 8 }, { "dc.s", 4, 4 },
};

/* Directives that emit nothing and change no state we model. */
static const char *const quiet_dirs[] = {
	"globl", "global", "local", "weak", "weakref", "hidden", "protected",
	"internal", "type", "size", "file", "loc", "loc_view", "ident",
	"comm", "lcomm", "symver", "arch", "arch_extension", "cpu", "fpu",
	"code16", "code32", "code64", "code16gcc", "intel_syntax",
	"att_syntax", "intel_mnemonic", "att_mnemonic", "reloc", "error",
	"warning", "print", "altmacro", "noaltmacro", "org", "nolist", "list",
	"eject", "title", "sbttl", "psize", "variant_pcs", "tlsdesccall",
	"linkonce", "attribute", "gnu_attribute", "protected", "extern",
	"lflags", "desc", "stabs", "stabn", "stabd", "def", "endef", "scl",
	"tag", "val", "dim", "line", "ln", "sleb", "hword_unaligned",
	"addrsig", "addrsig_sym", "frame", "noinstrument",
	NULL,
};

static bool in_list(const char *const *list, const char *d, size_t n)
{
	for (; *list; list++)
		if (asmtpl_word_eq(d, n, *list))
			return true;
	return false;
}

/* ---- blocks --------------------------------------------------------------- */

static void run_text(struct interp *in, const char *s, size_t len,
		     const size_t *offs, size_t fixed_off);

/* Bounds of one '\n'-terminated line starting at p. */
static const char *line_end(const char *p, const char *e)
{
	const char *nl = memchr(p, '\n', (size_t)(e - p));

	return nl ? nl : e;
}

/* The first word of a line, directive dot included. */
static size_t first_word(const char *s, const char *e, const char **w)
{
	const char *p;

	s = skip_ws(s, e);
	*w = s;
	p = s;
	while (p < e && asmtpl_is_symbol_char(*p))
		p++;
	return (size_t)(p - s);
}

enum family { FAM_NONE, FAM_MACRO, FAM_REPT, FAM_IF };

static enum family opens(const char *w, size_t n)
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
static const char *find_close(const char *body, const char *e, enum family f,
			      const char **after)
{
	const char *p = body;
	int depth = 1;

	while (p < e) {
		const char *le = line_end(p, e), *w;
		size_t n = first_word(p, le, &w);

		if (opens(w, n) == f)
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
	return in_list(x86_prefixes, w, n);
}

/* An instruction, after its labels: count prefixes written alone. */
static void do_instruction(struct interp *in, const char *s, const char *e)
{
	if (in->arch == ASMTPL_ARCH_X86_64) {
		for (;;) {
			const char *w;
			size_t n = first_word(s, e, &w);

			if (!n || !is_x86_prefix(w, n))
				break;
			s = skip_ws(w + n, e);
			if (s >= e) {
				emit_insn(in, true);
				return;
			}
		}
	}
	emit_insn(in, false);
}

static void do_directive(struct interp *in, const char *d, size_t dn,
			 const char *a, const char *e, const char *block_end,
			 const char **resume);

/* Runs [s, e): one statement; may consume following lines (blocks). */
static void do_statement(struct interp *in, const char *s, const char *e,
			 const char *block_end, const char **resume)
{
	const char *w;
	size_t n;

	/* Labels: "661:", "name:", several on a line, then maybe more. */
	for (;;) {
		const char *p;

		n = first_word(s, e, &w);
		p = w + n;
		if (!n || p >= e || *p != ':' || (p + 1 < e && p[1] == ':'))
			break;
		if (!in->learn_only &&
		    !labels_add(in, &in->labels, w, n, here(in)))
			return;
		s = p + 1;
	}
	s = skip_ws(s, e);
	if (s >= e)
		return;
	if (*s == '%') {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_OPERAND_STATEMENT, in->off);
		emit_insn(in, false);
		return;
	}
	n = first_word(s, e, &w);
	if (n && w[0] == '.' && n > 1) {
		do_directive(in, w + 1, n - 1, skip_ws(w + n, e), e, block_end,
			     resume);
		return;
	}
	{
		const char *p = skip_ws(w + n, e);

		/* "sym = expr" */
		if (n && p < e && *p == '=' && (p + 1 >= e || p[1] != '=')) {
			struct asmtpl_value v = eval(in, p + 1, e, NULL);

			if (!in->learn_only)
				labels_add(in, &in->labels, w, n, v);
			return;
		}
	}
	if (n) {
		struct asmtpl_macro *mac = asmtpl_macros_find(&in->ctx->macros, w, n);

		if (mac) {
			char *text = NULL;
			size_t tlen = 0;
			const char *a = skip_ws(w + n, e);

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
			run_text(in, text, tlen, NULL, in->off);
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

/* ---- directives -------------------------------------------------------------- */

static void do_rept(struct interp *in, const char *d, size_t dn,
		    const char *a, const char *e, const char *body,
		    const char *close)
{
	size_t blen = (size_t)(close - body);
	size_t off = in->off;

	if (in->depth >= ASMTPL_MAX_NESTING) {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_LIMIT, off);
		in->stop = true;
		return;
	}
	in->depth++;
	if (asmtpl_word_eq(d, dn, "rept")) {
		struct asmtpl_value v = eval(in, a, e, NULL);
		int64_t count = 1, i;

		if (asmtpl_value_is_exact(v))
			count = v.lo < 0 ? 0 : v.lo;
		else
			asmtpl_diag_add(in->res, ASMTPL_DIAG_UNEVALUATED_COUNT, off);
		for (i = 0; i < count && !in->stop && !in->err; i++)
			run_text(in, body, blen, NULL, off);
	} else {
		/* .irp sym, a, b, c  /  .irpc sym, chars */
		bool irpc = asmtpl_word_eq(d, dn, "irpc");
		const char *comma = memchr(a, ',', (size_t)(e - a));
		const char *sym = a, *p;
		size_t symlen = 0;
		char hdr[LABEL_NAME_MAX + 8];

		while (sym + symlen < e && asmtpl_is_symbol_char(sym[symlen]))
			symlen++;
		if (!symlen || symlen >= LABEL_NAME_MAX || !comma) {
			asmtpl_diag_add(in->res, ASMTPL_DIAG_UNEVALUATED_COUNT, off);
			in->depth--;
			return;
		}
		/*
		 * Reuse the macro machinery: the body becomes a macro ".irp" of
		 * one parameter, a name no invocation can reach (it is parsed
		 * as a directive).
		 */
		memcpy(hdr, ".irp ", 5);
		memcpy(hdr + 5, sym, symlen);
		if (asmtpl_macros_define(&in->ctx->macros, hdr, symlen + 5, body, blen)) {
			in->err = ASMTPL_ERR_NOMEM;
			in->depth--;
			return;
		}
		{
			struct asmtpl_macro *mac = in->ctx->macros.v[in->ctx->macros.n - 1];

			p = comma + 1;
			while (p <= e && !in->stop && !in->err) {
				const char *q = p, *ve;
				char *text = NULL;
				size_t tlen = 0;

				if (irpc) {
					p = skip_ws(p, e);
					if (p >= e)
						break;
					ve = p + 1;
				} else {
					while (q < e && *q != ',')
						q++;
					ve = q;
				}
				if (asmtpl_macro_expand(mac, p, (size_t)(ve - p), 0,
							&text, &tlen)) {
					in->err = ASMTPL_ERR_NOMEM;
					break;
				}
				run_text(in, text, tlen, NULL, off);
				free(text);
				p = ve + (irpc ? 0 : 1);
				if (!irpc && ve >= e)
					break;
			}
			/* Drop the helper macro again (it is the newest). */
			asmtpl_macros_purge(&in->ctx->macros, ".irp", 4);
		}
	}
	in->depth--;
}

static void do_directive(struct interp *in, const char *d, size_t dn,
			 const char *a, const char *e, const char *block_end,
			 const char **resume)
{
	enum asmtpl_arch arch = in->arch;
	size_t i;

	/* Blocks that own the following lines. */
	if (asmtpl_word_eq(d, dn, "macro") || asmtpl_word_eq(d, dn, "rept") ||
	    asmtpl_word_eq(d, dn, "irp") || asmtpl_word_eq(d, dn, "irpc")) {
		enum family f = d[0] == 'm' || d[0] == 'M' ? FAM_MACRO : FAM_REPT;
		const char *body = e < block_end ? e + 1 : block_end;
		const char *after = block_end;
		const char *close = find_close(body, block_end, f, &after);

		if (!close) {
			asmtpl_diag_add(in->res, ASMTPL_DIAG_UNTERMINATED_BLOCK, in->off);
			close = block_end;
		}
		*resume = after;
		if (f == FAM_MACRO) {
			if (asmtpl_macros_define(&in->ctx->macros, a, (size_t)(e - a),
						 body, (size_t)(close - body)) ==
			    ASMTPL_ERR_NOMEM)
				in->err = ASMTPL_ERR_NOMEM;
			return;
		}
		if (!in->learn_only)
			do_rept(in, d, dn, a, e, body, close);
		return;
	}
	if (asmtpl_word_eq(d, dn, "purgem")) {
		const char *w;
		size_t n = first_word(a, e, &w);

		if (!asmtpl_macros_purge(&in->ctx->macros, w, n))
			asmtpl_diag_add(in->res, ASMTPL_DIAG_UNKNOWN_MACRO, in->off);
		else if (in->npurged < 8 && n < LABEL_NAME_MAX) {
			char *dst = in->purged[in->npurged++];

			/* stored lowercase: asmtpl_word_eq() compares that way */
			for (size_t k = 0; k < n; k++)
				dst[k] = (char)((w[k] >= 'A' && w[k] <= 'Z') ?
						w[k] - 'A' + 'a' : w[k]);
			dst[n] = '\0';
		}
		return;
	}
	if (asmtpl_word_eq(d, dn, "endm") || asmtpl_word_eq(d, dn, "endr")) {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_STRAY_END, in->off);
		return;
	}
	if (asmtpl_word_eq(d, dn, "exitm")) {
		if (in->depth > 0)
			in->exitm = true;
		return;
	}
	if (in->learn_only)
		return;

	/* Sections. */
	if (asmtpl_word_eq(d, dn, "pushsection") || asmtpl_word_eq(d, dn, "section")) {
		const char *name;
		size_t n = section_name(a, e, &name);
		int64_t sub = 0;
		bool push = d[0] == 'p' || d[0] == 'P';

		if (push) {
			const char *p = memchr(a, ',', (size_t)(e - a));
			struct asmtpl_value v;

			/* ".pushsection name, subsection" when a number follows */
			if (p && (v = eval(in, p + 1, e, NULL), asmtpl_value_is_exact(v)))
				sub = v.lo;
			if (in->sp >= ASMTPL_MAX_SECTION_STACK) {
				asmtpl_diag_add(in->res, ASMTPL_DIAG_LIMIT, in->off);
				return;
			}
			in->stack[in->sp].cur = in->cur;
			in->stack[in->sp].prev = in->prev;
			in->sp++;
		}
		if (n == 5 && !memcmp(name, ".text", 5))
			asmtpl_diag_add(in->res, ASMTPL_DIAG_TEXT_SECTION, in->off);
		section_switch(in, section_get(in, name, n, sub));
		return;
	}
	if (asmtpl_word_eq(d, dn, "popsection")) {
		if (!in->sp) {
			asmtpl_diag_add(in->res, ASMTPL_DIAG_UNBALANCED_POP, in->off);
			return;
		}
		in->sp--;
		in->cur = in->stack[in->sp].cur;
		in->prev = in->stack[in->sp].prev;
		return;
	}
	if (asmtpl_word_eq(d, dn, "previous")) {
		int t;

		if (in->prev < 0) {
			asmtpl_diag_add(in->res, ASMTPL_DIAG_PREVIOUS_WITHOUT_SECTION,
					in->off);
			return;
		}
		t = in->cur;
		in->cur = in->prev;
		in->prev = t;
		return;
	}
	if (asmtpl_word_eq(d, dn, "subsection")) {
		struct asmtpl_value v = eval(in, a, e, NULL);
		const struct section *s = &in->secs[in->cur];

		if (!asmtpl_value_is_exact(v))
			asmtpl_diag_add(in->res, ASMTPL_DIAG_UNEVALUATED_COUNT, in->off);
		section_switch(in, section_get(in, s->name, strlen(s->name),
					       asmtpl_value_is_exact(v) ? v.lo : 1));
		return;
	}
	if (asmtpl_word_eq(d, dn, "text") || asmtpl_word_eq(d, dn, "data") ||
	    asmtpl_word_eq(d, dn, "bss")) {
		char name[8];
		struct asmtpl_value v = eval(in, a, e, NULL);

		name[0] = '.';
		memcpy(name + 1, d, dn);
		name[dn + 1] = '\0';
		for (i = 1; i <= dn; i++)
			if (name[i] >= 'A' && name[i] <= 'Z')
				name[i] = (char)(name[i] - 'A' + 'a');
		if (name[1] == 't')
			asmtpl_diag_add(in->res, ASMTPL_DIAG_TEXT_SECTION, in->off);
		section_switch(in, section_get(in, name, dn + 1,
					       asmtpl_value_is_exact(v) ? v.lo : 0));
		return;
	}

	/* Symbols. */
	if (asmtpl_word_eq(d, dn, "set") || asmtpl_word_eq(d, dn, "equ") ||
	    asmtpl_word_eq(d, dn, "equiv") || asmtpl_word_eq(d, dn, "eqv")) {
		const char *w;
		size_t n = first_word(a, e, &w);
		const char *p = w + n;

		while (p < e && (is_space(*p) || *p == ','))
			p++;
		if (n)
			labels_add(in, &in->labels, w, n, eval(in, p, e, NULL));
		return;
	}

	/* Instructions spelled as data (arm64 ".inst 0xd503201f"). */
	if (asmtpl_word_eq(d, dn, "inst") || asmtpl_word_eq(d, dn, "inst.w") ||
	    asmtpl_word_eq(d, dn, "inst.n") || asmtpl_word_eq(d, dn, "insn")) {
		int64_t n = count_items(a, e);

		if (asmtpl_word_eq(d, dn, "insn"))
			n = 1;	/* x86 ".insn" takes one instruction */
		for (i = 0; i < (size_t)n && i < 100000; i++)
			emit_insn(in, false);
		return;
	}

	/* Data. */
	for (i = 0; i < sizeof(data_dirs) / sizeof(data_dirs[0]); i++) {
		int w = arch == ASMTPL_ARCH_ARM64 ? data_dirs[i].arm64_width :
						    data_dirs[i].x86_width;

		if (w && asmtpl_word_eq(d, dn, data_dirs[i].name)) {
			int64_t n = count_items(a, e) * w;

			emit_data(in, n, n);
			return;
		}
	}
	if (asmtpl_word_eq(d, dn, "ascii") || asmtpl_word_eq(d, dn, "asciz") ||
	    asmtpl_word_eq(d, dn, "string") || asmtpl_word_eq(d, dn, "string8")) {
		int64_t strings = 0;
		int64_t n = string_bytes(a, e, &strings);

		if (!asmtpl_word_eq(d, dn, "ascii"))
			n += strings;
		emit_data(in, n, n);
		return;
	}
	if (asmtpl_word_eq(d, dn, "uleb128") || asmtpl_word_eq(d, dn, "sleb128")) {
		int64_t n = count_items(a, e);

		emit_data(in, n, n * 10);
		return;
	}
	if (asmtpl_word_eq(d, dn, "skip") || asmtpl_word_eq(d, dn, "space") ||
	    asmtpl_word_eq(d, dn, "zero")) {
		const char *p;
		struct asmtpl_value size = eval(in, a, e, &p);
		int byte = 0;

		if (p < e && *p == ',') {
			struct asmtpl_value f = eval(in, p + 1, e, NULL);

			byte = asmtpl_value_is_exact(f) ? (int)(f.lo & 0xff) : -1;
		}
		emit_fill(in, size, byte);
		return;
	}
	if (asmtpl_word_eq(d, dn, "fill")) {
		const char *p;
		struct asmtpl_value rep = eval(in, a, e, &p), size = asmtpl_value_exact(1);
		struct asmtpl_value total;
		int byte = 0;

		if (p < e && *p == ',') {
			size = eval(in, p + 1, e, &p);
			if (p < e && *p == ',') {
				struct asmtpl_value f = eval(in, p + 1, e, NULL);

				byte = asmtpl_value_is_exact(f) ? (int)(f.lo & 0xff) : -1;
				if (asmtpl_value_is_exact(size) && size.lo > 1)
					byte = -1;	/* multi-byte fill pattern */
			}
		}
		total = rep;
		if (rep.known && size.known && rep.sec < 0 && size.sec < 0) {
			int64_t s = size.lo > 8 ? 8 : size.lo;

			total.lo = rep.lo * (s < 0 ? 0 : s);
			total.hi = rep.hi * (s < 0 ? 0 : s);
		} else {
			total = asmtpl_value_unknown();
		}
		emit_fill(in, total, byte);
		return;
	}
	if (asmtpl_word_eq(d, dn, "nops")) {
		struct asmtpl_value size = eval(in, a, e, NULL);

		emit_fill(in, size, 0x90);
		return;
	}
	if (asmtpl_word_eq(d, dn, "balign") || asmtpl_word_eq(d, dn, "balignw") ||
	    asmtpl_word_eq(d, dn, "balignl") || asmtpl_word_eq(d, dn, "p2align") ||
	    asmtpl_word_eq(d, dn, "p2alignw") || asmtpl_word_eq(d, dn, "p2alignl") ||
	    asmtpl_word_eq(d, dn, "align")) {
		struct asmtpl_value v = eval(in, a, e, NULL);
		bool pow2 = d[0] == 'p' || d[0] == 'P' ||
			    (arch == ASMTPL_ARCH_ARM64 && asmtpl_word_eq(d, dn, "align"));
		int64_t align = 0;

		if (asmtpl_value_is_exact(v))
			align = pow2 ? (v.lo >= 0 && v.lo < 31 ? (int64_t)1 << v.lo : 0)
				     : v.lo;
		else
			asmtpl_diag_add(in->res, ASMTPL_DIAG_UNEVALUATED_COUNT, in->off);
		emit_align(in, align > 0 ? align : 2);
		return;
	}
	if (asmtpl_word_eq(d, dn, "incbin")) {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_UNEVALUATED_COUNT, in->off);
		emit_data(in, 0, INT64_MAX / 4);
		return;
	}
	if (dn > 4 && asmtpl_word_eq(d, 4, "cfi_"))
		return;
	if (in_list(quiet_dirs, d, dn))
		return;
	asmtpl_diag_add(in->res, ASMTPL_DIAG_UNKNOWN_DIRECTIVE, in->off);
}

/* ---- conditionals ------------------------------------------------------------ */

/* Evaluates the condition of ".ifXX args"; -1 when it cannot be known. */
static int condition(struct interp *in, const char *d, size_t dn,
		     const char *a, const char *e)
{
	struct asmtpl_value v;

	if (asmtpl_word_eq(d, dn, "ifdef") || asmtpl_word_eq(d, dn, "ifndef") ||
	    asmtpl_word_eq(d, dn, "ifnotdef")) {
		const char *w;
		size_t n = first_word(a, e, &w);
		bool def = resolve(in, w, n).known;

		return asmtpl_word_eq(d, dn, "ifdef") ? def : !def;
	}
	if (asmtpl_word_eq(d, dn, "ifb") || asmtpl_word_eq(d, dn, "ifnb")) {
		bool blank = skip_ws(a, e) >= e;

		return asmtpl_word_eq(d, dn, "ifb") ? blank : !blank;
	}
	if (asmtpl_word_eq(d, dn, "ifc") || asmtpl_word_eq(d, dn, "ifnc") ||
	    asmtpl_word_eq(d, dn, "ifeqs") || asmtpl_word_eq(d, dn, "ifnes")) {
		const char *comma = memchr(a, ',', (size_t)(e - a));
		const char *x = a, *xe, *y, *ye = e;
		bool same;

		if (!comma)
			return -1;
		xe = comma;
		while (xe > x && is_space(xe[-1]))
			xe--;
		y = skip_ws(comma + 1, e);
		while (ye > y && is_space(ye[-1]))
			ye--;
		if (memchr(x, '%', (size_t)(xe - x)) || memchr(y, '%', (size_t)(ye - y)))
			return -1;	/* an operand: unknown until GCC substitutes */
		same = xe - x == ye - y && !memcmp(x, y, (size_t)(xe - x));
		return (asmtpl_word_eq(d, dn, "ifc") || asmtpl_word_eq(d, dn, "ifeqs")) ?
			       same : !same;
	}
	v = eval(in, a, e, NULL);
	if (!v.known || v.sec >= 0)
		return -1;
	if (asmtpl_word_eq(d, dn, "if") || asmtpl_word_eq(d, dn, "ifne") ||
	    asmtpl_word_eq(d, dn, "elseif")) {
		if (v.lo > 0 || v.hi < 0)
			return 1;
		return v.lo == 0 && v.hi == 0 ? 0 : -1;
	}
	if (asmtpl_word_eq(d, dn, "ifeq"))
		return v.lo == 0 && v.hi == 0 ? 1 : (v.lo > 0 || v.hi < 0) ? 0 : -1;
	if (asmtpl_word_eq(d, dn, "ifgt"))
		return v.lo > 0 ? 1 : v.hi <= 0 ? 0 : -1;
	if (asmtpl_word_eq(d, dn, "ifge"))
		return v.lo >= 0 ? 1 : v.hi < 0 ? 0 : -1;
	if (asmtpl_word_eq(d, dn, "iflt"))
		return v.hi < 0 ? 1 : v.lo >= 0 ? 0 : -1;
	if (asmtpl_word_eq(d, dn, "ifle"))
		return v.hi <= 0 ? 1 : v.lo > 0 ? 0 : -1;
	return -1;
}

struct cond {
	bool active;	/* this branch runs */
	bool taken;	/* some branch of this .if ran */
	bool outer;	/* the enclosing branch runs */
};

/* Runs '\n'-separated clean text; offs (or fixed_off) give diag offsets. */
static void run_text(struct interp *in, const char *s, size_t len,
		     const size_t *offs, size_t fixed_off)
{
	struct cond conds[ASMTPL_MAX_NESTING];
	int nconds = 0;
	const char *p = s, *e = s + len;

	while (p < e && !in->stop && !in->err && !in->exitm) {
		const char *le = line_end(p, e), *w, *resume = NULL;
		size_t n = first_word(p, le, &w);
		bool active = nconds == 0 || conds[nconds - 1].active;

		in->off = offs ? offs[p - s] : fixed_off;
		if (++in->ordinal > ASMTPL_MAX_STATEMENTS) {
			asmtpl_diag_add(in->res, ASMTPL_DIAG_LIMIT, in->off);
			in->stop = true;
			break;
		}
		if (n >= 3 && w[0] == '.' && asmtpl_word_eq(w, 3, ".if")) {
			int c = active ? condition(in, w + 1, n - 1, skip_ws(w + n, le), le) : 0;

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
					v = condition(in, w + 1, n - 1, skip_ws(w + n, le), le);
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
			enum family f = opens(w, n);

			if (f == FAM_MACRO || f == FAM_REPT) {
				const char *after = e;

				if (!find_close(le < e ? le + 1 : e, e, f, &after))
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
	section_get(in, "", 0, 0);	/* index 0: the function's section */
	in->cur = 0;
	in->prev = -1;
	in->sp = 0;
	in->labels.n = 0;
	in->ordinal = 0;
	in->macro_count = 0;
	in->depth = 0;
	in->stop = false;
	in->exitm = false;
	in->run = RUN_NONE;
	in->pending_prefix = false;
	in->npurged = 0;
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
		     struct asmtpl_result *res, bool learn_only)
{
	struct asmtpl_result base = *res;	/* diagnostics of earlier stages */
	struct asmtpl_macros saved = { 0 };
	struct interp in;
	int pass;

	memset(&in, 0, sizeof(in));
	in.ctx = ctx;
	in.arch = ctx->arch;
	in.res = res;
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
		if (pass > 0) {
			asmtpl_macros_free(&ctx->macros);
			if (asmtpl_macros_copy(&ctx->macros, &saved)) {
				in.err = ASMTPL_ERR_NOMEM;
				break;
			}
		}
		run_text(&in, clean->s, clean->len, clean->off, 0);
		if (in.err)
			break;
		if (learn_only)
			break;
		if (in.pending_prefix)
			in.pending_prefix = false;	/* counted when seen */
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
	free(in.labels.v);
	free(in.prev_labels.v);
	/* A statement's own macros stay defined, as in gas, for later ones. */
	asmtpl_macros_free(&saved);
	return in.err;
}
