/* SPDX-License-Identifier: GPL-2.0 */
/*
 * diff-provenance.h — what built each side of a diff, so that every diff
 * says it: the compiler the objects' .comment names (the most common one,
 * and how many others), and, where one is found, the kernel configuration
 * of the build: the .config in the input's directory or up to three
 * directories above it (an O= tree's vmlinux, objects below it), its
 * title line ("Linux/x86 6.12.117 Kernel Configuration") and a hash of
 * its contents, so that two sides built with different configurations
 * say so.
 */
#ifndef ASMSCAN_DIFF_PROVENANCE_H
#define ASMSCAN_DIFF_PROVENANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

struct diff_provenance {
	const char *compiler;		/* NULL: no object names one */
	size_t compiler_objects;	/* objects naming it */
	size_t other_compilers;		/* distinct others */
	size_t objects;			/* objects read */
	const char *config;		/* the .config's path, or NULL */
	const char *config_title;	/* its "# Linux/..." line, or "" */
	uint64_t config_hash;		/* FNV-1a-64 of its bytes */
};

/* input as typed; strings in a. */
void diff_provenance_of(struct diff_provenance *p, const struct report *rep,
			const char *input, struct arena *a);

#endif /* ASMSCAN_DIFF_PROVENANCE_H */
