// SPDX-License-Identifier: GPL-2.0
/*
 * What each gas directive of one line does to the assembler's state
 * (asmstate.h): sections and the section stack, symbols, data, fills,
 * alignment, .purgem and .exitm, and the conditions of the .if family.
 * The directives that own the lines after them (.if ... .endif, .macro
 * ... .endm, .rept/.irp/.irpc ... .endr) are the interpreter's
 * (interp.c), which asks here whether a condition holds.  The
 * byte sizes follow gas for each target (".word" is 2 bytes on x86 and 4
 * on arm64; ".align" takes bytes on x86 ELF and a power of two on arm64),
 * and on x86 .code64/.code32/.code16/.code16gcc set the code size.
 */
#include <stdlib.h>
#include <string.h>

#include "directive.h"

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
		if (!asmtpl_asmstate_is_space(*s))
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
	bool integer;			/* items are integer expressions */
};

static const struct data_dir data_dirs[] = {
	{ "byte", 1, 1, true }, { "2byte", 2, 2, true }, { "short", 2, 2, true },
	{ "hword", 2, 2, true }, { "value", 2, 2, true }, { "word", 2, 4, true },
	{ "4byte", 4, 4, true }, { "long", 4, 4, true }, { "int", 4, 4, true },
	{ "8byte", 8, 8, true }, { "quad", 8, 8, true }, { "xword", 0, 8, true },
	{ "dword", 0, 8, true }, { "octa", 16, 16, false }, { "float", 4, 4, false },
	{ "single", 4, 4, false }, { "double", 8, 8, false }, { "dc.b", 1, 1, true },
	{ "dc.w", 2, 2, true }, { "dc.l", 4, 4, true }, { "dc.a", 8, 8, true },
	{ "dc.d", 8, 8, false }, { "dc.s", 4, 4, false },
};

/*
 * Integer data items, little-endian as on both targets; a value known only
 * at link time (".long 1b - .", "%c0") gives bytes of unknown value.
 */
static void emit_items(struct interp *in, const char *a, const char *e, int w)
{
	const char *p = a, *next;

	for (;;) {
		struct asmtpl_value v;
		uint8_t b[8], k[8];
		int j;

		p = asmtpl_asmstate_skip_ws(p, e);
		if (p >= e)
			break;
		v = asmtpl_asmstate_eval(in, p, e, &next);
		for (j = 0; j < w; j++) {
			bool exact = asmtpl_value_is_exact(v);

			b[j] = exact ? (uint8_t)(((uint64_t)v.lo >> (8 * j)) & 0xff) : 0;
			k[j] = exact;
		}
		asmtpl_asmstate_emit_bytes(in, b, k, (size_t)w);
		if (next >= e || *next != ',')
			break;
		p = next + 1;
	}
}

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

/* ---- directives -------------------------------------------------------------- */

/*
 * One directive as the interpreter met it: its name d[0..dn) without the
 * dot and its arguments [a, e).
 */
struct dir_call {
	struct interp *in;
	const char *d;
	size_t dn;
	const char *a, *e;
};

static void dir_purgem(const struct dir_call *c)
{
	struct interp *in = c->in;
	const char *w;
	size_t n = asmtpl_asmstate_first_word(c->a, c->e, &w);

	if (!asmtpl_macros_purge(&in->ctx->macros, w, n)) {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_UNKNOWN_MACRO, in->off);
		return;
	}
	in->ctx->state_gen++;
	if (in->npurged < 8 && n < LABEL_NAME_MAX) {
		char *dst = in->purged[in->npurged++];

		/* stored lowercase: asmtpl_word_eq() compares that way */
		for (size_t k = 0; k < n; k++)
			dst[k] = (char)((w[k] >= 'A' && w[k] <= 'Z') ?
					w[k] - 'A' + 'a' : w[k]);
		dst[n] = '\0';
	}
}

/* .endm, .endr without their block */
static void dir_stray_end(const struct dir_call *c)
{
	asmtpl_diag_add(c->in->res, ASMTPL_DIAG_STRAY_END, c->in->off);
}

static void dir_exitm(const struct dir_call *c)
{
	if (c->in->depth > 0)
		c->in->exitm = true;
}

/*
 * x86 code size: gas assembles what follows for it, top-level asm
 * included (GCC -m16 prints ".code16gcc" before everything else).
 */
static void dir_code(const struct dir_call *c)
{
	static const struct {
		const char *name;
		enum asmtpl_x86_mode mode;
	} codes[] = {
		{ "code64", ASMTPL_X86_CODE64 },
		{ "code32", ASMTPL_X86_CODE32 },
		{ "code16", ASMTPL_X86_CODE16 },
		{ "code16gcc", ASMTPL_X86_CODE16GCC },
	};

	for (size_t i = 0; i < ARRAY_SIZE(codes); i++) {
		if (asmtpl_word_eq(c->d, c->dn, codes[i].name)) {
			/* the bytes so far are of the old size */
			asmtpl_asmstate_flush_bytes(c->in);
			c->in->x86_mode = codes[i].mode;
			return;
		}
	}
}

/* .pushsection NAME[, SUBSECTION], .section NAME */
static void dir_section(const struct dir_call *c)
{
	struct interp *in = c->in;
	const char *name;
	size_t n = asmtpl_asmstate_section_name(c->a, c->e, &name);
	int64_t sub = 0;

	if (c->d[0] == 'p' || c->d[0] == 'P') {
		const char *p = memchr(c->a, ',', (size_t)(c->e - c->a));
		struct asmtpl_value v;

		/* ".pushsection name, subsection" when a number follows */
		if (p && (v = asmtpl_asmstate_eval(in, p + 1, c->e, NULL), asmtpl_value_is_exact(v)))
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
	asmtpl_asmstate_section_switch(in, asmtpl_asmstate_section_get(in, name, n, sub));
}

static void dir_popsection(const struct dir_call *c)
{
	struct interp *in = c->in;

	if (!in->sp) {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_UNBALANCED_POP, in->off);
		return;
	}
	in->sp--;
	in->cur = in->stack[in->sp].cur;
	in->prev = in->stack[in->sp].prev;
}

static void dir_previous(const struct dir_call *c)
{
	struct interp *in = c->in;
	int t;

	if (in->prev < 0) {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_PREVIOUS_WITHOUT_SECTION, in->off);
		return;
	}
	t = in->cur;
	in->cur = in->prev;
	in->prev = t;
}

static void dir_subsection(const struct dir_call *c)
{
	struct interp *in = c->in;
	struct asmtpl_value v = asmtpl_asmstate_eval(in, c->a, c->e, NULL);
	const struct section *s = &in->secs[in->cur];

	if (!asmtpl_value_is_exact(v))
		asmtpl_diag_add(in->res, ASMTPL_DIAG_UNEVALUATED_COUNT, in->off);
	asmtpl_asmstate_section_switch(in, asmtpl_asmstate_section_get(in, s->name, strlen(s->name),
				       asmtpl_value_is_exact(v) ? v.lo : 1));
}

/* .text, .data, .bss [SUBSECTION] */
static void dir_named_section(const struct dir_call *c)
{
	struct interp *in = c->in;
	char name[8];
	struct asmtpl_value v = asmtpl_asmstate_eval(in, c->a, c->e, NULL);

	name[0] = '.';
	memcpy(name + 1, c->d, c->dn);
	name[c->dn + 1] = '\0';
	for (size_t i = 1; i <= c->dn; i++)
		if (name[i] >= 'A' && name[i] <= 'Z')
			name[i] = (char)(name[i] - 'A' + 'a');
	if (name[1] == 't')
		asmtpl_diag_add(in->res, ASMTPL_DIAG_TEXT_SECTION, in->off);
	asmtpl_asmstate_section_switch(in, asmtpl_asmstate_section_get(in, name, c->dn + 1,
				       asmtpl_value_is_exact(v) ? v.lo : 0));
}

/* .set, .equ, .equiv, .eqv NAME, EXPR */
static void dir_set(const struct dir_call *c)
{
	struct interp *in = c->in;
	const char *w;
	size_t n = asmtpl_asmstate_first_word(c->a, c->e, &w);
	const char *p = w + n;

	while (p < c->e && (asmtpl_asmstate_is_space(*p) || *p == ','))
		p++;
	if (n)
		asmtpl_asmstate_labels_add(in, &in->labels, w, n,
					 asmtpl_asmstate_eval(in, p, c->e, NULL));
}

/* Instructions spelled as data (arm64 ".inst 0xd503201f", x86 ".insn"). */
static void dir_inst(const struct dir_call *c)
{
	int64_t n = count_items(c->a, c->e);

	if (asmtpl_word_eq(c->d, c->dn, "insn"))
		n = 1;	/* x86 ".insn" takes one instruction */
	for (int64_t i = 0; i < n && i < 100000; i++) {
		if (c->in->arch == ASMTPL_ARCH_ARM64)
			asmtpl_asmstate_emit_insn(c->in, false, 4, 4);
		else
			asmtpl_asmstate_emit_insn(c->in, false, 1, 15);
	}
}

/* .ascii, and .asciz, .string, .string8 with a NUL per string */
static void dir_string(const struct dir_call *c)
{
	int64_t strings = 0;
	int64_t n = string_bytes(c->a, c->e, &strings);

	if (!asmtpl_word_eq(c->d, c->dn, "ascii"))
		n += strings;
	asmtpl_asmstate_emit_data(c->in, n, n);
}

/* .uleb128, .sleb128: 1 to 10 bytes per item */
static void dir_leb(const struct dir_call *c)
{
	int64_t n = count_items(c->a, c->e);

	asmtpl_asmstate_emit_data(c->in, n, n * 10);
}

/* .skip, .space, .zero SIZE[, BYTE] */
static void dir_skip(const struct dir_call *c)
{
	struct interp *in = c->in;
	const char *p;
	struct asmtpl_value size = asmtpl_asmstate_eval(in, c->a, c->e, &p);
	int byte = 0;

	if (p < c->e && *p == ',') {
		struct asmtpl_value f = asmtpl_asmstate_eval(in, p + 1, c->e, NULL);

		byte = asmtpl_value_is_exact(f) ? (int)(f.lo & 0xff) : -1;
	}
	asmtpl_asmstate_emit_fill(in, size, byte);
}

/* .fill REPEAT[, SIZE[, VALUE]] */
static void dir_fill(const struct dir_call *c)
{
	struct interp *in = c->in;
	const char *p;
	struct asmtpl_value rep = asmtpl_asmstate_eval(in, c->a, c->e, &p);
	struct asmtpl_value size = asmtpl_value_exact(1), total;
	int byte = 0;

	if (p < c->e && *p == ',') {
		size = asmtpl_asmstate_eval(in, p + 1, c->e, &p);
		if (p < c->e && *p == ',') {
			struct asmtpl_value f = asmtpl_asmstate_eval(in, p + 1, c->e, NULL);

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
	asmtpl_asmstate_emit_fill(in, total, byte);
}

static void dir_nops(const struct dir_call *c)
{
	asmtpl_asmstate_emit_fill(c->in, asmtpl_asmstate_eval(c->in, c->a, c->e, NULL), 0x90);
}

/*
 * .balign[wl] BYTES, .p2align[wl] POWER, .align (bytes on x86 ELF, a
 * power of two on arm64)
 */
static void dir_align(const struct dir_call *c)
{
	struct interp *in = c->in;
	struct asmtpl_value v = asmtpl_asmstate_eval(in, c->a, c->e, NULL);
	bool pow2 = c->d[0] == 'p' || c->d[0] == 'P' ||
		    (in->arch == ASMTPL_ARCH_ARM64 && asmtpl_word_eq(c->d, c->dn, "align"));
	int64_t align = 0;

	if (asmtpl_value_is_exact(v))
		align = pow2 ? (v.lo >= 0 && v.lo < 31 ? (int64_t)1 << v.lo : 0) : v.lo;
	else
		asmtpl_diag_add(in->res, ASMTPL_DIAG_UNEVALUATED_COUNT, in->off);
	asmtpl_asmstate_emit_align(in, align > 0 ? align : 2);
}

static void dir_incbin(const struct dir_call *c)
{
	asmtpl_diag_add(c->in->res, ASMTPL_DIAG_UNEVALUATED_COUNT, c->in->off);
	asmtpl_asmstate_emit_data(c->in, 0, INT64_MAX / 4);
}

#define DIR_LEARN 1u	/* run while only learning (macros, code size) too */
#define DIR_X86 2u	/* x86 targets only (elsewhere: as if unknown here) */

/*
 * The directives with a handler of their own, as GAS's potable: names
 * without the dot, compared as asmtpl_word_eq() does.  Integer and float
 * data are data_dirs (their widths per target), directives that change
 * nothing modelled are quiet_dirs, ".cfi_*" are skipped; the rest is an
 * unknown directive.
 */
static const struct dir_handler {
	const char *name;
	void (*run)(const struct dir_call *c);
	unsigned flags;
} dir_table[] = {
	{ "purgem", dir_purgem, DIR_LEARN },	{ "endm", dir_stray_end, DIR_LEARN },
	{ "endr", dir_stray_end, DIR_LEARN },	{ "exitm", dir_exitm, DIR_LEARN },
	{ "code64", dir_code, DIR_LEARN | DIR_X86 },
	{ "code32", dir_code, DIR_LEARN | DIR_X86 },
	{ "code16", dir_code, DIR_LEARN | DIR_X86 },
	{ "code16gcc", dir_code, DIR_LEARN | DIR_X86 },
	{ "pushsection", dir_section, 0 },	{ "section", dir_section, 0 },
	{ "popsection", dir_popsection, 0 },	{ "previous", dir_previous, 0 },
	{ "subsection", dir_subsection, 0 },	{ "text", dir_named_section, 0 },
	{ "data", dir_named_section, 0 },	{ "bss", dir_named_section, 0 },
	{ "set", dir_set, 0 },			{ "equ", dir_set, 0 },
	{ "equiv", dir_set, 0 },		{ "eqv", dir_set, 0 },
	{ "inst", dir_inst, 0 },		{ "inst.w", dir_inst, 0 },
	{ "inst.n", dir_inst, 0 },		{ "insn", dir_inst, 0 },
	{ "ascii", dir_string, 0 },		{ "asciz", dir_string, 0 },
	{ "string", dir_string, 0 },		{ "string8", dir_string, 0 },
	{ "uleb128", dir_leb, 0 },		{ "sleb128", dir_leb, 0 },
	{ "skip", dir_skip, 0 },		{ "space", dir_skip, 0 },
	{ "zero", dir_skip, 0 },		{ "fill", dir_fill, 0 },
	{ "nops", dir_nops, 0 },		{ "balign", dir_align, 0 },
	{ "balignw", dir_align, 0 },		{ "balignl", dir_align, 0 },
	{ "p2align", dir_align, 0 },		{ "p2alignw", dir_align, 0 },
	{ "p2alignl", dir_align, 0 },		{ "align", dir_align, 0 },
	{ "incbin", dir_incbin, 0 },
};

static const struct dir_handler *dir_find(const struct interp *in, const char *d,
					  size_t dn)
{
	for (size_t i = 0; i < ARRAY_SIZE(dir_table); i++)
		if (asmtpl_word_eq(d, dn, dir_table[i].name))
			return (dir_table[i].flags & DIR_X86) && !asmtpl_arch_is_x86(in->arch)
				       ? NULL
				       : &dir_table[i];
	return NULL;
}

/* Integer and float data: true when d is one of data_dirs on this target. */
static bool dir_data(struct interp *in, const char *d, size_t dn, const char *a,
		     const char *e)
{
	for (size_t i = 0; i < ARRAY_SIZE(data_dirs); i++) {
		int w = in->arch == ASMTPL_ARCH_ARM64 ? data_dirs[i].arm64_width
						      : data_dirs[i].x86_width;

		if (!w || !asmtpl_word_eq(d, dn, data_dirs[i].name))
			continue;
		if (data_dirs[i].integer) {
			emit_items(in, a, e, w);
		} else {
			int64_t n = count_items(a, e) * w;

			asmtpl_asmstate_emit_data(in, n, n);
		}
		return true;
	}
	return false;
}

void asmtpl_directive_run(struct interp *in, const char *d, size_t dn,
			  const char *a, const char *e)
{
	const struct dir_handler *h = dir_find(in, d, dn);
	struct dir_call c = { in, d, dn, a, e };

	if (h) {
		if (!in->learn_only || (h->flags & DIR_LEARN))
			h->run(&c);
		return;
	}
	if (in->learn_only || dir_data(in, d, dn, a, e))
		return;
	if (dn > 4 && asmtpl_word_eq(d, 4, "cfi_"))
		return;
	if (asmtpl_word_in_list(quiet_dirs, d, dn))
		return;
	asmtpl_diag_add(in->res, ASMTPL_DIAG_UNKNOWN_DIRECTIVE, in->off);
}

/* ---- conditionals ------------------------------------------------------------ */

/*
 * ".ifc a,b" where exactly one side is an operand reference (%x0) and the
 * other a literal: the first such comparison of an operand is unknown (-1,
 * and the caller takes it as true); it is remembered as the operand's text,
 * so later comparisons of the same operand are decided: 1 against the same
 * literal, 0 against another.  That keeps `.irp rs,x0,x1 / .ifc \rs,%x0`
 * to one iteration, as after substitution.  -1 for anything else.
 */
static int assumed_equal(struct interp *in, const char *x, size_t xl, bool xop,
			 const char *y, size_t yl, bool yop)
{
	const char *op = x, *lit = y;
	size_t ol = xl, ll = yl;

	if (xop == yop)
		return -1;	/* two operands */
	if (yop)
		op = y, ol = yl, lit = x, ll = xl;
	if (ol >= ASSUMED_TEXT_MAX || ll >= ASSUMED_TEXT_MAX)
		return -1;
	for (int i = 0; i < in->nassumed; i++) {
		if (in->assumed[i].olen != ol || memcmp(in->assumed[i].operand, op, ol))
			continue;
		return in->assumed[i].llen == ll &&
		       !memcmp(in->assumed[i].literal, lit, ll);
	}
	if (in->nassumed < ASSUMED_MAX) {
		memcpy(in->assumed[in->nassumed].operand, op, ol);
		memcpy(in->assumed[in->nassumed].literal, lit, ll);
		in->assumed[in->nassumed].olen = (uint8_t)ol;
		in->assumed[in->nassumed].llen = (uint8_t)ll;
		in->nassumed++;
	}
	return -1;
}

int asmtpl_directive_condition(struct interp *in, const char *d, size_t dn,
			       const char *a, const char *e)
{
	struct asmtpl_value v;

	if (asmtpl_word_eq(d, dn, "ifdef") || asmtpl_word_eq(d, dn, "ifndef") ||
	    asmtpl_word_eq(d, dn, "ifnotdef")) {
		const char *w;
		size_t n = asmtpl_asmstate_first_word(a, e, &w);
		bool def = asmtpl_asmstate_resolve(in, w, n).known;

		return asmtpl_word_eq(d, dn, "ifdef") ? def : !def;
	}
	if (asmtpl_word_eq(d, dn, "ifb") || asmtpl_word_eq(d, dn, "ifnb")) {
		bool blank = asmtpl_asmstate_skip_ws(a, e) >= e;

		return asmtpl_word_eq(d, dn, "ifb") ? blank : !blank;
	}
	if (asmtpl_word_eq(d, dn, "ifc") || asmtpl_word_eq(d, dn, "ifnc") ||
	    asmtpl_word_eq(d, dn, "ifeqs") || asmtpl_word_eq(d, dn, "ifnes")) {
		const char *comma = memchr(a, ',', (size_t)(e - a));
		const char *x = a, *xe, *y, *ye = e;
		size_t xl, yl;
		bool same, xop, yop;

		if (!comma)
			return -1;
		xe = comma;
		while (xe > x && asmtpl_asmstate_is_space(xe[-1]))
			xe--;
		y = asmtpl_asmstate_skip_ws(comma + 1, e);
		while (ye > y && asmtpl_asmstate_is_space(ye[-1]))
			ye--;
		xl = (size_t)(xe - x), yl = (size_t)(ye - y);
		/*
		 * GCC substitutes operands in extended asm only: in a basic
		 * asm, or text as the assembler reads it, "%ebx" is a
		 * register and ".ifnc %ebx,%ebx" is decided here.
		 */
		xop = !in->basic && memchr(x, '%', xl) != NULL;
		yop = !in->basic && memchr(y, '%', yl) != NULL;
		if (xop || yop) {
			/* An operand: unknown until GCC substitutes it. */
			int known = assumed_equal(in, x, xl, xop, y, yl, yop);

			if (known < 0)
				return -1;
			same = known;
		} else {
			same = xl == yl && !memcmp(x, y, xl);
		}
		return (asmtpl_word_eq(d, dn, "ifc") || asmtpl_word_eq(d, dn, "ifeqs")) ?
			       same : !same;
	}
	v = asmtpl_asmstate_eval(in, a, e, NULL);
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
