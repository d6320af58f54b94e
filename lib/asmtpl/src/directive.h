/* SPDX-License-Identifier: GPL-2.0 */
/*
 * directive.h — what each GAS directive of one line does to the
 * assembler's state (directive.c), as the interpreter (interp.c) asks.
 */
#ifndef ASMTPL_DIRECTIVE_H
#define ASMTPL_DIRECTIVE_H

#include "asmstate.h"

/*
 * ".d a..." at the start of a statement: d[0..dn) is its name without the
 * dot, [a, e) its arguments.  Looked up as GAS's potable: a handler of
 * its own, integer or float data, a directive that changes nothing
 * modelled, or else an unknown directive (a diagnostic).  While only
 * learning (file-scope asm) just what later statements see runs.
 */
void asmtpl_directive_run(struct interp *in, const char *d, size_t dn,
			  const char *a, const char *e);

/*
 * The condition of ".ifXX args" or ".elseif args" (d without the dot):
 * 1 true, 0 false, -1 when it cannot be known here.
 */
int asmtpl_directive_condition(struct interp *in, const char *d, size_t dn,
			       const char *a, const char *e);

#endif /* ASMTPL_DIRECTIVE_H */
