/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check-list.h — the findings of a build as a list (check-list.c): added
 * by the readers (check.c from the records, check-report.c from --report
 * files), looked up by (kind, fingerprint), and the state of each from
 * what the build and the baseline or OLD said.
 */
#ifndef ASMSCAN_CHECK_LIST_H
#define ASMSCAN_CHECK_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "findings.h"

/*
 * Whether a finding is shown (text, JSON, SARIF) and counted: an
 * unverified edge only when one side says blocked-by-asm (what would have
 * been new or fixed); an edge neither side knows to be blocked is kept
 * for the baseline's "unverified" lines only, and an "unverified" line
 * no unit judges or finds any more is dropped (it was no finding).
 */
bool check_listed(const struct check_finding *f);

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

/* An edge's fingerprint: FNV-1a-64 of caller, NUL, callee (docs/reference/ci.md). */
uint64_t check_edge_fp(const char *caller, const char *callee);

/* (file, line) order, a missing file first. */
int64_t check_place_cmp(const char *fa, uint32_t la, const char *fb,
			uint32_t lb);
/*
 * Take (function, file, line) as f's place when f was just created or it
 * comes first (the smallest place seen, whatever the input order).
 */
bool check_take_place(struct check_finding *f, bool created,
		      const char *function, const char *file, uint32_t line);

#endif /* ASMSCAN_CHECK_LIST_H */
