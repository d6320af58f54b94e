/* SPDX-License-Identifier: GPL-2.0 */
/*
 * output.h — where a verb's result goes: stdout, or -o FILE; a write that
 * fails is reported (errors.h) and makes the exit code 2.
 */
#ifndef ASMSCAN_OUTPUT_H
#define ASMSCAN_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * print(out, arg) on stdout, or on the file path (created or truncated)
 * when path is not NULL; ASMSCAN_EXIT_OK once every byte is written and
 * the file closed, else ASMSCAN_EXIT_ERROR after the error reporter said
 * what failed ("cannot create", "cannot write").
 */
int output_write(const char *path, void (*print)(FILE *out, void *arg),
		 void *arg);

/*
 * A stream into memory of its own: up to cap bytes, in huge pages where
 * the kernel allows (a whole package's tables are 48 MB of JSON, written
 * with a fault per 2 MB rather than per 4 KB, and never moved to grow).
 * NULL when it cannot be had.  After fclose(), m->buf holds m->len bytes,
 * all that was written unless a write went past cap, which failed (ferror,
 * and m->full).  output_mem_free() gives the memory back.
 */
struct output_mem {
	char *buf;
	size_t len, cap;
	bool full;
};
FILE *output_mem_open(struct output_mem *m, size_t cap);
void output_mem_free(struct output_mem *m);

#endif /* ASMSCAN_OUTPUT_H */
