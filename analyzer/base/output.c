// SPDX-License-Identifier: GPL-2.0
/*
 * output.c — a verb's result written to stdout or -o FILE, every byte or
 * an error (errors.h): a full disk is exit code 2, never a short report.
 */
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "errors.h"

int output_write(const char *path, void (*print)(FILE *out, void *arg),
		 void *arg)
{
	FILE *out = stdout;

	if (path) {
		out = fopen(path, "w");
		if (!out) {
			asmscan_error(path, "cannot create", strerror(errno));
			return ASMSCAN_EXIT_ERROR;
		}
	}
	/*
	 * Locked once: every fputc() of the printers then takes the lock it
	 * holds, not the atomic one it takes where threads have run.
	 */
	flockfile(out);
	print(out, arg);
	funlockfile(out);
	if (fflush(out) != 0 || ferror(out) ||
	    (out != stdout && fclose(out) != 0)) {
		asmscan_error(path ? path : "stdout", "cannot write",
			      strerror(errno));
		return ASMSCAN_EXIT_ERROR;
	}
	return ASMSCAN_EXIT_OK;
}
