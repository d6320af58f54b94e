/* SPDX-License-Identifier: GPL-2.0 */
/*
 * embed.h — asm records carried inside the object file (embed=1), so that
 * they reach vmlinux through the link and survive ccache hits, distcc and
 * parallel make (docs/reference/format.md, "Embedded records").
 *
 * Where: NUL-terminated strings appended to .comment, the section that
 * already holds GCC's ".ident" string.  Its flags ("MS",@progbits,1:
 * mergeable strings of 1-byte characters, not allocated) keep the link
 * silent — a section of a new name draws "orphan section" from ld and a
 * warning from modpost — make ld keep one copy of identical strings, and
 * keep every loadable section byte-identical (warn mode).
 *
 * What: each string is EMBED_PREFIX followed by one compact JSON object,
 * and its id is the FNV-1a-64 of that JSON text.  A flagged statement's
 * report record is split in two, so that what repeats is written once:
 *   - "site": what the statement is (spelling, template, counts, verdict),
 *     the same for every expansion of one macro and in every unit;
 *   - "stmt": where it is (function, expansion point, fingerprint) and
 *     its site's id; a statement of a header's static inline function is
 *     the same string in every unit, which ld keeps once;
 *   - "edge": a refused call the plugin attributes to over-counted asm
 *     (verdict blocked-by-asm; every judged call, whatever its verdict,
 *     where the re-run failed), the report's edge record as it is: its
 *     "tu" keeps same-named static functions of two units apart, and its
 *     "fingerprints" name the unit's stmts involved;
 *   - "unit": one per translation unit, counts over all its statements,
 *     what became of the inliner's re-run, and the ids of its stmt and
 *     edge strings (an id once per record:
 *     two identical edges of one unit are listed twice, which the link's
 *     merging of identical strings cannot undo), so the report's flagged
 *     and blocked-by-asm records can be put back together.
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
#include "asm-shape.h"

#define EMBED_VERSION 1
#define EMBED_PREFIX "asminline/1 "	/* "asminline/" EMBED_VERSION " " */
#define EMBED_UNIT_FORMAT_VERSION 1

struct embed_ids {
	uint64_t *v;
	size_t n;
	size_t cap;
	size_t *index;			/* positions + 1, hashed by id, or NULL */
	size_t index_cap;		/* a power of two, or 0 */
};

struct embed_unit {
	struct json_buf strings;	/* site, stmt and edge payloads, each + '\0' */
	struct json_buf scratch;	/* the unit record, at the end */
	struct embed_ids sites;		/* site strings already in strings */
	struct embed_ids stmts;		/* stmt ids, in visit order */
	struct embed_ids edges;		/* edge ids, in the order found */
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
	const char *srctree;		/* what file names are relative to, or "" */
	const char *arch;
	const char *mode;		/* "warn" or "apply" */
	unsigned threshold;
	const char *rerun;		/* edge_rerun_outcome_name() */
	const char *rerun_error;	/* "failed", "timeout": why; else NULL */
	/* sites=: the items as typed, statements spelled there, applied */
	const struct site_list *sites;
	const unsigned long *site_stmts, *site_applied;
};

/*
 * Count the statement; keep its embedded record when it is flagged.  The
 * site's fields are shape's (asm_shapes_get() of rec), whose site record
 * is kept the first time and its id remembered there.
 */
void embed_unit_add_asm(struct embed_unit *e, const struct asm_record *rec,
			struct asm_shape *shape);

struct site_list;
/*
 * Keep an attributed edge's embedded record (blocked-by-asm only): json,
 * len bytes, is its edge_record_render_object(), the report's line
 * without the newline.
 */
void embed_unit_add_edge(struct embed_unit *e, const char *json, size_t len);

/*
 * Why this compilation must not or cannot carry records in its object, or
 * NULL when it can.  *say: worth a note (slim LTO objects: the user asked
 * for records that will not be there), or expected (lto1 itself; vDSO and
 * other shared-object code, which the kernel carries whole as data, so
 * records there would be loaded at run time).
 */
const char *embed_unit_unsupported(bool *say);

/*
 * Write the unit's strings as assembler directives to out (asm_out_file),
 * one .ident each (GAS appends its string to .comment).  Returns the
 * number of bytes the strings add to .comment (before the link merges).
 */
size_t embed_unit_write(struct embed_unit *e, const struct embed_unit_meta *m,
			FILE *out);

void embed_unit_free(struct embed_unit *e);

struct asminline_plugin;
/*
 * At the end of the unit (PLUGIN_FINISH_UNIT, asm_out_file still open):
 * write pl->embed's strings and the unit record, whose "rerun" is rerun
 * (what became of the inliner's re-run) and "rerun_error" rerun_error
 * (NULL unless it failed), then free them.  Nothing with embed=0, after
 * an error, or where embed_unit_unsupported() says no.
 */
void embed_finish_unit(struct asminline_plugin *pl, const char *rerun,
		       const char *rerun_error);

#endif /* ASMINLINE_EMBED_H */
