/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm-shape.h — the site fields of a statement (spelling_file to applied,
 * asm_record_render_shape()), rendered once per distinct set of what they
 * are made of, in a table of the unit.
 *
 * The statements of one macro or inline function are the same site again
 * and again (a percpu access, a static branch): the same spelling, the
 * same template, the same verdict.  A statement whose every input of the
 * site fields equals those of one met before (the template compared byte
 * for byte) takes that one's text, and its embedded site's id once the
 * site was kept: the same bytes as rendering them again.
 */
#ifndef ASMINLINE_ASM_SHAPE_H
#define ASMINLINE_ASM_SHAPE_H

#include "gcc-compat.h"
#include "json-buf.h"
#include "asm-record.h"

struct asm_shape {
	struct asm_shape *next;		/* in its bucket */
	uint64_t hash;
	/* The key: every input of asm_record_shape(), copied. */
	const char *spelling_file;	/* srcpath's, lives as long as the unit */
	const char *arch;
	char *tpl;
	size_t tpl_len;
	unsigned spelling_line;
	unsigned gcc_count;
	bool basic, asm_inline, is_volatile, is_goto, flagged, applied;
	struct asmtpl_result res;
	/* Its text, as asm_record_render_shape() renders it. */
	struct json_buf text;
	/* The embedded site record's id, once embed kept it. */
	bool site_kept;
	uint64_t site;
};

struct asm_shapes {
	struct asm_shape **buckets;
	size_t nbuckets;		/* a power of two, or 0 */
	size_t n;
	/*
	 * Where a new shape is rendered before it is copied into a buffer
	 * of its size: one buffer grown to the longest, not one grown
	 * through 256, 512, 1024 bytes for each of 476 shapes (6.12
	 * net/core/dev.o).
	 */
	struct json_buf scratch;
};

/* The shape of rec: found, or made and rendered. */
struct asm_shape *asm_shapes_get(struct asm_shapes *t,
				 const struct asm_record *rec);
void asm_shapes_free(struct asm_shapes *t);

#endif /* ASMINLINE_ASM_SHAPE_H */
