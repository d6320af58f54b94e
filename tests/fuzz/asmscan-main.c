// SPDX-License-Identifier: GPL-2.0
/*
 * asmscan's own main, renamed asmscan_main so that a fuzz target (or any
 * in-process driver) runs exactly what the command runs.
 */
#define main asmscan_main
int asmscan_main(int argc, char **argv);
#include "../../analyzer/asmscan.c"
