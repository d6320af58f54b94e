/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cmdline.h — asmscan's command line: the options (asmscan-options.def),
 * the verb table, libelf setup, then the verb.  main (asmscan.c) is only
 * a call of asmscan_main; the fuzz targets call it in process.
 */
#ifndef ASMSCAN_CMDLINE_H
#define ASMSCAN_CMDLINE_H

/* Parse argv, run the verb; returns the exit code (asmscan.h). */
int asmscan_main(int argc, char **argv);

#endif /* ASMSCAN_CMDLINE_H */
