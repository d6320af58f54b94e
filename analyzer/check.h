/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check.h — `asmscan check --baseline FILE [--write-baseline] INPUT…`, the
 * CI gate (docs/ci.md): the findings of a build, each with a fingerprint
 * that holds no path, line or column, compared with a baseline file
 * (baseline.h) by (kind, fingerprint).
 *
 * Findings:
 *   - asm: a flagged statement, one per plugin fingerprint (function,
 *     normalised template, ordinal) however many units hold it — a
 *     header's static inline in 300 units is one finding "in 300 units";
 *   - edge: a call GCC refused that the plugin attributed to over-counted
 *     asm (verdict blocked-by-asm), one per (caller, callee) however many
 *     units or inlined copies hold it — not per set of asm involved, so
 *     converting one of a callee's statements does not make the still
 *     blocked call "new";
 *   - copy (--copies): a function declared inline that exists out of
 *     line (DWARF), or a local function defined in several units
 *     (symbols), one per function name.
 * They come from the records the plugin embeds in the inputs; from JSON
 * Lines reports (--report) only when no input holds any.
 *
 * Edges are compared only where both sides judged them the same way.  A
 * unit whose inliner re-run gave no answer ("rerun": "failed" or
 * "timeout") had its calls judged by the plugin's rule instead, which may
 * differ from what the re-run says in a normal build; the baseline keeps
 * such calls as "unverified" lines.  An edge is unverified — never new,
 * never fixed, never a failure — when the build judged it by the rule
 * and does not say blocked-by-asm where the baseline does, or when the
 * baseline holds it as unverified.  Writing the baseline keeps what the
 * old one said for the calls the build could not judge, and marks the
 * others unverified, so that the next normal build finds nothing "new"
 * that was only unknown (docs/ci.md).
 *
 * With --against OLD, OLD's findings take the baseline's place, and a
 * finding OLD lacks is new only when the change can act on it: an asm
 * finding whose statement's site OLD has nowhere, or an edge blocked by
 * at least one such statement (check-against.c); the others are context.
 *
 * Invariants: the list is sorted (state, file, line, kind, function,
 * fingerprint) and unique by (kind, fingerprint); nothing here prints or
 * writes the baseline.
 */
#ifndef ASMSCAN_CHECK_H
#define ASMSCAN_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "srctree.h"
#include "util.h"

struct report;
struct jv;

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

struct check_report {
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

/* analysis_report(): the findings, compared with the baseline. */
void check_report_build(struct report *rep);
void check_report_free(struct check_report *c);

/*
 * Whether a finding is shown (text, JSON, SARIF) and counted: an
 * unverified edge only when one side says blocked-by-asm (what would have
 * been new or fixed); an edge neither side knows to be blocked is kept
 * for the baseline's "unverified" lines only, and an "unverified" line
 * no unit judges or finds any more is dropped (it was no finding).
 */
bool check_listed(const struct check_finding *f);

/*
 * After analysis_report(): why --write-baseline will not write, or NULL
 * (an input or the old baseline could not be read: the text is for the
 * summary line, "1 input could not be read").  Buf holds it.
 */
const char *check_write_refused(const struct report *rep, char *buf,
				size_t len);

/* The lines --write-baseline writes; *unverified of them "unverified". */
size_t check_to_write(const struct check_report *c, size_t *unverified);

/* After rendering: write the baseline (--write-baseline) or gate. */
int check_finish(struct report *rep, int rc);

/* The name a kind has in the baseline, in JSON and in SARIF. */
const char *check_kind_name(enum check_kind kind);
const char *check_state_name(enum check_state state);

/* check-report.c: one --report file's flagged asm and blocked-by-asm
 * edges, added with check_add_*(); false after an error (reported). */
bool check_read_report(struct report *rep, const char *path);

/* What the readers give check.c; duplicates merge (units add up). */
void check_add_asm(struct check_report *c, const char *function,
		   const char *file, uint32_t line, const char *spelling_file,
		   uint32_t spelling_line, const char *asm_kind,
		   uint32_t gcc_count, uint32_t est_insns, uint64_t fp);
void check_add_edge(struct check_report *c, enum check_judged how,
		    const char *caller, const char *callee, const char *file,
		    uint32_t line, int64_t callee_size, const char *limit_name,
		    int64_t limit_value, int64_t overcount);
/* A unit whose re-run gave no answer (tu once; calls add up). */
void check_add_rule_unit(struct check_report *c, const char *tu,
			 const char *rerun, const char *why, size_t calls);
/* "failed" and "timeout": the unit's edges were judged by the rule. */
bool check_rerun_unanswered(const char *rerun);

/*
 * check-against.c: --against OLD, in place of the baseline: OLD's
 * findings marked on rep's, and states set.  rep->against is OLD's report.
 */
void check_against_compare(struct report *rep);

/* The finding of (kind, fp), created (zeroed, state new) when absent. */
struct check_finding *check_finding_of(struct check_report *c,
				       enum check_kind kind, uint64_t fp,
				       bool *created);
/* The finding of (kind, fp), or NULL. */
struct check_finding *check_finding_find(struct check_report *c,
					 enum check_kind kind, uint64_t fp);
/* Its state from what the build found and the baseline (or OLD) held. */
enum check_state check_state_of(const struct check_finding *f);
bool check_write_unverified(const struct check_finding *f);

/* An edge's fingerprint: FNV-1a-64 of caller, NUL, callee (docs/ci.md). */
uint64_t check_edge_fp(const char *caller, const char *callee);

#endif /* ASMSCAN_CHECK_H */
