/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm-diag.h — one diagnostic per flagged site per translation unit.
 *
 * A site is where the asm keyword is spelled (spelling_file,
 * spelling_line): a macro in a header expanded 42 times in a unit is one
 * site and gets one diagnostic, "... (42 expansions in this translation
 * unit)", at the location of its first statement, so GCC adds its "in
 * expansion of macro" trace.  The pass collects (asm_diag_collect); the end
 * of the unit emits, in the order the sites were first met
 * (asm_diag_finish_unit).
 */
#ifndef ASMINLINE_ASM_DIAG_H
#define ASMINLINE_ASM_DIAG_H

#include "gcc-compat.h"
#include "asm-record.h"
#include "plugin-state.h"

struct asm_site {
	char *file;			/* spelling_file */
	unsigned line;			/* spelling_line */
	location_t loc;			/* the first statement's location */
	char *function;			/* ... and its function */
	char *sections;			/* ... and its other sections, as text */
	unsigned gcc_first, est_first;	/* ... and its two counts */
	unsigned gcc_min, gcc_max;	/* over every expansion */
	unsigned est_min, est_max;
	unsigned long expansions;
	bool applied;			/* mode=apply marked them */
};

struct asm_sites {
	struct asm_site *v;		/* in order of first statement */
	size_t n;
	size_t cap;
	size_t *slots;			/* hash of (file, line): index + 1, or 0 */
	size_t nslots;			/* a power of two, > 2 * n */
};

/* Count a flagged statement at loc towards its site. */
void asm_diag_collect(struct asm_sites *sites, location_t loc,
		      const struct asm_record *rec);

/*
 * Emit one note or warning per site collected in pl->sites, in the order
 * they were first met (at the end of the unit), and forget them.
 */
void asm_diag_finish_unit(struct asminline_plugin *pl);

#endif /* ASMINLINE_ASM_DIAG_H */
