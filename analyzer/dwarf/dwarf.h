/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf.h — what DWARF adds: out-of-line copies of inline functions, the
 * compilation unit and declaration of each function, and the kernel
 * structures behind the special sections (their size and members, from
 * which table-layout.c takes each table's layout).
 *
 * A copy is a concrete DW_TAG_subprogram (it has DW_AT_low_pc or
 * DW_AT_ranges) whose DW_AT_abstract_origin leads to a subprogram with
 * DW_AT_inline DW_INL_declared_inlined or DW_INL_declared_not_inlined.
 * This is the only mark GCC leaves: a function declared inline that was
 * inlined nowhere in its unit gets one plain DIE, with no DW_AT_inline,
 * and cannot be told from any other function (docs/asmscan.md shows it).
 * Only the unit's top-level DIEs are visited (libdw skips subtrees with
 * DW_AT_sibling), which keeps vmlinux's 173 MB .debug_info cheap.
 *
 * Relocatable objects (.o, .ko) go through libdwfl, which applies the
 * relocations of .debug_* on a private copy of the object; vmlinux is
 * read with dwarf_begin_elf and stays open for dwarf_locate().
 */
#ifndef ASMSCAN_DWARF_H
#define ASMSCAN_DWARF_H

#include "object.h"

/* Read o's DWARF (worker thread; writes only the DWARF parts of o). */
void dwarf_object_run(struct object *o);
/* Fill f->decl_file/decl_line if DWARF can say (main thread). */
void dwarf_locate(struct object *o, struct obj_func *f);
/* Release what dwarf_object_run() kept. */
void dwarf_object_close(struct object *o);

#endif /* ASMSCAN_DWARF_H */
