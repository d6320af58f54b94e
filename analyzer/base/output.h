/* SPDX-License-Identifier: GPL-2.0 */
/*
 * output.h — where a verb's result goes: stdout, or -o FILE; a write that
 * fails is reported (errors.h) and makes the exit code 2.
 */
#ifndef ASMSCAN_OUTPUT_H
#define ASMSCAN_OUTPUT_H

#include <stdio.h>

/*
 * print(out, arg) on stdout, or on the file path (created or truncated)
 * when path is not NULL; ASMSCAN_EXIT_OK once every byte is written and
 * the file closed, else ASMSCAN_EXIT_ERROR after the error reporter said
 * what failed ("cannot create", "cannot write").
 */
int output_write(const char *path, void (*print)(FILE *out, void *arg),
		 void *arg);

#endif /* ASMSCAN_OUTPUT_H */
