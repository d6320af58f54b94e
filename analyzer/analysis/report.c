// SPDX-License-Identifier: GPL-2.0
/*
 * report.c — the helpers every analysis and renderer of a struct report
 * uses: --function's filter, and a row's DWARF declaration.
 */
#include "report.h"

#include <fnmatch.h>

#include "dwarf.h"

bool analysis_selected(const struct asmscan_options *opts, const char *name)
{
	if (!opts->nfunctions)
		return true;
	for (size_t i = 0; i < opts->nfunctions; i++)
		if (!fnmatch(opts->functions[i], name, 0))
			return true;
	return false;
}

void analysis_locate(struct func_ref *ref)
{
	if (ref->obj && ref->func)
		dwarf_locate(ref->obj, ref->func);
}
