/* SPDX-License-Identifier: GPL-2.0 */
/*
 * diff-bloat.h — `asmscan diff --format bloat-o-meter OLD NEW`: exactly
 * what the kernel's scripts/bloat-o-meter OLD NEW prints (its default
 * mode, as in Linux 6.12 and mainline), computed from the symbol tables
 * asmscan read, without nm.
 *
 * The script runs `nm --size-sort` on each file and keeps symbols whose
 * letter (nm-letter.h) is one of tTdDbBrRvVwW and whose size is not 0,
 * minus the generated names it drops (diff_name_kept()), named with every
 * ".<digits>" removed and the sizes of one name added up.  Rows are every
 * name whose size changed (a name on one side only counts from or to 0),
 * sorted by (delta, name) descending, as Python sorts the tuples.  For a
 * directory or an archive, every object's symbols add up, as they would
 * in nm's output of all of them.  Linux 6.1's script knew only tTdDbBrR
 * (weak symbols, W and V, were left out): --format bloat-o-meter-6.1
 * prints what that one prints.
 */
#ifndef ASMSCAN_DIFF_BLOAT_H
#define ASMSCAN_DIFF_BLOAT_H

#include "diff.h"

#define DIFF_BLOAT_LETTERS "tTdDbBrRvVwW"	/* Linux 6.12, mainline */
#define DIFF_BLOAT_LETTERS_6_1 "tTdDbBrR"	/* Linux 6.1 */

struct bloat_row {
	const char *name;
	bool present[DIFF_SIDES];
	uint64_t size[DIFF_SIDES];
};

struct bloat_report {
	struct bloat_row *rows;		/* changed ones, the script's order */
	size_t nrows;
	size_t added, removed, grown, shrunk;
	uint64_t up, down, total[DIFF_SIDES];
	struct arena names;
};

/* letters: DIFF_BLOAT_LETTERS or DIFF_BLOAT_LETTERS_6_1 */
void diff_bloat_build(struct bloat_report *b, const struct diff_report *d,
		      const char *letters);
void diff_bloat_free(struct bloat_report *b);

#endif /* ASMSCAN_DIFF_BLOAT_H */
