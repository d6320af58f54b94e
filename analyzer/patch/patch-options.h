/* SPDX-License-Identifier: GPL-2.0 */
/*
 * patch-options.h — patch's own options (patch-options.def and
 * patch-series-options.def), opts->patch; patch_verb's set_option
 * (patch-main.c) fills them while the command line is parsed, and they do
 * not change afterwards.
 */
#ifndef ASMSCAN_PATCH_OPTIONS_H
#define ASMSCAN_PATCH_OPTIONS_H

#include <stdbool.h>

struct patch_options {
	const char *source;		/* --source DIR */
	bool flips_only;		/* --flips-only */
	const char *format_patch;	/* --format-patch DIR */
	bool split_site;		/* --split site (else file) */
	bool split_set;			/* --split was given */
};

#endif /* ASMSCAN_PATCH_OPTIONS_H */
