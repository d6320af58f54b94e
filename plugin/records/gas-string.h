/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gas-string.h — bytes written as the operand of a GAS string directive
 * (.ident "..."), the form the embedded records take in the assembler
 * output (embed.cc).
 *
 * GAS reads a string operand byte by byte: '"' and '\\' must follow a
 * backslash, and a byte outside printable ASCII is written as a
 * three-digit octal escape ("\\%03o"), which it reads back as that byte.
 * Every other byte stands for itself.
 */
#ifndef ASMINLINE_GAS_STRING_H
#define ASMINLINE_GAS_STRING_H

#include <stddef.h>

/*
 * Bytes gas_string_escape() may write past the end it returns: its room
 * must be 4 bytes for each input byte (the worst case, an octal escape)
 * and this many more.
 */
#define GAS_STRING_SLACK 16

/*
 * Escape the n bytes at s into p; returns the end of what was written.
 * No NUL is written (the caller adds the quotes).
 */
char *gas_string_escape(char *p, const unsigned char *s, size_t n);

#endif /* ASMINLINE_GAS_STRING_H */
