/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asmstate.h — the interpreter's state: the assembler's as the model
 * sees it (sections, labels, what was emitted, asmstate.c) and where the
 * interpreter is in the template.  Shared by interp.c (statements and
 * blocks, passes) and directive.c (what each directive does); neither
 * names the other's functions but through directive.h.  Every symbol here
 * starts with asmtpl_asmstate_: the library is linked into GCC's cc1
 * through the plugin and must not clash with its names.
 */
#ifndef ASMTPL_ASMSTATE_H
#define ASMTPL_ASMSTATE_H

#include "internal.h"
#include "labels.h"

#define MAX_SECTIONS 1024	/* kernel file-scope asm (ksymtab) writes hundreds */

struct section {
	char name[ASMTPL_SECTION_NAME_MAX];
	int64_t sub;
	int64_t lo, hi;
	bool noted;	/* reported in the result's sections already */
};

enum run { RUN_NONE, RUN_DATA, RUN_NOPS };

#define ASSUMED_MAX 8
#define ASSUMED_TEXT_MAX 32

struct interp {
	struct asmtpl_ctx *ctx;
	struct asmtpl_result *res;
	enum asmtpl_arch arch;
	enum asmtpl_x86_mode x86_mode;	/* x86: the code size (.code*) */
	bool basic;		/* assembler text: no '%' is an operand */
	bool learn_only;

	struct section *secs;
	int nsecs, capsecs;
	int cur, prev;
	struct {
		int cur, prev;
	} stack[ASMTPL_MAX_SECTION_STACK];
	int sp;

	struct labels labels, prev_labels;
	unsigned long ordinal;
	unsigned long macro_count;
	int depth;
	bool stop;		/* a limit was reached */
	bool exitm;		/* .exitm seen in the current macro body */
	int err;		/* ASMTPL_ERR_NOMEM once an allocation failed */

	/*
	 * Operands an unevaluated .ifc/.ifeqs was taken to equal: GCC puts
	 * one text in place of an operand, so once `.ifc x0,%x0` is taken as
	 * true, `.ifc x1,%x0` in the next .irp iteration is false.
	 */
	struct {
		char operand[ASSUMED_TEXT_MAX], literal[ASSUMED_TEXT_MAX];
		uint8_t olen, llen;
	} assumed[ASSUMED_MAX];
	int nassumed;

	/* Macros purged in this statement: invoking one is an error in gas. */
	char purged[8][LABEL_NAME_MAX];
	int npurged;

	enum run run;
	bool pending_prefix;
	/* x86 data bytes in the function's section not yet split up */
	uint8_t bytes[256];
	uint8_t known[256];
	size_t nbytes;
	size_t off;		/* template offset of the current statement */
};


bool asmtpl_asmstate_is_space(char c);
const char *asmtpl_asmstate_skip_ws(const char *s, const char *e);
bool asmtpl_asmstate_is_entry(const struct interp *in);
int asmtpl_asmstate_section_get(struct interp *in, const char *name, size_t n,
			      int64_t sub);
void asmtpl_asmstate_section_switch(struct interp *in, int to);
void asmtpl_asmstate_advance(struct interp *in, int64_t lo, int64_t hi);
size_t asmtpl_asmstate_section_name(const char *s, const char *e, const char **name);
bool asmtpl_asmstate_labels_add(struct interp *in, struct labels *l,
			      const char *name, size_t n, struct asmtpl_value pos);
struct asmtpl_value asmtpl_asmstate_here(const struct interp *in);
struct asmtpl_value asmtpl_asmstate_resolve(void *arg, const char *name, size_t n);
struct asmtpl_value asmtpl_asmstate_eval(struct interp *in, const char *s,
				       const char *e, const char **next);
void asmtpl_asmstate_emit_insn(struct interp *in, bool nop1, int64_t lo,
			     int64_t hi);
void asmtpl_asmstate_emit_prefix(struct interp *in);
void asmtpl_asmstate_emit_bytes(struct interp *in, const uint8_t *bytes,
			      const uint8_t *known, size_t n);
void asmtpl_asmstate_flush_bytes(struct interp *in);
void asmtpl_asmstate_emit_fill(struct interp *in, struct asmtpl_value size, int byte);
void asmtpl_asmstate_emit_align(struct interp *in, int64_t align);
void asmtpl_asmstate_emit_data(struct interp *in, int64_t lo, int64_t hi);
const char *asmtpl_asmstate_line_end(const char *p, const char *e);
size_t asmtpl_asmstate_first_word(const char *s, const char *e, const char **w);

#endif /* ASMTPL_ASMSTATE_H */
