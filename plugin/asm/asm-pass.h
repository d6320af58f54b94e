/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm-pass.h — the GIMPLE pass that visits every asm statement once, right
 * after "cfg" (asm-pass.cc).
 */
#ifndef ASMINLINE_ASM_PASS_H
#define ASMINLINE_ASM_PASS_H

#include "plugin-state.h"

/* The pass, to be inserted after "cfg" (PLUGIN_PASS_MANAGER_SETUP). */
opt_pass *asm_pass_create(gcc::context *ctxt, struct asminline_plugin *pl);
/* Free what the pass allocated (PLUGIN_FINISH). */
void asm_pass_finish(struct asminline_plugin *pl);

#endif /* ASMINLINE_ASM_PASS_H */
