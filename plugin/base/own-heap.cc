// SPDX-License-Identifier: GPL-2.0
/*
 * own-heap.cc — the plugin's allocator (own-heap.h says why and how).
 *
 * Invariants: a block of class c spans 2^c bytes from a 16-byte aligned
 * address inside [base, end), its header first, its payload (2^c - 16
 * bytes, 16-byte aligned) after; a free block's payload holds the next
 * free block of its class.  Everything below committed is readable and
 * writable.  No GCC header here: this is what gcc-compat.h's names
 * become, and it calls the C library's malloc itself.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "own-heap.h"

/* From libiberty (cc1's): report that n bytes could not be had, and exit. */
extern "C" void xmalloc_failed(size_t n) __attribute__((noreturn));

#define OWN_HEAP_RESERVE ((uintptr_t)1 << 36)	/* address space, not memory */
#define OWN_HEAP_COMMIT ((uintptr_t)1 << 20)	/* made usable at a time */
#define OWN_HEAP_HEADER 16
#define OWN_HEAP_MIN_CLASS 5			/* 32 bytes */
#define OWN_HEAP_CLASSES 64

struct own_heap_header {
	size_t cls;
	size_t unused;
};

static struct {
	bool tried;
	uintptr_t base, end;		/* the reservation; base 0: none */
	uintptr_t used, committed;
	void *free_list[OWN_HEAP_CLASSES];
} own_heap;

static void own_heap_reserve(void)
{
	void *p;

	own_heap.tried = true;
#if defined(__SANITIZE_ADDRESS__)
	return;		/* ASan checks the C library's blocks, not these */
#endif
	p = mmap(NULL, OWN_HEAP_RESERVE, PROT_NONE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return;
	own_heap.base = own_heap.used = own_heap.committed = (uintptr_t)p;
	own_heap.end = own_heap.base + OWN_HEAP_RESERVE;
}

static bool own_heap_has(const void *p)
{
	return (uintptr_t)p >= own_heap.base && (uintptr_t)p < own_heap.end;
}

/* The smallest class whose blocks hold n bytes of payload. */
static unsigned own_heap_class(size_t n)
{
	unsigned c = OWN_HEAP_MIN_CLASS;

	while (((uintptr_t)1 << c) - OWN_HEAP_HEADER < n)
		c++;
	return c;
}

/* A new block of class c from the reservation, or NULL. */
static void *own_heap_carve(unsigned c)
{
	uintptr_t size = (uintptr_t)1 << c, top;

	if (!own_heap.base || size > own_heap.end - own_heap.used)
		return NULL;
	top = own_heap.used + size;
	if (top > own_heap.committed) {
		uintptr_t to = (top + OWN_HEAP_COMMIT - 1) & ~(OWN_HEAP_COMMIT - 1);

		if (mprotect((void *)own_heap.committed, to - own_heap.committed,
			     PROT_READ | PROT_WRITE))
			return NULL;
		own_heap.committed = to;
	}
	top = own_heap.used;
	own_heap.used += size;
	return (void *)top;
}

void *own_heap_malloc(size_t n)
{
	struct own_heap_header *h;
	unsigned c;
	void *p;

	if (!own_heap.tried)
		own_heap_reserve();
	if (n < OWN_HEAP_RESERVE / 2) {
		c = own_heap_class(n);
		h = (struct own_heap_header *)own_heap.free_list[c];
		if (h) {
			own_heap.free_list[c] = *(void **)(h + 1);
			return h + 1;
		}
		h = (struct own_heap_header *)own_heap_carve(c);
		if (h) {
			h->cls = c;
			return h + 1;
		}
	}
	p = malloc(n ? n : 1);
	if (!p)
		xmalloc_failed(n);
	return p;
}

void own_heap_free(void *p)
{
	struct own_heap_header *h;

	if (!p)
		return;
	if (!own_heap_has(p)) {
		free(p);
		return;
	}
	h = (struct own_heap_header *)p - 1;
	*(void **)p = own_heap.free_list[h->cls];
	own_heap.free_list[h->cls] = h;
}

void *own_heap_calloc(size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size)
		xmalloc_failed(SIZE_MAX);
	p = own_heap_malloc(n * size);
	memset(p, 0, n * size);
	return p;
}

void *own_heap_realloc(void *p, size_t n)
{
	size_t room;
	void *q;

	if (!p)
		return own_heap_malloc(n);
	if (!own_heap_has(p)) {
		q = realloc(p, n ? n : 1);
		if (!q)
			xmalloc_failed(n);
		return q;
	}
	room = ((size_t)1 << ((struct own_heap_header *)p - 1)->cls) -
	       OWN_HEAP_HEADER;
	if (n <= room)
		return p;
	q = own_heap_malloc(n);
	memcpy(q, p, room);
	own_heap_free(p);
	return q;
}

void *own_heap_memdup(const void *p, size_t copy, size_t size)
{
	void *q = own_heap_malloc(size);

	memcpy(q, p, copy);
	return q;
}

char *own_heap_strdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return (char *)own_heap_memdup(s, n, n);
}
