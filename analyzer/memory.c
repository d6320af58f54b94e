// SPDX-License-Identifier: GPL-2.0
/*
 * memory.c — the C library's heap set up for one run of asmscan (see
 * memory.h).
 *
 * A run over a vmlinux allocates some 100 MB in arrays it keeps to the
 * end (symbols, functions, call sites, their sort keys) and frees little
 * before it exits.  With glibc's defaults each large array is a mapping
 * of its own, given back when freed and faulted in again, one 4 KB page
 * at a time, by the next: on a 6.1 vmlinux 23,000 page faults, a quarter
 * of the run's CPU time on a virtual machine.  So, with glibc:
 *   - one heap for every thread (M_ARENA_MAX 1: the workers allocate
 *     little and rarely), no array in a mapping of its own below 32 MB
 *     (M_MMAP_THRESHOLD's limit) and nothing given back
 *     (M_TRIM_THRESHOLD): memory freed is used again;
 *   - the heap grown once by MEMORY_RESERVE and that range marked for
 *     transparent huge pages (madvise(MADV_HUGEPAGE)), which the kernel
 *     backs with 2 MB pages where its setting (madvise or always) allows:
 *     a fault per 2 MB instead of per 4 KB.  Untouched, the range costs
 *     address space only; what a run touches of it is its RSS as before,
 *     rounded to 2 MB pages.
 * Anything the system does not offer (another C library, a kernel
 * without THP) leaves the defaults: only the speed differs.
 */
#include "memory.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#include <sys/mman.h>
#endif

#define MEMORY_RESERVE (512u << 20)
#define MEMORY_HUGE (2u << 20)

void memory_setup(void)
{
#ifdef __GLIBC__
	uintptr_t start, end;
	void *p;

	mallopt(M_ARENA_MAX, 1);
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, INT32_MAX);
#ifdef MADV_HUGEPAGE
	/* Grow the heap by the reserve at once; keep it as free space. */
	start = (uintptr_t)sbrk(0);
	mallopt(M_TOP_PAD, (int)MEMORY_RESERVE);
	p = malloc(1 << 20);
	free(p);
	mallopt(M_TOP_PAD, 128 << 10);		/* glibc's default again */
	end = (uintptr_t)sbrk(0);
	start = (start + MEMORY_HUGE - 1) & ~(uintptr_t)(MEMORY_HUGE - 1);
	if (p && start != (uintptr_t)-1 && end > start)
		madvise((void *)start, end - start, MADV_HUGEPAGE);
#endif
#endif
}
