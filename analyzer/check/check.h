/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check.h — `asmscan check --baseline FILE [--write-baseline] INPUT…`, the
 * CI gate (docs/reference/ci.md): the findings of a build, each with a fingerprint
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
 * that was only unknown (docs/reference/ci.md).
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

#include "check-list.h"
#include "check-names.h"
#include "check-options.h"
#include "findings.h"
#include "srctree.h"
#include "util.h"

struct report;
struct jv;

/*
 * check_main(), after analysis_report(): c holds rep's findings, compared
 * with the baseline, or with against (OLD's check) for --against.
 */
void check_report_build(struct check_report *c, struct report *rep,
			const struct check_report *against);
void check_report_free(struct check_report *c);

/*
 * After check_report_build(), before rendering: with --write-baseline
 * after an error (an input or the old baseline could not be read), the
 * error "FILE: baseline not written: why" ("1 input could not be read"),
 * so that it is in the JSON and SARIF documents too.  True when it did.
 */
bool check_refuse_write(const struct check_report *c);

/* The lines --write-baseline writes; *unverified of them "unverified". */
size_t check_to_write(const struct check_report *c, size_t *unverified);

/*
 * After rendering (rc: output_write's): write the baseline
 * (--write-baseline) or gate; refused: check_refuse_write said no.
 */
int check_finish(const struct check_report *c, int rc, bool refused);

#endif /* ASMSCAN_CHECK_H */
