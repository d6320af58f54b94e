// SPDX-License-Identifier: GPL-2.0
/*
 * report.c — the helpers every analysis and renderer of a struct report
 * uses: --function's filter, and a row's DWARF declaration; and whether
 * two reports can be compared.
 */
#include "report.h"

#include <fnmatch.h>

#include "dwarf.h"
#include "errors.h"

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

/* The machine of a run: the first object read sets it (analysis.c). */
static const struct machine *report_machine(const struct report *rep)
{
	for (size_t i = 0; i < rep->nobjs; i++)
		if (!rep->objs[i].failed)
			return rep->objs[i].mach;
	return NULL;
}

bool analysis_comparable(const struct report *const side[2],
			 const char *const name[2], const bool failed[2])
{
	const struct machine *m[2];
	bool ok = true;

	for (int i = 0; i < 2; i++) {
		m[i] = report_machine(side[i]);
		if (m[i] || failed[i])
			continue;
		asmscan_error(name[i], "nothing to compare",
			      "no ELF64 x86-64 or AArch64 object in it");
		ok = false;
	}
	if (m[0] && m[1] && m[0] != m[1]) {
		asmscan_errorf(name[1], "cannot compare",
			       "%s objects with the %s objects of %s (one machine per comparison)",
			       m[1]->name, m[0]->name, name[0]);
		ok = false;
	}
	return ok && !failed[0] && !failed[1];
}
