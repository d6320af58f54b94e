/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edge-record.h — the "edge" record: one call GCC's inliner refused whose
 * callee holds over-counted asm, with the limit that refused it and the
 * verdict (docs/reference/format.md, "The edge record").  The edge code fills the
 * struct (edges/), edge-record.cc renders it, for the report and for the
 * embedded string.
 */
#ifndef ASMINLINE_EDGE_RECORD_H
#define ASMINLINE_EDGE_RECORD_H

#include "gcc-compat.h"

struct json_buf;

#define EDGE_RECORD_MAX_FINGERPRINTS 32

enum edge_verdict {
	EDGE_VERDICT_OTHER,		/* still refused without the over-count */
	EDGE_VERDICT_BLOCKED_BY_ASM,	/* within the limit without it */
};

/* The limit that refused the edge, as the inliner applied it. */
struct edge_limit {
	const char *name;	/* the --param, e.g. "max-inline-insns-single" */
	int param;		/* its value for the function (opt_for_fn) */
	int value;		/* the bound compared, hint scaling applied */
	const char *measure;	/* what was compared: "growth", "size-after" */
	int measured;		/* its value as GCC estimated it */
};

struct edge_record {
	const char *tu;
	const char *srctree;		/* what names are relative to (srcpath.h) */
	const char *caller;		/* C name of the function holding the call */
	const char *inlined_into;	/* "" unless the caller is an inline copy */
	const char *callee;		/* C name, no clone suffix */
	const char *callee_symbol;	/* its symbol: foo, foo.constprop.0 ... */
	const char *file;		/* the call, as DWARF sees it */
	unsigned line;
	unsigned column;
	const char *reason;		/* cgraph_inline_failed_string() */
	int callee_size;		/* ipa_size_summary::size of the callee */
	int growth;			/* estimate_edge_growth() */
	unsigned overcount;		/* sum of gcc_count - est_insns, flagged asm */
	unsigned overcount_after;	/* the same with the IPA inliner's choices */
	unsigned nasm;			/* flagged asm statements in the callee */
	struct edge_limit limit;
	const char *measured_at;	/* "start" or "end" of IPA inlining */
	const char *via;		/* "limit", "rerun", "early", "all-callers" */
	int rerun;			/* GCC's inliner re-run: 1 inlined the
					 * call, 0 refused it, -1 no answer */
	const char *unit_rerun;		/* the unit's edge_rerun_outcome_name() */
	bool reproduced;		/* GCC's rule, re-run, refuses it too */
	enum edge_verdict verdict;
	unsigned nfingerprints;
	unsigned fingerprints_dropped;
	uint64_t fingerprints[EDGE_RECORD_MAX_FINGERPRINTS];
};

/*
 * edge-record.cc: append the record's JSON object to b: the report's line
 * without its newline, and the embedded form.
 */
void edge_record_render_object(const struct edge_record *rec,
			       struct json_buf *b);
const char *edge_verdict_name(enum edge_verdict v);

#endif /* ASMINLINE_EDGE_RECORD_H */
