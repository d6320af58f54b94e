// SPDX-License-Identifier: GPL-2.0
/*
 * fork-write-cost.c — what a fork costs the process that goes on, on this
 * machine: the inliner's re-run (plugin/edges/edge-rerun.cc) forks cc1, and
 * from then on the first write to each page cc1 had before the fork faults
 * (fork write-protects every private page of both processes), whether the
 * child still lives or not.  Instruction counts (callgrind) do not see
 * that cost; CPU time does, and how much depends on the machine: a fault
 * taken under a hypervisor that shadows page tables costs far more than
 * one on bare metal.
 *
 *   fork-write-cost [-m MB] [-n RUNS]
 *
 * Makes MB MiB resident (default 128), then, RUNS times (default 5):
 * writes one byte of every page without a fork (the baseline), forks a
 * child that leaves at once and reaps it, and writes every page again.
 * Prints the medians: microseconds per page written after the fork, per
 * page without it, and milliseconds per 100 MiB resident for the fork,
 * the child's exit and the reaping.  The minor page faults a forked
 * re-run adds (bench/build-replay.py's table) times the first figure is
 * what those faults cost at the least: on the machine of
 * docs/results/performance.md a forked compile's added CPU was about twice that.
 *
 * Exit codes: 0 measured, 1 a system call failed, 2 usage.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench-util.h"

#define FWC_PAGE 4096UL
#define FWC_MAX_RUNS 101

/* One byte of every page written: the seconds it took. */
static double fwc_write_pages(volatile char *p, size_t len, char v)
{
	double t0 = bench_now();

	for (size_t i = 0; i < len; i += FWC_PAGE)
		p[i] = v;
	return bench_now() - t0;
}

/* Fork a child that leaves at once, reap it: the seconds, or -1. */
static double fwc_fork_reap(void)
{
	double t0 = bench_now();
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0)
		_exit(0);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return bench_now() - t0;
}

static int fwc_usage(void)
{
	fprintf(stderr, "usage: fork-write-cost [-m MB] [-n RUNS]\n");
	return 2;
}

int main(int argc, char **argv)
{
	double after[FWC_MAX_RUNS], before[FWC_MAX_RUNS], forks[FWC_MAX_RUNS];
	long mb = 128, runs = 5;
	size_t len, pages;
	char *p;
	int c;

	while ((c = getopt(argc, argv, "m:n:")) != -1) {
		switch (c) {
		case 'm':
			if (bench_number(optarg, 1, 65536, &mb))
				return fwc_usage();
			break;
		case 'n':
			if (bench_number(optarg, 1, FWC_MAX_RUNS, &runs))
				return fwc_usage();
			break;
		default:
			return fwc_usage();
		}
	}
	if (optind != argc)
		return fwc_usage();

	len = (size_t)mb << 20;
	pages = len / FWC_PAGE;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (p == MAP_FAILED) {
		perror("fork-write-cost: mmap");
		return 1;
	}
	memset(p, 1, len);
	for (long r = 0; r < runs; r++) {
		before[r] = fwc_write_pages(p, len, 2);
		forks[r] = fwc_fork_reap();
		if (forks[r] < 0) {
			perror("fork-write-cost: fork");
			return 1;
		}
		after[r] = fwc_write_pages(p, len, 3);
	}
	printf("resident: %ld MiB (%zu pages), %ld runs, medians:\n", mb, pages,
	       runs);
	printf("first write to a page after a fork: %.3f us per page\n",
	       bench_median(after, (int)runs) * 1e6 / (double)pages);
	printf("write to a page, no fork:           %.3f us per page\n",
	       bench_median(before, (int)runs) * 1e6 / (double)pages);
	printf("fork, child's exit, reaping:        %.2f ms per 100 MiB resident\n",
	       bench_median(forks, (int)runs) * 1e3 * 100.0 / (double)mb);
	return 0;
}
