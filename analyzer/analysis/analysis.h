/* SPDX-License-Identifier: GPL-2.0 */
/*
 * analysis.h — run the analyses a verb wants over every object, then put
 * the per-object results together into what the renderers print (struct
 * report, report.h).
 *
 * Per object (in input order): object_open(), then one -j batch of
 * disassembly chunks and the DWARF walk, then the tables; its messages are
 * reported before the next object starts, so stderr, stdout and the JSON
 * document come out in the same order whatever -j is.
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
 * findings are built after it by check_main (check/check.h).
 */
void analysis_report(struct report *rep);
void analysis_free(struct report *rep);

#endif /* ASMSCAN_ANALYSIS_H */
