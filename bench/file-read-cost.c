// SPDX-License-Identifier: GPL-2.0
/*
 * file-read-cost.c — what it costs, on this machine, to get at a file's
 * bytes the ways asmscan can: mapping it, reading it into memory already
 * faulted in, and the fresh memory a read needs the first time.
 * asmscan maps every object it opens (elf/object.c) and reads a module's
 * DWARF into a worker's buffer in huge pages (dwarf/dwarf.c); on a whole
 * debug package that is 4,000 mappings and some 500 MB of fresh memory, so
 * which way is cheaper depends on the machine: under a hypervisor that
 * shadows page tables a mapping touched costs far more than on bare metal.
 *
 *   file-read-cost [-n RUNS] FILE
 *
 * FILE (a module's debug file, say) is read once first, so that it is in
 * the page cache.  Then RUNS rounds (default 5), each timing every way
 * over enough repetitions to take some milliseconds:
 *   - mapped: mmap() of the whole file, private and writable as
 *     object_open() maps it, a byte read in its first, middle and last
 *     page, munmap();
 *   - mapped, untouched: mmap() and munmap() alone;
 *   - read: pread() of the whole file into a buffer already faulted in;
 *   - fresh 4 KB pages: new anonymous memory without huge pages, one byte
 *     written in each page;
 *   - fresh huge pages: the same with madvise(MADV_HUGEPAGE), where the
 *     kernel allows it.
 * Prints the medians.  Memory freed and taken again within a second may be
 * cheaper than memory a process touches for the first time later on, so
 * the fresh-memory figures are the least it costs.
 *
 * Exit codes: 0 measured, 1 a system call failed, 2 usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench-util.h"

#define FRC_PAGE 4096UL
#define FRC_MAX_RUNS 101
/* Each way is repeated until it has taken this long: a stable figure. */
#define FRC_ROUND_SECONDS 0.05
/* Fresh memory taken per repetition. */
#define FRC_FRESH_BYTES ((size_t)16 << 20)
#define FRC_HUGE ((size_t)2 << 20)

enum frc_way { FRC_MAPPED, FRC_UNTOUCHED, FRC_READ, FRC_FRESH, FRC_FRESH_HUGE,
	       FRC_WAYS };

struct frc_file {
	int fd;
	size_t size;
	char *buf;		/* size bytes, faulted in */
};

static int frc_mapped(const struct frc_file *f, int touch)
{
	volatile const char *p = mmap(NULL, f->size, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE, f->fd, 0);
	char sink = 0;

	if (p == MAP_FAILED)
		return -1;
	if (touch)
		sink = (char)(p[0] + p[f->size / 2] + p[f->size - 1]);
	(void)sink;
	return munmap((void *)p, f->size);
}

static int frc_read(const struct frc_file *f)
{
	size_t done = 0;

	while (done < f->size) {
		ssize_t n = pread(f->fd, f->buf + done, f->size - done,
				  (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		done += (size_t)n;
	}
	return 0;
}

/* FRC_FRESH_BYTES of new memory, a byte written in each page. */
static int frc_fresh(int huge)
{
	size_t len = FRC_FRESH_BYTES + FRC_HUGE;
	char *map = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	volatile char *p;

	if (map == MAP_FAILED)
		return -1;
	/* Huge pages need an aligned start; the same range either way. */
	p = (char *)(((uintptr_t)map + FRC_HUGE - 1) & ~(uintptr_t)(FRC_HUGE - 1));
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
	madvise((void *)p, FRC_FRESH_BYTES, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
#else
	(void)huge;
#endif
	for (size_t i = 0; i < FRC_FRESH_BYTES; i += FRC_PAGE)
		p[i] = 1;
	return munmap(map, len);
}

static int frc_once(const struct frc_file *f, enum frc_way way)
{
	switch (way) {
	case FRC_MAPPED:
		return frc_mapped(f, 1);
	case FRC_UNTOUCHED:
		return frc_mapped(f, 0);
	case FRC_READ:
		return frc_read(f);
	case FRC_FRESH:
		return frc_fresh(0);
	default:
		return frc_fresh(1);
	}
}

/* One round of a way: seconds per repetition, or -1. */
static double frc_round(const struct frc_file *f, enum frc_way way)
{
	double t0 = bench_now(), t;
	long reps = 0;

	do {
		if (frc_once(f, way))
			return -1;
		reps++;
		t = bench_now() - t0;
	} while (t < FRC_ROUND_SECONDS);
	return t / (double)reps;
}

static int frc_usage(void)
{
	fprintf(stderr, "usage: file-read-cost [-n RUNS] FILE\n");
	return 2;
}

static int frc_open(const char *path, struct frc_file *f)
{
	struct stat st;

	f->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (f->fd < 0 || fstat(f->fd, &st))
		return -1;
	if (!S_ISREG(st.st_mode) || st.st_size < (off_t)FRC_PAGE) {
		errno = EINVAL;
		return -1;
	}
	f->size = (size_t)st.st_size;
	f->buf = malloc(f->size);
	if (!f->buf)
		return -1;
	memset(f->buf, 0, f->size);
	return frc_read(f);	/* into the page cache */
}

int main(int argc, char **argv)
{
	double t[FRC_WAYS][FRC_MAX_RUNS], med[FRC_WAYS];
	struct frc_file f;
	long runs = 5;
	int c;

	while ((c = getopt(argc, argv, "n:")) != -1) {
		switch (c) {
		case 'n':
			if (bench_number(optarg, 1, FRC_MAX_RUNS, &runs))
				return frc_usage();
			break;
		default:
			return frc_usage();
		}
	}
	if (argc - optind != 1)
		return frc_usage();
	if (frc_open(argv[optind], &f)) {
		fprintf(stderr, "file-read-cost: %s: %s%s\n", argv[optind],
			strerror(errno),
			errno == EINVAL ? " (a regular file of a page or more)" : "");
		return 1;
	}
	for (long r = 0; r < runs; r++)
		for (int w = 0; w < FRC_WAYS; w++) {
			t[w][r] = frc_round(&f, (enum frc_way)w);
			if (t[w][r] < 0) {
				perror("file-read-cost");
				return 1;
			}
		}
	for (int w = 0; w < FRC_WAYS; w++)
		med[w] = bench_median(t[w], (int)runs);
	printf("file: %s, %zu bytes, %ld runs, medians:\n", argv[optind], f.size,
	       runs);
	printf("mapped, 3 pages read, unmapped: %.1f us per file\n",
	       med[FRC_MAPPED] * 1e6);
	printf("mapped and unmapped untouched:  %.1f us per file\n",
	       med[FRC_UNTOUCHED] * 1e6);
	printf("read into memory faulted in:    %.1f us per file (%.3f ms per MB)\n",
	       med[FRC_READ] * 1e6, med[FRC_READ] * 1e3 * 1048576.0 / (double)f.size);
	printf("fresh memory, 4 KB pages:       %.2f us per page\n",
	       med[FRC_FRESH] * 1e6 / (double)(FRC_FRESH_BYTES / FRC_PAGE));
	printf("fresh memory, huge pages:       %.3f ms per MB\n",
	       med[FRC_FRESH_HUGE] * 1e3 / (double)(FRC_FRESH_BYTES >> 20));
	free(f.buf);
	close(f.fd);
	return 0;
}
