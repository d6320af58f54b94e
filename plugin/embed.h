/* SPDX-License-Identifier: GPL-2.0 */
/*
 * embed.h — asm records carried inside the object file (embed=1), so that
 * they reach vmlinux through the link and survive ccache hits, distcc and
 * parallel make (docs/format.md, "Embedded records").
 *
 * Where: NUL-terminated strings appended to .comment, the section that
 * already holds GCC's ".ident" string.  Its flags ("MS",@progbits,1:
 * mergeable strings of 1-byte characters, not allocated) keep the link
 * silent — a section of a new name draws "orphan section" from ld and a
 * warning from modpost — make ld keep one copy of identical strings, and
 * keep every loadable section byte-identical (warn mode).
 *
 * What: each string is EMBED_PREFIX followed by one compact JSON object:
 *   - per flagged statement, its "asm" record without "tu": the same
 *     header statement gives the same string in every unit, kept once;
 *   - per translation unit, one "unit" record: counts over all statements
 *     and the ids (FNV-1a-64 of the JSON text) of its asm strings.
 *
 * When: at PLUGIN_FINISH_UNIT.  GCC 12's compile_file() calls it after the
 * .ident directive and before targetm.asm_out.file_end(), with
 * asm_out_file still open, as annobin relies on.
 */
#ifndef ASMINLINE_EMBED_H
#define ASMINLINE_EMBED_H

#include "gcc-compat.h"
#include "json-buf.h"
#include "asm-record.h"

#define EMBED_VERSION 1
#define EMBED_PREFIX "asminline/1 "	/* "asminline/" EMBED_VERSION " " */
#define EMBED_UNIT_FORMAT_VERSION 1

struct embed_unit {
	struct json_buf strings;	/* asm payloads, each followed by '\0' */
	struct json_buf scratch;
	uint64_t *ids;			/* of the strings above, in visit order */
	size_t nids;
	size_t ids_cap;
	/* Counts over every statement of the unit. */
	unsigned long statements;
	unsigned long asm_inline;
	unsigned long flagged;
	unsigned long applied;
	unsigned long long gcc_count;	/* sums */
	unsigned long long est_insns;
	unsigned long long overcount;	/* of flagged: gcc_count - est_insns */
	unsigned long kinds[ASMTPL_KIND_COUNT_];
};

/* What the unit record says about the compilation. */
struct embed_unit_meta {
	const char *tu;
	const char *arch;
	const char *mode;		/* "warn" or "apply" */
	unsigned threshold;
};

/* Count the statement; keep its embedded record when it is flagged. */
void embed_unit_add_asm(struct embed_unit *e, const struct asm_record *rec);

/*
 * Why this compilation cannot carry records in its object (slim LTO
 * objects, lto1 itself), or NULL when it can.
 */
const char *embed_unit_unsupported(void);

/*
 * Write the unit's strings as assembler directives to out (asm_out_file):
 * .pushsection .comment, one .string each, .popsection.  Returns the
 * number of bytes the strings add to .comment (before the link merges).
 */
size_t embed_unit_write(struct embed_unit *e, const struct embed_unit_meta *m,
			FILE *out);

void embed_unit_free(struct embed_unit *e);

#endif /* ASMINLINE_EMBED_H */
