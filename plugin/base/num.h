/* SPDX-License-Identifier: GPL-2.0 */
/*
 * num.h — the decimal numbers the plugin's arguments take (threshold=,
 * rerun-timeout=, the LINE of sites=FILE:LINE): strict, so that a typo is
 * an error naming the flag rather than a silent 0.
 */
#ifndef ASMINLINE_NUM_H
#define ASMINLINE_NUM_H

#include "gcc-compat.h"

/* A decimal number in [lo, hi]: digits only, no sign, no overflow. */
bool num_parse_uint(const char *s, unsigned lo, unsigned hi, unsigned *out);

#endif /* ASMINLINE_NUM_H */
