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

#include "asmstate.h"
#include "directive.h"

/* ---- blocks --------------------------------------------------------------- */

/*
 * The directives that own the lines after them: .if ... .endif (run in
 * run_text, which keeps the conditions), .macro ... .endm
 * and .rept/.irp/.irpc ... .endr (run_block).
 */
enum family { FAM_NONE, FAM_MACRO, FAM_REPT, FAM_IF };

static void run_text(struct interp *in, const char *s, size_t len,
		     const size_t *offs, size_t fixed_off);

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
		const char *le = asmtpl_asmstate_line_end(p, e), *w;
		size_t n = asmtpl_asmstate_first_word(p, le, &w);

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

/*
 * .rept N, .irp sym,a,b,c and .irpc sym,chars: the body [body, close) run
 * N times, or once per value with \sym replaced; d[0..dn) is the
 * directive's name without the dot, [a, e) its arguments.
 */
static void run_repeat(struct interp *in, const char *d, size_t dn,
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
		struct asmtpl_value v = asmtpl_asmstate_eval(in, a, e, NULL);
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
		int rc;

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
		in->ctx->macro_used = true;
		rc = asmtpl_macros_define(&in->ctx->macros, hdr, symlen + 5, body, blen);
		if (rc) {
			if (rc == ASMTPL_ERR_NOMEM)
				in->err = ASMTPL_ERR_NOMEM;
			else
				asmtpl_diag_add(in->res, ASMTPL_DIAG_LIMIT, off);
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
					p = asmtpl_asmstate_skip_ws(p, e);
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

/*
 * .macro, .rept, .irp, .irpc (family f, d[0..dn) the name without the dot,
 * [a, e) the arguments): blocks that own the lines after them, up to
 * their .endm or .endr (nested blocks of the same family skipped) or the
 * template's end (block_end).  A .macro is defined, also while only
 * learning (file-scope asm defines the kernel's macros); a repetition
 * runs.  *resume is where reading goes on: past the block.
 */
static void run_block(struct interp *in, enum family f, const char *d,
		      size_t dn, const char *a, const char *e,
		      const char *block_end, const char **resume)
{
	const char *body = e < block_end ? e + 1 : block_end;
	const char *after = block_end;
	const char *close = find_close(body, block_end, f, &after);

	if (!close) {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_UNTERMINATED_BLOCK, in->off);
		close = block_end;
	}
	*resume = after;
	if (f == FAM_MACRO) {
		int rc = asmtpl_macros_define(&in->ctx->macros, a,
					      (size_t)(e - a), body,
					      (size_t)(close - body));

		if (rc == ASMTPL_ERR_NOMEM)
			in->err = ASMTPL_ERR_NOMEM;
		else if (rc == ASMTPL_MACRO_EXISTS)
			asmtpl_diag_add(in->res, ASMTPL_DIAG_MACRO_REDEFINED, in->off);
		else if (rc == ASMTPL_OK)
			in->ctx->state_gen++;
		return;
	}
	if (!in->learn_only)
		run_repeat(in, d, dn, a, e, body, close);
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
		asmtpl_asmstate_emit_insn(in, false, 4, 4);
		return;
	}
	for (;;) {
		mlen = asmtpl_asmstate_first_word(s, e, &mn);
		if (!mlen || !is_x86_prefix(mn, mlen))
			break;
		s = asmtpl_asmstate_skip_ws(mn + mlen, e);
		if (s >= e) {
			if (prefixes)
				asmtpl_asmstate_advance(in, prefixes, prefixes);
			asmtpl_asmstate_emit_prefix(in);
			return;
		}
		prefixes++;
	}
	ops = asmtpl_asmstate_skip_ws(mn + mlen, e);
	olen = (size_t)(e - ops);
	while (olen && asmtpl_asmstate_is_space(ops[olen - 1]))
		olen--;
	if (olen) {
		size_t n = 0;

		while (n < olen && asmtpl_is_symbol_char(ops[n]))
			n++;
		if (n == olen) {
			struct asmtpl_value t = asmtpl_asmstate_resolve(in, ops, olen);

			other = t.known && t.sec >= 0 && t.sec != in->cur;
		}
	}
	asmtpl_x86_text_bounds(in->x86_mode, mn, mlen, ops, olen, prefixes,
			       other, &lo, &hi);
	asmtpl_asmstate_emit_insn(in, !prefixes && !olen && asmtpl_word_eq(mn, mlen, "nop"),
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

		n = asmtpl_asmstate_first_word(s, e, &w);
		p = w + n;
		if (!n || p >= e || *p != ':' || (p + 1 < e && p[1] == ':'))
			break;
		if (!in->learn_only &&
		    !asmtpl_asmstate_labels_add(in, &in->labels, w, n, asmtpl_asmstate_here(in)))
			return;
		s = p + 1;
	}
	s = asmtpl_asmstate_skip_ws(s, e);
	if (s >= e)
		return;
	if (*s == '%') {
		asmtpl_diag_add(in->res, ASMTPL_DIAG_OPERAND_STATEMENT, in->off);
		if (in->arch == ASMTPL_ARCH_ARM64)
			asmtpl_asmstate_emit_insn(in, false, 4, 4);
		else
			asmtpl_asmstate_emit_insn(in, false, 1, 15);
		return;
	}
	n = asmtpl_asmstate_first_word(s, e, &w);
	if (n && w[0] == '.' && n > 1) {
		enum family f = opens(w, n);
		const char *a = asmtpl_asmstate_skip_ws(w + n, e);

		if (f == FAM_MACRO || f == FAM_REPT)
			run_block(in, f, w + 1, n - 1, a, e, block_end, resume);
		else
			asmtpl_directive_run(in, w + 1, n - 1, a, e);
		return;
	}
	{
		const char *p = asmtpl_asmstate_skip_ws(w + n, e);

		/* "sym = expr" */
		if (n && p < e && *p == '=' && (p + 1 >= e || p[1] != '=')) {
			struct asmtpl_value v = asmtpl_asmstate_eval(in, p + 1, e, NULL);

			if (!in->learn_only)
				asmtpl_asmstate_labels_add(in, &in->labels, w, n, v);
			return;
		}
	}
	if (n) {
		struct asmtpl_macro *mac = asmtpl_macros_find(&in->ctx->macros, w, n);

		if (mac) {
			char *text = NULL;
			size_t tlen = 0;
			const char *a = asmtpl_asmstate_skip_ws(w + n, e);

			in->ctx->macro_used = true;

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
		const char *le = asmtpl_asmstate_line_end(p, e), *w, *resume = NULL;
		size_t n = asmtpl_asmstate_first_word(p, le, &w);
		bool active = nconds == 0 || conds[nconds - 1].active;

		in->off = offs ? offs[p - s] : fixed_off;
		if (++in->ordinal > ASMTPL_MAX_STATEMENTS) {
			asmtpl_diag_add(in->res, ASMTPL_DIAG_LIMIT, in->off);
			in->stop = true;
			break;
		}
		if (n >= 3 && w[0] == '.' && asmtpl_word_eq(w, 3, ".if")) {
			int c = active ? asmtpl_directive_condition(in, w + 1, n - 1,
					asmtpl_asmstate_skip_ws(w + n, le), le) : 0;

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
					v = asmtpl_directive_condition(in, w + 1, n - 1, asmtpl_asmstate_skip_ws(w + n, le), le);
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
	asmtpl_asmstate_section_get(in, "", 0, 0);	/* index 0: the function's section */
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
		     bool learn_only)
{
	struct asmtpl_result base = *res;	/* diagnostics of earlier stages */
	struct asmtpl_macros saved = { 0 };
	struct interp in;
	int pass;

	memset(&in, 0, sizeof(in));
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
		run_text(&in, clean->s, clean->len, clean->off, 0);
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
		asmtpl_asmstate_flush_bytes(&in);	/* they were in the entry */
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
