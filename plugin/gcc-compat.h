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
 * Supported: GCC 12 (tested: 12.2).  The asm inline flag this plugin reads
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
#include "input.h"
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

#endif /* ASMINLINE_GCC_COMPAT_H */
