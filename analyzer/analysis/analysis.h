/* SPDX-License-Identifier: GPL-2.0 */
/*
 * analysis.h — run the analyses a verb wants over every object, then put
 * the per-object results together into what the renderers print (struct
 * report, report.h).
 *
 * Per group of consecutive objects (up to 16 of them, 128 MB of files):
 * object_open() of each, then one -j batch of every object's disassembly
 * chunks and DWARF walk, then one of their tables; the machine check, the
 * plugin's records and the merging of results are done object by object
 * in input order, and each object's messages are reported in turn, so
 * stderr, stdout and the JSON document are the same whatever -j is.
 * Several groups are in flight at once: the workers go on with later
 * groups while the main thread takes the steps that keep input order.
 *
 * Across objects (analysis_report()): a call in a .o to an undefined
 * symbol reaches the global function of that name in another input if
 * there is one; local names defined more than once and clone suffixes are
 * grouped over every input; --function narrows every list and total.
 */
#ifndef ASMSCAN_ANALYSIS_H
#define ASMSCAN_ANALYSIS_H

#include "asmscan.h"
#include "input.h"
#include "report.h"

/* Read every object of the list (reports problems as it goes). */
void analysis_run(const struct asmscan_options *opts,
		  const struct input_list *inputs, struct report *rep);
/*
 * Put the results together; the renderers read only rep.  check's
 * findings are built from it by check/ (check.h).
 */
void analysis_report(struct report *rep);
void analysis_free(struct report *rep);

#endif /* ASMSCAN_ANALYSIS_H */
