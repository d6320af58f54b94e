// SPDX-License-Identifier: GPL-2.0
/*
 * calls.c — every direct call of every object, grouped by callee over all
 * inputs and ranked by call sites (see analysis.h).
 *
 * A callee is a function of some object, or an address in one that no
 * function starts at (named after the nearest symbol, "sym+0x10", as
 * objdump does), or an undefined symbol that no input defines.  A call
 * in a .o to an undefined symbol reaches the first global function of
 * that name among the inputs, in input order.  Tail calls (a jmp to the
 * start of another function) are counted apart from calls: objdump's
 * "call" lines are the call sites.
 */
#include <stdlib.h>
#include <string.h>

#include "calls.h"

enum ckey_kind {
	CKEY_FUNC,
	CKEY_ADDR,
	CKEY_EXTERN,
};

struct ckey {
	enum ckey_kind kind;
	uint32_t obj;
	uint64_t id;			/* function index or flat address */
	const char *ext;
	uint32_t caller_obj, caller;	/* caller OBJ_NONE: outside functions */
	bool tail;
};

static int ckey_cmp(const void *a, const void *b)
{
	const struct ckey *x = a, *y = b;
	int c;

	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->kind == CKEY_EXTERN) {
		if ((c = strcmp(x->ext, y->ext)))
			return c;
	} else {
		if (x->obj != y->obj)
			return x->obj < y->obj ? -1 : 1;
		if (x->id != y->id)
			return x->id < y->id ? -1 : 1;
	}
	if (x->caller_obj != y->caller_obj)
		return x->caller_obj < y->caller_obj ? -1 : 1;
	return x->caller < y->caller ? -1 : x->caller > y->caller;
}

static bool same_callee(const struct ckey *x, const struct ckey *y)
{
	if (x->kind != y->kind)
		return false;
	if (x->kind == CKEY_EXTERN)
		return !strcmp(x->ext, y->ext);
	return x->obj == y->obj && x->id == y->id;
}

/*
 * Callees that are no inlining decision.  Placeholders: 6.8+ x86
 * alternative_call() assembles ALT_CALL_INSTR, "call BUG_func", which
 * apply_alternatives() rewrites at boot into the call of the paravirt
 * target (BUG_func is never reached).  Failure paths: a function DWARF
 * marks DW_AT_noreturn in any input, and by name, for inputs without
 * DWARF, the checkers' report hooks, none of which runs unless a check
 * failed: the stack protector's __stack_chk_fail, FORTIFY_SOURCE's
 * __fortify_panic/fortify_panic/__fortify_report, UBSan's
 * __ubsan_handle_*, KASAN's __asan_report_* and __kasan_*report*.
 */
static bool failure_name(const char *name)
{
	static const char *const exact[] = {
		"__stack_chk_fail", "__fortify_panic", "fortify_panic",
		"__fortify_report",
	};

	for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); i++)
		if (!strcmp(name, exact[i]))
			return true;
	return !strncmp(name, "__ubsan_handle_", 15) ||
	       !strncmp(name, "__asan_report_", 14) ||
	       (!strncmp(name, "__kasan_", 8) && strstr(name + 8, "report"));
}

static enum callee_class classify(const char *name, const struct strmap *noreturn)
{
	char base[256];
	const char *dot = strchr(name, '.');

	if (!strcmp(name, "__fentry__"))
		return CALLEE_FTRACE;
	if (!strncmp(name, "__x86_indirect_", 15))
		return CALLEE_THUNK;
	if (!strncmp(name, "__SCT__", 7))
		return CALLEE_TRAMPOLINE;
	if (!strcmp(name, "BUG_func"))
		return CALLEE_PLACEHOLDER;
	/* A clone (__stack_chk_fail.cold, panic.constprop.0) is its function. */
	if (dot && dot != name && (size_t)(dot - name) < sizeof(base)) {
		memcpy(base, name, (size_t)(dot - name));
		base[dot - name] = '\0';
		name = base;
	}
	if (failure_name(name) || strmap_find(noreturn, name))
		return CALLEE_FAILURE;
	return CALLEE_PLAIN;
}

/* Named symbols of one object by address, built when first needed. */
struct sym_index {
	const struct obj_sym **v;
	size_t n;
};

static int sym_addr_cmp(const void *a, const void *b)
{
	const struct obj_sym *x = *(const struct obj_sym *const *)a;
	const struct obj_sym *y = *(const struct obj_sym *const *)b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x < y ? -1 : x > y;	/* .symtab order among equals */
}

static void sym_index_build(const struct object *o, struct sym_index *ix)
{
	ix->v = xcalloc(o->nsyms ? o->nsyms : 1, sizeof(*ix->v));
	for (size_t i = 1; i < o->nsyms; i++) {
		const struct obj_sym *s = &o->syms[i];

		if (s->defined && s->type != STT_SECTION && s->type != STT_FILE &&
		    !s->padding && *s->name)
			ix->v[ix->n++] = s;
	}
	if (ix->n)
		qsort(ix->v, ix->n, sizeof(*ix->v), sym_addr_cmp);
}

static int sym_rank(const struct obj_sym *s)
{
	return (s->type == STT_FUNC) * 4 + (s->size != 0) * 2 +
	       (s->bind != STB_LOCAL);
}

/*
 * The name objdump would give a target no function starts at: the
 * nearest symbol at or before it, "sym+0x10".  Padding symbols are not
 * names: a target in the padding in front of a function is "func-0x10".
 */
static const char *addr_name(struct object *o, struct sym_index *ix,
			     uint64_t target)
{
	const struct obj_sym *best;
	size_t lo = 0, hi;
	char buf[512];
	uint32_t fi = object_func_at(o, target);

	if (fi != OBJ_NONE && o->funcs[fi].addr > target) {
		snprintf(buf, sizeof(buf), "%s-0x%llx", o->funcs[fi].name,
			 (unsigned long long)(o->funcs[fi].addr - target));
		return arena_strdup(&o->strings, buf);
	}
	if (!ix->v)
		sym_index_build(o, ix);
	hi = ix->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ix->v[mid]->addr <= target)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return "?";
	/* Among symbols at one address, as objdump: a function, a symbol
	 * with a size (__x86_indirect_thunk_array), a global. */
	best = ix->v[lo - 1];
	for (size_t i = lo - 1; i-- && ix->v[i]->addr == best->addr;)
		if (sym_rank(ix->v[i]) >= sym_rank(best))
			best = ix->v[i];
	if (best->addr == target)
		return best->name;
	snprintf(buf, sizeof(buf), "%s+0x%llx", best->name,
		 (unsigned long long)(target - best->addr));
	return arena_strdup(&o->strings, buf);
}

static int row_cmp(const void *a, const void *b)
{
	const struct callee_row *x = a, *y = b;
	int c;

	if (x->sites != y->sites)
		return x->sites > y->sites ? -1 : 1;
	if (x->tail_calls != y->tail_calls)
		return x->tail_calls > y->tail_calls ? -1 : 1;
	if ((c = strcmp(x->name, y->name)))
		return c;
	if (x->ref.obj != y->ref.obj)
		return x->ref.obj < y->ref.obj ? -1 : 1;
	return x->target < y->target ? -1 : x->target > y->target;
}

void calls_report_build(struct report *rep)
{
	const struct asmscan_options *opts = rep->opts;
	struct calls_report *cr = &rep->calls;
	struct strmap globals = { 0 }, noreturn = { 0 };
	struct ckey *keys;
	struct sym_index *index;
	size_t n = 0, total = 0, cap = 0;

	/* Global definitions, first in input order wins. */
	for (size_t oi = 0; oi < rep->nobjs; oi++) {
		struct object *o = &rep->objs[oi];

		total += o->ncalls;
		for (size_t i = 0; i < o->nnoreturn; i++) {
			bool created;

			strmap_get(&noreturn, o->noreturn[i], &created);
		}
		for (size_t fi = 0; fi < o->nfuncs; fi++) {
			bool created;
			uintptr_t *v;

			if (o->funcs[fi].local)
				continue;
			v = strmap_get(&globals, o->funcs[fi].name, &created);
			if (created)
				*v = (uintptr_t)oi << 32 | fi;
		}
	}
	keys = xcalloc(total ? total : 1, sizeof(*keys));
	index = xcalloc(rep->nobjs ? rep->nobjs : 1, sizeof(*index));
	for (size_t oi = 0; oi < rep->nobjs; oi++) {
		struct object *o = &rep->objs[oi];

		for (size_t ci = 0; ci < o->ncalls; ci++) {
			const struct call_site *cs = &o->calls[ci];
			struct ckey *k = &keys[n++];

			k->caller_obj = (uint32_t)oi;
			k->caller = cs->caller;
			k->tail = cs->tail;
			k->obj = (uint32_t)oi;
			if (cs->callee != OBJ_NONE) {
				k->kind = CKEY_FUNC;
				k->id = cs->callee;
			} else if (cs->target_known) {
				k->kind = CKEY_ADDR;
				k->id = cs->target;
			} else {
				uintptr_t *v = cs->extern_name ?
					strmap_find(&globals, cs->extern_name) : NULL;

				if (v) {
					k->kind = CKEY_FUNC;
					k->obj = (uint32_t)(*v >> 32);
					k->id = *v & 0xffffffffu;
				} else {
					k->kind = CKEY_EXTERN;
					k->ext = cs->extern_name ? cs->extern_name : "?";
				}
			}
		}
	}
	strmap_free(&globals);
	qsort(keys, n, sizeof(*keys), ckey_cmp);

	for (size_t i = 0; i < n;) {
		struct callee_row row = { 0 };
		size_t j = i;

		if (keys[i].kind == CKEY_EXTERN) {
			row.name = keys[i].ext;
		} else {
			struct object *o = &rep->objs[keys[i].obj];

			row.ref.obj = o;
			row.has_target = true;
			if (keys[i].kind == CKEY_FUNC) {
				row.ref.func = &o->funcs[keys[i].id];
				row.name = row.ref.func->name;
				row.target = row.ref.func->addr;
			} else {
				row.target = keys[i].id;
				row.name = addr_name(o, &index[keys[i].obj], row.target);
			}
		}
		for (; j < n && same_callee(&keys[i], &keys[j]); j++) {
			if (keys[j].tail)
				row.tail_calls++;
			else
				row.sites++;
			if (keys[j].caller != OBJ_NONE &&
			    (j == i || keys[j].caller != keys[j - 1].caller ||
			     keys[j].caller_obj != keys[j - 1].caller_obj))
				row.callers++;
		}
		i = j;
		if (row.ref.func) {
			row.ref.func->sites_in += (uint32_t)row.sites;
			row.ref.func->tails_in += (uint32_t)row.tail_calls;
		}
		if (!analysis_selected(opts, row.name))
			continue;
		row.cls = classify(row.name, &noreturn);
		cr->sites += row.sites;
		cr->tail_calls += row.tail_calls;
		if (!row.ref.obj)
			cr->sites_unknown += row.sites;
		if (row.cls == CALLEE_FTRACE)
			cr->ftrace_sites += row.sites;
		if (row.cls == CALLEE_THUNK)
			cr->thunk_sites += row.sites;
		if (row.cls == CALLEE_TRAMPOLINE)
			cr->trampoline_sites += row.sites;
		if (row.cls == CALLEE_PLACEHOLDER)
			cr->placeholder_sites += row.sites;
		if (row.cls == CALLEE_FAILURE)
			cr->failure_sites += row.sites;
		row.tiny = row.cls == CALLEE_PLAIN && row.ref.func &&
			   row.ref.func->size && !row.ref.func->bad_bytes &&
			   row.ref.func->insns <= opts->max_insns;
		if (row.tiny) {
			cr->tiny_sites += row.sites;
			cr->tiny_tail_calls += row.tail_calls;
			cr->tiny_callees++;
		}
		if (row.tiny || opts->all_callees)
			*VEC_PUSH(cr->rows, cr->nrows, cap) = row;
	}
	free(keys);
	strmap_free(&noreturn);
	for (size_t oi = 0; oi < rep->nobjs; oi++)
		free(index[oi].v);
	free(index);
	if (cr->nrows)
		qsort(cr->rows, cr->nrows, sizeof(*cr->rows), row_cmp);
}
