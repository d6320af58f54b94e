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

struct asm_shape_family;

struct asm_shape {
	struct asm_shape *next;		/* in its bucket */
	uint64_t hash;
	/* The key: its family's fields and the template, copied. */
	const struct asm_shape_family *family;
	char *tpl;
	size_t tpl_len;
	/* Its text, as asm_record_render_shape() renders it. */
	struct json_buf text;
	/* The embedded site record's id, once embed kept it. */
	bool site_kept;
	uint64_t site;
};

/*
 * The shapes that differ only in their template: the text before the
 * template's value and after it, rendered once.  The instrumentation_begin()
 * and _end() of 6.12 net/core/dev.o are 420 shapes of two families: each
 * __COUNTER__ label makes a template of its own.
 */
struct asm_shape_family {
	struct asm_shape_family *next;	/* in its bucket */
	uint64_t hash;
	/* The key: every input of asm_record_shape() but the template. */
	const char *spelling_file;
	const char *arch;
	unsigned spelling_line;
	unsigned gcc_count;
	bool basic, asm_inline, is_volatile, is_goto, flagged, applied;
	struct asmtpl_result res;
	struct json_buf head, tail;	/* asm_record_render_shape_parts() */
};

struct asm_shapes {
	struct asm_shape **buckets;
	size_t nbuckets;		/* a power of two, or 0 */
	size_t n;
	struct asm_shape_family **families;	/* hashed, chained */
	size_t nfamilies_buckets;	/* a power of two, or 0 */
	size_t nfamilies;
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
