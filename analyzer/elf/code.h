/* SPDX-License-Identifier: GPL-2.0 */
/*
 * code.h — where an object's instructions are: the byte ranges asmscan
 * decodes (disasm.c) and that the special tables' code pointers must land
 * in (tables.c).
 *
 * A section's SHF_EXECINSTR is not proof of code.  The linker gives an
 * output section the union of its input sections' flags, so one
 * executable input makes all of it executable: Linux 7.x links kexec's
 * relocate_kernel (.text..relocate_kernel, "ax") into .data, and
 * vmlinux's .data, 3.5 MB of variables, becomes "WAX".  Decoding it finds
 * hundreds of thousands of undecodable bytes and a thousand "calls" that
 * are data, and the keys of __jump_table and .static_call_sites, which
 * live in .data, would look like code.  So:
 *   - an executable section that is not writable is code, whole (.text,
 *     .init.text, .altinstr_replacement, arm64's .rodata.text);
 *   - in an executable section that is also writable, code is only what
 *     its symbols say is code: the bytes of each STT_FUNC symbol and of
 *     each STT_NOTYPE symbol with a size (the kernel's SYM_CODE_START ..
 *     SYM_CODE_END); STT_OBJECT and unsized symbols mark nothing.  Such a
 *     section gets a note saying how much of it is read as code.
 * The ranges are sorted and disjoint, each inside one section.
 */
#ifndef ASMSCAN_CODE_H
#define ASMSCAN_CODE_H

#include <stdbool.h>
#include <stdint.h>

#include "object.h"

/* Find o's code ranges (o->code, o->ncode); notes in o->msgs. */
void code_find(struct object *o);
/* The index of o's code range holding flat address addr, o->ncode if none. */
size_t code_range_at(const struct object *o, uint64_t addr);
/* Is flat address addr in one of o's code ranges? */
bool code_contains(const struct object *o, uint64_t addr);
/* Bytes of o's code ranges. */
uint64_t code_bytes(const struct object *o);

#endif /* ASMSCAN_CODE_H */
