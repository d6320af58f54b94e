/* SPDX-License-Identifier: GPL-2.0 */
/*
 * diff.h — `asmscan diff OLD NEW`: what changed between two builds, put
 * together from the per-object analyses of each side (analysis.h); the
 * renderers (render-diff-*.c) only print what diff_build() fills.
 *
 * Functions are matched as scripts/bloat-o-meter -t matches them, so the
 * byte figures are exactly its figures for the same pair:
 *   - the symbols `nm --size-sort` prints with type t or T: defined in a
 *     section with SHF_EXECINSTR, bound STB_LOCAL or STB_GLOBAL (weak,
 *     unique and ifunc symbols have other letters), st_size > 0;
 *   - minus the names the script drops (__mod_*, __se_sys*,
 *     __se_compat_sys*, __addressable_*, linux_banner, vermagic, and any
 *     name with a ':', which it takes for nm's "file:" line);
 *   - named with every ".<digits>" removed (re.sub(r'\.[0-9]+', '')), so
 *     foo.constprop.0 and foo.constprop.1 are one name, and the sizes of
 *     symbols of one name added up.
 * Instructions and call sites of a name are those of the functions its
 * symbols start (each symbol counts, as its size does).  One difference:
 * a padding symbol (__pfx_NAME, __cfi_NAME: object.h) is no row of its
 * own, as bloat-o-meter makes it, but adds its bytes (and its NOPs) to
 * the row of the function it stands in front of; so where padding
 * symbols exist the rows and bloat-o-meter's add/remove counts differ
 * from the script's, the byte totals do not.
 *
 * Callees are matched by the same stripped name; copies by what the
 * copies analysis groups them by.  Nothing here reads ELF itself.
 */
#ifndef ASMSCAN_DIFF_H
#define ASMSCAN_DIFF_H

#include "report.h"
#include "diff-options.h"
#include "diff-provenance.h"

#define DIFF_SIDES 2		/* [0] old, [1] new */

/* One bloat-o-meter name. */
struct diff_func {
	const char *name;
	bool present[DIFF_SIDES];
	uint64_t bytes[DIFF_SIDES];
	uint64_t insns[DIFF_SIDES];	/* every instruction in its symbols */
	uint64_t calls[DIFF_SIDES];	/* direct call sites in it */
};

/* One callee (stripped name): the call sites that reach it. */
struct diff_callee {
	const char *name;
	enum callee_class cls;
	uint64_t sites[DIFF_SIDES], tails[DIFF_SIDES];
	uint64_t tiny_sites[DIFF_SIDES];	/* sites while its body was tiny */
	bool tiny[DIFF_SIDES];
};

enum diff_copy_kind {
	DIFF_COPY_DWARF,		/* declared inline, out of line (DWARF) */
	DIFF_COPY_DUPLICATE,		/* local name defined at several places */
	DIFF_COPY_CLONE,		/* .isra/.constprop/.part/.cold symbols */
	DIFF_COPY_KINDS,
};

struct diff_copy {
	const char *name;
	enum diff_copy_kind kind;
	uint64_t copies[DIFF_SIDES], bytes[DIFF_SIDES];
};

/* Both directions, never only the net. */
struct diff_flow {
	uint64_t before, after;
	uint64_t removed, added;	/* sums of the per-row decreases, increases */
	size_t rows_down, rows_up;	/* rows that lost, gained */
	size_t rows_gone, rows_new;	/* rows at 0 after, at 0 before */
};

struct diff_totals {
	/* bloat-o-meter's first and last lines */
	size_t added, removed, grown, shrunk;
	uint64_t up, down;
	uint64_t total[DIFF_SIDES];
	uint64_t insns[DIFF_SIDES];		/* in those symbols */
	uint64_t exec_bytes[DIFF_SIDES];	/* SHF_EXECINSTR sections */
	struct diff_flow sites, tails, tiny_sites;
	bool copies_valid[DIFF_COPY_KINDS];	/* DWARF: both sides had it */
	struct diff_flow copies[DIFF_COPY_KINDS];
};

struct diff_report {
	const struct asmscan_options *opts;
	const char *names[DIFF_SIDES];		/* OLD and NEW as typed */
	struct report *side[DIFF_SIDES];
	struct diff_func *funcs;	/* changed ones, by |byte delta| */
	size_t nfuncs;
	struct diff_callee *callees;	/* changed ones, by |site delta| */
	size_t ncallees;
	struct diff_copy *copies;	/* changed ones, by |copy delta| */
	size_t ncopies;
	struct diff_totals t;
	bool over_budget;		/* --fail-on-growth exceeded */
	struct diff_provenance prov[DIFF_SIDES];	/* compiler, config */
	struct arena names_arena;
};

/* Compare two finished reports (analysis_report() done on each). */
void diff_build(struct diff_report *d, const struct asmscan_options *opts,
		const char *old_name, struct report *old_rep,
		const char *new_name, struct report *new_rep);
void diff_free(struct diff_report *d);

/* bloat-o-meter's name: every ".<digits>" removed, into buf. */
void diff_strip_name(const char *name, char *buf, size_t len);
/* Is this a name bloat-o-meter keeps (not one it drops as generated)? */
bool diff_name_kept(const char *name);
/* Is this symbol one bloat-o-meter -t counts (see above)? */
bool diff_counts_symbol(const struct object *o, const struct obj_sym *s);

/* Signed difference new - old of two counters. */
static inline int64_t diff_delta(const uint64_t v[DIFF_SIDES])
{
	return (int64_t)(v[1] - v[0]);
}


#endif /* ASMSCAN_DIFF_H */
