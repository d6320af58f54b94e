// SPDX-License-Identifier: GPL-2.0
/*
 * asmscan.c — the program: everything it does is asmscan_main()
 * (verbs/cmdline.c), which a fuzz target or any in-process driver calls
 * the same way; the program alone sets up the C library's heap for one
 * run (memory.c).
 */
#include "cmdline.h"
#include "memory.h"

int main(int argc, char **argv)
{
	memory_setup();
	return asmscan_main(argc, argv);
}
