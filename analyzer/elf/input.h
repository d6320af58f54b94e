/* SPDX-License-Identifier: GPL-2.0 */
/*
 * input.h — from the FILE arguments to the list of ELF objects to read.
 *
 * A named input is an ELF file (vmlinux, .o, .ko), an ar archive (regular
 * or thin, as Kbuild's built-in.a: thin members are files named relative
 * to the archive) or a directory (every ELF object under it, in name order,
 * archives left out since their members are in the tree).  An ELF input
 * named on the command line must be ELF64 x86-64 (otherwise it is an
 * error); objects of another class or machine found inside a directory or
 * archive are skipped, and one note per named input says how many.
 * --include/--exclude globs are matched against the object's name as
 * printed (fnmatch without FNM_PATHNAME: '*' matches '/').
 */
#ifndef ASMSCAN_INPUT_H
#define ASMSCAN_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "asmscan.h"

struct input_object {
	char *name;		/* as printed: a path, or "lib.a(member.o)" */
	char *path;		/* the file that holds it */
	uint64_t offset, size;	/* its bytes in path; size 0: the whole file */
	uint64_t file_bytes;	/* a whole file's size when expanded, else 0
				 * (grouping only) */
	size_t input;		/* index of the named input it came from */
	bool member;		/* a member of a regular archive */
};

struct input_list {
	struct input_object *v;
	size_t n, cap;
};

/* Expand every named input; problems are reported (exit code 2). */
void input_expand(const struct asmscan_options *opts, struct input_list *list);
void input_list_free(struct input_list *list);

/* Does an ELF header say ELF64 x86-64?  why: what it is instead. */
bool input_elf_supported(const unsigned char *ehdr, size_t len,
			 char *why, size_t whylen);

#endif /* ASMSCAN_INPUT_H */
