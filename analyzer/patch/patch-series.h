/* SPDX-License-Identifier: GPL-2.0 */
/*
 * patch-series.h — `asmscan patch --format-patch DIR`: the rows of a run
 * (patch.h) written as a series of mbox patches that git am applies.
 */
#ifndef ASMSCAN_PATCH_SERIES_H
#define ASMSCAN_PATCH_SERIES_H

#include <stdbool.h>
#include <stdio.h>

#include "patch.h"

/*
 * patch-series.c: --format-patch DIR: one mbox file per site or file
 * (--split), each with its subject, evidence and diff; the files' names
 * on out.  Returns false after an error (reported).
 */
bool patch_write_series(struct patch_state *st, FILE *out,
			struct patch_totals *t);

#endif /* ASMSCAN_PATCH_SERIES_H */
