// SPDX-License-Identifier: GPL-2.0
/*
 * output.c — a verb's result written to stdout or -o FILE, every byte or
 * an error (errors.h): a full disk is exit code 2, never a short report.
 */
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "errors.h"
#include "util.h"

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

static ssize_t mem_write(void *cookie, const char *from, size_t n)
{
	struct output_mem *m = cookie;

	if (n > m->cap - m->len) {
		m->full = true;
		errno = ENOSPC;
		return -1;
	}
	memcpy(m->buf + m->len, from, n);
	m->len += n;
	return (ssize_t)n;
}

FILE *output_mem_open(struct output_mem *m, size_t cap)
{
	cookie_io_functions_t io = { .write = mem_write };
	FILE *f;

	memset(m, 0, sizeof(*m));
	m->buf = map_huge(cap);
	if (!m->buf)
		return NULL;
	m->cap = cap;
	f = fopencookie(m, "w", io);
	if (!f)
		output_mem_free(m);
	return f;
}

void output_mem_free(struct output_mem *m)
{
	if (m->buf)
		munmap(m->buf, m->cap);
	memset(m, 0, sizeof(*m));
}
