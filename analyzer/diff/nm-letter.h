/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nm-letter.h — the letter `nm` (GNU binutils 2.40) prints for a symbol,
 * from the ELF alone, so that asmscan can print what scripts/bloat-o-meter
 * computes from `nm --size-sort` without running nm:
 *
 *   U, w, v  undefined (weak: v for an object, w otherwise)
 *   C        common
 *   i        STT_GNU_IFUNC
 *   W, V     defined weak (V an object)
 *   u        STB_GNU_UNIQUE
 *   a, A     SHN_ABS
 *   t, T     a section with SHF_EXECINSTR
 *   r, R     other contents, not SHF_WRITE; d, D writable (SHF_ALLOC or
 *            not: nm names sections, not segments)
 *   b, B     SHT_NOBITS
 *   N        a debugging section (.debug*, .zdebug*, .line, .stab*) that
 *            is neither code nor loaded
 *   n        other non-allocated contents, read-only
 * lower case for STB_LOCAL, upper case for STB_GLOBAL; 0 for symbols nm
 * does not list (STT_SECTION, STT_FILE, the null symbol).
 */
#ifndef ASMSCAN_NM_LETTER_H
#define ASMSCAN_NM_LETTER_H

#include "object.h"

char nm_letter(const struct object *o, const struct obj_sym *s);

#endif /* ASMSCAN_NM_LETTER_H */
