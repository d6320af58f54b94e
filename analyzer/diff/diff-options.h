/* SPDX-License-Identifier: GPL-2.0 */
/*
 * diff-options.h — diff's own options (diff-options.def), opts->diff;
 * diff_verb's set_option (diff-main.c) fills them while the command line
 * is parsed, and they do not change afterwards.
 */
#ifndef ASMSCAN_DIFF_OPTIONS_H
#define ASMSCAN_DIFF_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

struct diff_options {
	bool has_growth_budget;		/* --fail-on-growth */
	uint64_t growth_budget;		/* bytes */
};

#endif /* ASMSCAN_DIFF_OPTIONS_H */
