/* SPDX-License-Identifier: GPL-2.0 */
/*
 * own-heap.h — the plugin's memory, kept out of the compiler's malloc heap.
 *
 * cc1 makes millions of malloc calls; a few thousand blocks of the
 * plugin's among them (a site's text, a file name, a table that grows)
 * change where glibc's malloc finds room for the compiler's own, and it
 * finds it more slowly: on 6.12 net/core/dev.o the compiler's malloc
 * cost 4 M instructions more with the plugin's blocks in its heap than
 * without (callgrind, glibc 2.36).  gcc-compat.h turns the plugin's
 * xmalloc, xcalloc, xrealloc, xmemdup, xstrdup and free into these, so
 * plugin code is written as usual.
 *
 * Where: one reservation of address space (PROT_NONE, nothing
 * committed), made readable and writable a megabyte at a time as it is
 * used; blocks of a power of two in size, each with a 16-byte header
 * naming its size class, and a free list per class.  Where the
 * reservation cannot be made or is used up, the C library's malloc serves
 * instead, and in a build with AddressSanitizer always.  free() of a block that is not the plugin's (concat(),
 * xstrndup(), GCC's own) goes to the C library's free, so memory may
 * cross between the two.  Never returned to the system: cc1 exits at the
 * end of its unit.  Out of memory: xmalloc_failed(), as xmalloc does.
 */
#ifndef ASMINLINE_OWN_HEAP_H
#define ASMINLINE_OWN_HEAP_H

#include <stddef.h>

void *own_heap_malloc(size_t n);
void *own_heap_calloc(size_t n, size_t size);
void *own_heap_realloc(void *p, size_t n);
/* size bytes, the first copy of them from p (libiberty's xmemdup). */
void *own_heap_memdup(const void *p, size_t copy, size_t size);
char *own_heap_strdup(const char *s);
void own_heap_free(void *p);

#endif /* ASMINLINE_OWN_HEAP_H */
