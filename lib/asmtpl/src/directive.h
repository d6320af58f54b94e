/* SPDX-License-Identifier: GPL-2.0 */
/*
 * directive.h — what each GAS directive does to the interpreter's state
 * (directive.c): the table asmtpl_interpret() is given (interp.h).
 */
#ifndef ASMTPL_DIRECTIVE_H
#define ASMTPL_DIRECTIVE_H

#include "interp.h"

extern const struct interp_directives asmtpl_interp_directives;

#endif /* ASMTPL_DIRECTIVE_H */
