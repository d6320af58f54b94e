// SPDX-License-Identifier: GPL-2.0
/*
 * asmscan.c — the program: everything it does is asmscan_main()
 * (verbs/cmdline.c), which a fuzz target or any in-process driver calls
 * the same way.
 */
#include "cmdline.h"

int main(int argc, char **argv)
{
	return asmscan_main(argc, argv);
}
