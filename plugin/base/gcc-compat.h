/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gcc-compat.h — the only place that includes GCC's plugin headers and the
 * only place for GCC-version shims; pass code contains none.
 *
 * Order matters: system headers and asmtpl.h come first, because
 * gcc-plugin.h (through system.h) poisons malloc, strdup, strerror and
 * friends, and any header included after it that uses them breaks the
 * build.  Plugin code allocates with xmalloc/xrealloc/xstrdup and formats
 * errno with xstrerror.
 *
 * Supported: GCC 12 to 16 (tested: 12.2, 13.3, 14.2, 15.3, 16.2;
 * docs/reference/compilers.md).
 * The asm inline flag this plugin reads
 * and sets appeared in GCC 9; older compilers are refused at build time.
 */
#ifndef ASMINLINE_GCC_COMPAT_H
#define ASMINLINE_GCC_COMPAT_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "asmtpl.h"

#include "gcc-plugin.h"
#include "plugin-version.h"

#if GCCPLUGIN_VERSION_MAJOR < 9
#error "asminline needs GCC 9 or later (asm inline, gimple_asm_inline_p)"
#endif

#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-ssa.h"
#include "tree-inline.h"
#include "cgraph.h"
#include "langhooks.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#if GCCPLUGIN_VERSION_MAJOR >= 16
#include "diagnostics/file-cache.h"
#endif
#include "input.h"
/* The definition of a macro whose expansion spells an asm (asm-pass.cc). */
#include "cpplib.h"
#include "toplev.h"
#include "intl.h"
#include "output.h"
#include "opts.h"

/*
 * The inliner's summaries and estimates, read for edge records
 * (edge-limits.cc).  symbol-summary.h needs alloc-pool.h first;
 * ipa-fnsummary.h needs symbol-summary.h, tree-vrp.h, ipa-prop.h, sreal.h.
 */
#include "alloc-pool.h"
#include "symbol-summary.h"
#include "tree-vrp.h"
#include "sreal.h"
#if GCCPLUGIN_VERSION_MAJOR >= 14
/* GCC 14 moved the IPA-CP lattices out of ipa-prop.h, which still uses them. */
#include "ipa-cp.h"
#endif
#include "ipa-prop.h"
#include "ipa-fnsummary.h"
#include "ipa-inline.h"
#include "stringpool.h"
#include "attribs.h"
#include "builtins.h"

/*
 * GCC 12 still spells the location resolver and the pass base classes the
 * way GCC 9 did; shims for later versions go below, each with the version
 * that needs it.
 */

/*
 * A line of a source file, from the cache the diagnostics read (fix-its):
 * GCC 14 made that cache a member of the diagnostic context and dropped
 * the global location_get_source_line().
 */
#if GCCPLUGIN_VERSION_MAJOR >= 16
/* GCC 16 moved the diagnostics' types into namespace diagnostics. */
typedef diagnostics::char_span compat_char_span;
#else
typedef char_span compat_char_span;
#endif

static inline compat_char_span compat_source_line(const char *file, int line)
{
#if GCCPLUGIN_VERSION_MAJOR >= 14
	return global_dc->get_file_cache().get_source_line(file, line);
#else
	return location_get_source_line(file, line);
#endif
}

/*
 * Where a macro was expanded: GCC 14 made MACRO_MAP_EXPANSION_POINT_LOCATION()
 * a member function of line_map_macro.
 */
static inline location_t compat_macro_expansion_point(const line_map_macro *mm)
{
#if GCCPLUGIN_VERSION_MAJOR >= 14
	return mm->get_expansion_point_location();
#else
	return MACRO_MAP_EXPANSION_POINT_LOCATION(mm);
#endif
}

/*
 * A basic asm (no operands, '%' is no operand reference): GCC 15 renamed
 * gimple_asm_input_p() to gimple_asm_basic_p() (GF_ASM_INPUT became
 * GF_ASM_BASIC), same meaning.
 */
static inline bool compat_asm_basic_p(const gasm *stmt)
{
#if GCCPLUGIN_VERSION_MAJOR >= 15
	return gimple_asm_basic_p(stmt);
#else
	return gimple_asm_input_p(stmt);
#endif
}

/*
 * Would the early inliner look at call e, made from an always_inline
 * function, at all?  GCC 12 and 13 never do: early_inliner() inlines only
 * always_inline callees into such a function.  GCC 14 does, unless
 * inlining could close a cycle back into always_inline code
 * (can_early_inline_edge_p): an indirect call in the caller or the callee,
 * or a callee calling an always_inline function (or, with LTO, one that
 * may yet be replaced by one); GCC keeps that answer in the callee's
 * ipa_fn_summary::safe_to_inline_to_always_inline (0 not known, 1 no,
 * 2 yes).  Read, never written: the plugin only watches.  Calls from
 * other functions: true.
 */
static inline bool compat_early_inliner_looks(cgraph_edge *e,
					      cgraph_node *callee)
{
	cgraph_node *caller = e->caller->inlined_to ? e->caller->inlined_to
						    : e->caller;

	if (!DECL_DISREGARD_INLINE_LIMITS(caller->decl) ||
	    !lookup_attribute("always_inline", DECL_ATTRIBUTES(caller->decl)))
		return true;
#if GCCPLUGIN_VERSION_MAJOR >= 14
	ipa_fn_summary *s = ipa_fn_summaries->get(callee);

	if (caller->indirect_calls || e->callee->indirect_calls || !s)
		return false;
	if (s->safe_to_inline_to_always_inline)
		return s->safe_to_inline_to_always_inline == 2;
	for (cgraph_edge *e2 = callee->callees; e2; e2 = e2->next_callee) {
		cgraph_node *c2 = e2->callee->ultimate_alias_target();

		tree attrs = DECL_ATTRIBUTES(c2->decl);

		if (DECL_DISREGARD_INLINE_LIMITS(c2->decl) ||
		    lookup_attribute("always_inline", attrs) ||
		    (flag_lto && c2->externally_visible))
			return false;
	}
	return true;
#else
	(void)callee;
	return false;
#endif
}

/*
 * The next top-level asm of the unit (symtab->first_asm_symbol()'s list):
 * from GCC 16 asm_node is a toplevel_node, and the link is typed as one.
 */
static inline asm_node *compat_next_asm(asm_node *node)
{
#if GCCPLUGIN_VERSION_MAJOR >= 16
	return dyn_cast<asm_node *>(node->next);
#else
	return node->next;
#endif
}

/*
 * Is call e hot, as want_inline_small_function_p asks it?  Up to GCC 15
 * one question, maybe_hot_p().  GCC 16 weighs the answer by what the call
 * is worth: the quick bound on the callee's min_size asks
 * maybe_hot_p(callee's time), the growth chain's cold-call test
 * maybe_hot_p(callee_speedup(e)) — estimate_edge_time()'s unspecialised
 * minus specialised time.  The early inliner still asks maybe_hot_p().
 */
static inline bool compat_hot_for_min_size(cgraph_edge *e,
					   ipa_fn_summary *callee)
{
#if GCCPLUGIN_VERSION_MAJOR >= 16
	return e->maybe_hot_p(callee->time);
#else
	(void)callee;
	return e->maybe_hot_p();
#endif
}

static inline bool compat_hot_for_growth(cgraph_edge *e)
{
#if GCCPLUGIN_VERSION_MAJOR >= 16
	sreal unspec_time;
	sreal spec_time = estimate_edge_time(e, &unspec_time);

	return e->maybe_hot_p(unspec_time - spec_time);
#else
	return e->maybe_hot_p();
#endif
}

#endif /* ASMINLINE_GCC_COMPAT_H */
