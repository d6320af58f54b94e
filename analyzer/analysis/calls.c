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
#include "calls-tally.h"
#include "sort.h"

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
 * marks DW_AT_noreturn in any input (C's __noreturn, Rust's `-> !`), and
 * by name, for inputs without DWARF, the checkers' report hooks, none of
 * which runs unless a check failed: the stack protector's
 * __stack_chk_fail, FORTIFY_SOURCE's __fortify_panic/fortify_panic/
 * __fortify_report, UBSan's __ubsan_handle_*, KASAN's __asan_report_* and
 * __kasan_*report*, and Rust's panics (core::panicking::*, the unwrap and
 * index failures of core, alloc's handle_alloc_error).  Veneers: stubs
 * the linker makes (arm64's erratum 843419 "e843419@..." and long-branch
 * "__NAME_veneer"), no function of the source.
 */
static bool failure_name(const char *name)
{
	static const char *const exact[] = {
		"__stack_chk_fail", "__fortify_panic", "fortify_panic",
		"__fortify_report",
	};

	for (size_t i = 0; i < ARRAY_SIZE(exact); i++)
		if (!strcmp(name, exact[i]))
			return true;
	return !strncmp(name, "__ubsan_handle_", 15) ||
	       !strncmp(name, "__asan_report_", 14) ||
	       (!strncmp(name, "__kasan_", 8) && strstr(name + 8, "report"));
}

/*
 * A Rust failure path by its demangled name (rust_begin_unwind is C's):
 * every one in core:: or alloc::, which a C name never starts with (each
 * callee of a package is classified: 290,000 names).
 */
static bool rust_failure_name(const char *shown)
{
	static const char *const prefix[] = {
		"core::panicking::", "core::option::unwrap_failed",
		"core::option::expect_failed", "core::result::unwrap_failed",
		"core::slice::index::slice_", "core::str::slice_error_fail",
		"core::cell::panic_already_", "alloc::alloc::handle_alloc_error",
		"alloc::raw_vec::handle_error", "alloc::raw_vec::capacity_overflow",
	};

	if (strncmp(shown, "core::", 6) && strncmp(shown, "alloc::", 7))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(prefix); i++)
		if (!strncmp(shown, prefix[i], strlen(prefix[i])))
			return true;
	return false;
}

static bool veneer_name(const char *name)
{
	size_t len = strlen(name);

	return !strncmp(name, "e843419@", 8) ||
	       (!strncmp(name, "__", 2) && len > 9 &&
		!strcmp(name + len - 7, "_veneer"));
}

/*
 * The name of the function a prefixed copy is made from: arm64 KVM's
 * nVHE hypervisor objects are linked with every symbol prefixed
 * "__kvm_nvhe_" (DWARF keeps the source's names), and the kernel's
 * position-independent early code with "__pi_".
 */
static const char *unprefixed(const char *name)
{
	static const char *const prefix[] = { "__kvm_nvhe_", "__pi_" };

	for (size_t i = 0; i < ARRAY_SIZE(prefix); i++) {
		size_t n = strlen(prefix[i]);

		if (!strncmp(name, prefix[i], n) && name[n])
			return name + n;
	}
	return name;
}

/*
 * name is the callee's symbol (or "sym+0x10", or an undefined symbol's),
 * shown its demangled name (shown == name for C).
 */
static enum callee_class classify(const char *name, const char *shown,
				  const struct strmap *noreturn)
{
	char base[256];
	const char *dot, *bare;

	if (!strcmp(name, "__fentry__"))
		return CALLEE_FTRACE;
	if (!strncmp(name, "__x86_indirect_", 15))
		return CALLEE_THUNK;
	if (!strncmp(name, "__SCT__", 7))
		return CALLEE_TRAMPOLINE;
	if (!strcmp(name, "BUG_func"))
		return CALLEE_PLACEHOLDER;
	if (veneer_name(name))
		return CALLEE_VENEER;
	if (rust_failure_name(shown))
		return CALLEE_FAILURE;
	/* A clone (__stack_chk_fail.cold, panic.constprop.0) is its function. */
	dot = strchr(name, '.');
	if (dot && dot != name && (size_t)(dot - name) < sizeof(base)) {
		memcpy(base, name, (size_t)(dot - name));
		base[dot - name] = '\0';
		name = base;
	}
	if (failure_name(name) || strmap_find(noreturn, name))
		return CALLEE_FAILURE;
	bare = unprefixed(name);
	if (bare != name && (failure_name(bare) || strmap_find(noreturn, bare)))
		return CALLEE_FAILURE;
	return CALLEE_PLAIN;
}

/* Named symbols of one object by address, built when first needed. */
struct sym_index {
	const struct obj_sym **v;
	size_t n;
};

/*
 * AArch64's mapping symbols ($x code, $d data, "$x.N" in some linkers,
 * 90,000 in a vmlinux) mark where code and data start, and name nothing:
 * objdump does not name addresses after them either.
 */
static bool mapping_symbol(const char *name)
{
	return name[0] == '$' && strchr("xdat", name[1]) && name[1] &&
	       (!name[2] || name[2] == '.');
}

/* By address, .symtab order among equals. */
static void sym_index_build(const struct object *o, struct sym_index *ix)
{
	struct sort_pair *keys = xcalloc(o->nsyms ? o->nsyms : 1, sizeof(*keys));

	ix->v = xcalloc(o->nsyms ? o->nsyms : 1, sizeof(*ix->v));
	for (size_t i = 1; i < o->nsyms; i++) {
		const struct obj_sym *s = &o->syms[i];

		if (s->defined && s->type != STT_SECTION && s->type != STT_FILE &&
		    !s->padding && *s->name && !mapping_symbol(s->name))
			keys[ix->n++] = (struct sort_pair){ s->addr, i };
	}
	sort_pairs(keys, ix->n);
	for (size_t i = 0; i < ix->n; i++)
		ix->v[i] = &o->syms[keys[i].lo];
	free(keys);
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
		snprintf(buf, sizeof(buf), "%s-0x%llx", object_func_name(&o->funcs[fi]),
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

/* Everything about one callee's row once its calls are counted. */
static void row_finish(struct report *rep, struct callee_row *row,
		       const struct strmap *noreturn, size_t *cap)
{
	const struct asmscan_options *opts = rep->opts;
	struct calls_report *cr = &rep->calls;

	if (row->ref.func) {
		row->ref.func->sites_in += (uint32_t)row->sites;
		row->ref.func->tails_in += (uint32_t)row->tail_calls;
	}
	if (!analysis_selected(opts, row->name))
		return;
	row->cls = classify(row->ref.func ? row->ref.func->name : row->name,
			    row->name, noreturn);
	cr->sites += row->sites;
	cr->tail_calls += row->tail_calls;
	if (!row->ref.obj)
		cr->sites_unknown += row->sites;
	if (row->cls == CALLEE_FTRACE)
		cr->ftrace_sites += row->sites;
	if (row->cls == CALLEE_THUNK)
		cr->thunk_sites += row->sites;
	if (row->cls == CALLEE_TRAMPOLINE)
		cr->trampoline_sites += row->sites;
	if (row->cls == CALLEE_PLACEHOLDER)
		cr->placeholder_sites += row->sites;
	if (row->cls == CALLEE_FAILURE)
		cr->failure_sites += row->sites;
	if (row->cls == CALLEE_VENEER)
		cr->veneer_sites += row->sites + row->tail_calls;
	row->tiny = row->cls == CALLEE_PLAIN && row->ref.func &&
		    row->ref.func->size && !row->ref.func->bad_bytes &&
		    object_func_insns(row->ref.func) <= opts->max_insns;
	if (row->tiny) {
		cr->tiny_sites += row->sites;
		cr->tiny_tail_calls += row->tail_calls;
		cr->tiny_callees++;
	}
	if (row->tiny || opts->all_callees)
		*VEC_PUSH(cr->rows, cr->nrows, *cap) = *row;
}

/* The rows of the calls to functions, in input and function order. */
static void func_rows(struct report *rep, const struct calls_tally *t,
		      size_t *cap)
{
	for (size_t oi = 0; oi < t->nobjs; oi++) {
		struct object *o = &rep->objs[oi];

		for (size_t fi = 0; t->counts[oi] && fi < o->nfuncs; fi++) {
			const struct callee_count *c = &t->counts[oi][fi];
			struct callee_row row = { 0 };

			if (!c->sites && !c->tails)
				continue;
			row.ref.obj = o;
			row.has_target = true;
			row.ref.func = &o->funcs[fi];
			row.name = object_func_name(row.ref.func);
			row.target = row.ref.func->addr;
			row.sites = c->sites;
			row.tail_calls = c->tails;
			row.callers = c->callers;
			row_finish(rep, &row, &t->noreturn, cap);
		}
	}
}

/* The rows of calls to addresses no function starts at, and to names. */
static void other_rows(struct report *rep, struct ckey *keys, size_t n,
		       struct sym_index *index, const struct strmap *noreturn,
		       size_t *cap)
{
	for (size_t i = 0; i < n;) {
		struct callee_row row = { 0 };
		size_t j = i;

		if (keys[i].kind == CKEY_EXTERN) {
			row.name = keys[i].ext;
		} else {
			struct object *o = &rep->objs[keys[i].obj];

			row.ref.obj = o;
			row.has_target = true;
			row.target = keys[i].id;
			row.name = addr_name(o, &index[keys[i].obj], row.target);
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
		row_finish(rep, &row, noreturn, cap);
	}
}

/* The tally analysis_run() kept, caught up with every object. */
static struct calls_tally *tally_of(struct report *rep)
{
	struct calls_tally *t = rep->calls.tally;

	rep->calls.tally = NULL;
	if (!t)
		t = calls_tally_new(rep->nobjs);
	for (size_t oi = t->nobjs; oi < rep->nobjs; oi++)
		calls_tally_object(t, rep, oi);
	return t;
}

void calls_report_build(struct report *rep)
{
	struct calls_report *cr = &rep->calls;
	struct calls_tally *t = tally_of(rep);
	struct sym_index *index;
	size_t cap = 0;

	calls_tally_finish(t, rep);
	index = xcalloc(rep->nobjs ? rep->nobjs : 1, sizeof(*index));
	if (t->nothers)
		qsort(t->others, t->nothers, sizeof(*t->others), ckey_cmp);
	func_rows(rep, t, &cap);
	other_rows(rep, t->others, t->nothers, index, &t->noreturn, &cap);
	calls_tally_free(t);
	for (size_t oi = 0; oi < rep->nobjs; oi++)
		free(index[oi].v);
	free(index);
	if (cr->nrows)
		qsort(cr->rows, cr->nrows, sizeof(*cr->rows), row_cmp);
}
