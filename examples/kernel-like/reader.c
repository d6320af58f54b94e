// SPDX-License-Identifier: GPL-2.0
/*
 * reader.c — callers of objstat_account(), as a driver would have them.
 * Built at -O2, each call stays a call to a local out-of-line copy.
 */
#include "asm/processor.h"
#include "linux/objstat.h"

int reader_read(struct objstat *s, int n)
{
	return objstat_account(s, n, 0);
}

int reader_readv(struct objstat *s, const int *lens, int cnt)
{
	int total = 0;

	for (int i = 0; i < cnt; i++) {
		total += objstat_account(s, lens[i], 0);
		cpu_relax();
	}
	return total;
}

int reader_peek(struct objstat *s)
{
	return objstat_account(s, 0, 0);
}
