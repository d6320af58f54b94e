/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asmscan.h — what the parts of asmscan share: the options (filled once in
 * main), the exit codes, and the one error reporter.
 *
 * This is the shell of the analyzer: it reads ELF files and prints a
 * summary of each.  Finding out-of-line inline functions, matching the
 * plugin's records and the diff/check verbs are not implemented yet.
 */
#ifndef ASMSCAN_H
#define ASMSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Exit codes (documented in --help and docs): 2 wins over 1. */
#define ASMSCAN_EXIT_OK 0	/* every input read, nothing to report */
#define ASMSCAN_EXIT_FINDINGS 1	/* a gating verb found something new */
#define ASMSCAN_EXIT_ERROR 2	/* usage error or an input that could not be read */

struct asmscan_options {
	const char *const *inputs;
	size_t ninputs;
};

/* "asmscan: FILE: what went wrong: why" on stderr; why may be NULL. */
void asmscan_error(const char *file, const char *what, const char *why);

#endif /* ASMSCAN_H */
