/* SPDX-License-Identifier: GPL-2.0 */
/*
 * memory.h — how the asmscan program takes memory from the C library:
 * main() calls memory_setup() once, before anything else.  The libraries
 * do not: a fuzz target or another driver of asmscan_main() keeps its
 * own heap as it is.
 */
#ifndef ASMSCAN_MEMORY_H
#define ASMSCAN_MEMORY_H

void memory_setup(void);

#endif /* ASMSCAN_MEMORY_H */
