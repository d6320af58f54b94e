// SPDX-License-Identifier: GPL-2.0
/*
 * num.cc — strict decimal numbers for the plugin's arguments (num.h).
 * Neither strtoul's leading blanks and sign nor its wrap-around: every
 * byte must be a digit and the value must stay within [lo, hi] as it is
 * read.
 */
#include "num.h"

bool num_parse_uint(const char *s, unsigned lo, unsigned hi, unsigned *out)
{
	unsigned long v = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (unsigned long)(*s - '0');
		if (v > hi)
			return false;
	}
	if (v < lo)
		return false;
	*out = (unsigned)v;
	return true;
}
