/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf-die.h — what libdw says of one function DIE (dwarf-visit.c): where
 * its code is, and whether it is a copy of an inline function.  The walk
 * asks these where dwarf-scan.c cannot answer without libdw; the test
 * dwarf-scan-diff holds dwarf-scan.c's answers to them.
 */
#ifndef ASMSCAN_DWARF_DIE_H
#define ASMSCAN_DWARF_DIE_H

#include <elfutils/libdw.h>
#include <stdbool.h>
#include <stdint.h>

#include "dwarf-scan.h"

/*
 * Where a concrete subprogram's code is (struct dwarf_code, dwarf-scan.h):
 * DW_AT_low_pc to DW_AT_high_pc, or else the ranges of DW_AT_ranges
 * entered at DW_AT_entry_pc, DW_AT_low_pc or the first range listed.
 * False: no code.
 */
bool dwarf_die_code(Dwarf_Die *die, struct dwarf_code *code);

/*
 * The name of die's symbol: its DW_AT_linkage_name (Rust's mangled
 * names, _RNv...), else dwarf_diename() (C's); NULL if none.
 */
const char *dwarf_die_symbol_name(Dwarf_Die *die);

/*
 * The DW_AT_inline of the DIE at the end of die's DW_AT_abstract_origin
 * chain (at most 8 links), that DIE in *origin; 0 when there is no chain,
 * it cannot be followed, or its end has no DW_AT_inline.  A function with
 * code is a copy when this is DW_INL_declared_inlined or
 * DW_INL_declared_not_inlined.
 */
uint8_t dwarf_die_origin_inline(Dwarf_Die *die, Dwarf_Die *origin);

#endif /* ASMSCAN_DWARF_DIE_H */
