// SPDX-License-Identifier: GPL-2.0
/*
 * cxx-alloc.cc — the plugin's own operator new and delete.
 *
 * The only things the plugin needs from the C++ runtime are the global
 * allocation functions (the "new" of its GIMPLE pass object, the sized
 * "delete" of its virtual destructor, and from GCC 14's headers the sized
 * array "delete" of their inline destructors).  Taken from libstdc++.so.6
 * they make cc1 — which links libstdc++ statically and does not load it —
 * map and relocate the whole shared library at every compile: measured 3.8
 * million instructions of dlopen() per cc1, 0.4 % of a small kernel unit's
 * compile.  Defined here (hidden, like everything but plugin_init), they
 * bind within the plugin, and the link drops libstdc++.so (--as-needed,
 * CMakeLists).
 * Same allocator underneath (malloc/free), so an object allocated here and
 * freed by GCC, or the other way round, is fine.
 */
#include <stdlib.h>
#include <new>

#include "gcc-compat.h"

void *operator new(size_t n)
{
	return xmalloc(n ? n : 1);	/* xmalloc never returns NULL */
}

void operator delete(void *p) noexcept
{
	free(p);
}

void operator delete(void *p, size_t) noexcept
{
	free(p);
}

void *operator new[](size_t n)
{
	return xmalloc(n ? n : 1);
}

void operator delete[](void *p) noexcept
{
	free(p);
}

void operator delete[](void *p, size_t) noexcept
{
	free(p);
}
