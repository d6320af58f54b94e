/* SPDX-License-Identifier: GPL-2.0 */
/*
 * findings.h — what `asmscan check` finds (check.h says how): the kinds
 * and states of a finding, the finding itself and the list of them, made
 * from one build's struct report (report.h), which knows nothing of them.
 */
#ifndef ASMSCAN_FINDINGS_H
#define ASMSCAN_FINDINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "srctree.h"
#include "util.h"

enum check_kind {
	CHECK_ASM,
	CHECK_EDGE,
	CHECK_COPY,
	CHECK_KINDS,
};

enum check_state {
	CHECK_NEW,		/* found now, not in the baseline: fails */
	CHECK_UNCHANGED,	/* found now and in the baseline */
	CHECK_FIXED,		/* in the baseline, not found now: reported */
	CHECK_UNVERIFIED,	/* edge: one side judged it by the rule */
	CHECK_CONTEXT,		/* --against: new, but of asm OLD has too */
	CHECK_STATES,
};

/* How the build judged one edge record (check_add_edge). */
enum check_judged {
	CHECK_JUDGED_BLOCKED,		/* blocked-by-asm, by the method the
					 * build asked for (re-run or rule) */
	CHECK_JUDGED_RULE_BLOCKED,	/* blocked-by-asm by the rule, in a
					 * unit whose re-run gave no answer */
	CHECK_JUDGED_RULE_OTHER,	/* "other" by the rule, ditto */
};

/*
 * What saw a copy finding: DWARF (a function declared inline, out of
 * line) or only the symbols (a local name defined in several units).  A
 * fixed finding read from the baseline does not say: its line keeps no
 * more than the function and its file (docs/reference/ci.md).
 */
enum check_copy_from {
	CHECK_COPY_FROM_UNKNOWN,
	CHECK_COPY_FROM_DWARF,
	CHECK_COPY_FROM_SYMBOLS,
};

/* What the baseline said of a finding. */
enum check_base {
	CHECK_BASE_NONE,
	CHECK_BASE_FINDING,		/* its line: asm, edge, copy */
	CHECK_BASE_UNVERIFIED,		/* an "unverified" line (edges) */
};

struct check_finding {
	enum check_kind kind;
	uint64_t fp;
	enum check_state state;
	/* asm: the function holding it; edge: the caller; copy: the function */
	const char *function;
	const char *callee;		/* edge */
	const char *file;		/* asm: expansion point; edge: the call */
	uint32_t line;			/* 0: not known (a fixed finding) */
	const char *spelling_file;	/* asm: where the keyword is written */
	uint32_t spelling_line;
	const char *asm_kind;		/* asm: lock-prefix, extable, ... */
	uint32_t gcc_count, est_insns;	/* asm */
	int64_t callee_size, limit_value, overcount;	/* edge */
	const char *limit_name;
	uint64_t units;			/* units (or copies) holding it */
	uint64_t bytes;			/* copy: bytes of its copies */
	enum check_copy_from copy_from;	/* copy: DWARF wins over symbols */
	bool found;			/* found now (edges: blocked-by-asm) */
	bool verified;			/* edge: blocked-by-asm as the build asked */
	bool by_rule;			/* edge: judged by the rule in a unit
					 * whose re-run gave no answer */
	enum check_base base;
	bool write_unverified;		/* baseline: an "unverified" line */
	bool new_site;			/* --against: of asm OLD has nowhere */
	bool outside_site;		/* --against: of asm in the tree that
					 * OLD lacks, from a unit outside it */
};

/* A unit whose re-run gave no answer: its calls are unverified. */
struct check_rule_unit {
	const char *tu;
	const char *rerun;		/* "failed", "timeout" */
	const char *why;		/* rerun_error; NULL from a report */
	size_t calls;			/* its edge records */
};

struct report;

struct check_report {
	struct report *rep;		/* the build's, as analysis left it */
	const struct check_report *against;	/* --against: OLD's check */
	struct check_finding *v;
	size_t n, cap;
	size_t count[CHECK_STATES];	/* per check_state (unverified:
					 * those listed, check_listed()) */
	size_t rule_calls;		/* edges the rule judged for a re-run */
	struct check_rule_unit *rule_units;	/* sorted by tu */
	size_t nrule_units, caprule_units;
	size_t baseline_findings;	/* lines read from the baseline */
	bool baseline_missing;		/* no such file: taken as empty */
	bool compared;			/* the baseline was read */
	bool from_reports;		/* findings from --report files */
	size_t units;			/* units whose records were read */
	const char *srctree;		/* paths are relative to it (srctree.h) */
	struct srctree_view view;	/* how names print */
	struct strmap index;		/* "kind:fp" -> index + 1 */
	struct arena strings;
};

#endif /* ASMSCAN_FINDINGS_H */
