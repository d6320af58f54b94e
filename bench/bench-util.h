/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench-util.h — what bench/'s C programs share: a clock, the median of
 * a run's figures and strict number options.  Header only: each program
 * is one file built on its own.
 */
#ifndef ASMINLINE_BENCH_UTIL_H
#define ASMINLINE_BENCH_UTIL_H

#include <errno.h>
#include <stdlib.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static inline double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static inline int bench_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of v's n figures (sorts v). */
static inline double bench_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), bench_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* s as a whole decimal number in [lo, hi] into *out: 0, else -1. */
static inline int bench_number(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

#endif /* ASMINLINE_BENCH_UTIL_H */
