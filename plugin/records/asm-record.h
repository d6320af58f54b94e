/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm-record.h — what the plugin knows about one asm statement, and its
 * rendering as a JSON Lines "asm" record (docs/reference/format.md, format_version 1).
 *
 * The pass fills the struct; the renderer and the diagnostics only read
 * it, so the record and the note can never disagree.
 */
#ifndef ASMINLINE_ASM_RECORD_H
#define ASMINLINE_ASM_RECORD_H

#include "gcc-compat.h"

#define ASM_RECORD_FORMAT_VERSION 1

struct json_buf;

struct asm_record {
	const char *tu;			/* main_input_filename (srcpath_rel) */
	const char *srctree;		/* what names are relative to, or "" */
	const char *function;		/* C name, no clone suffix */
	const char *arch;		/* asmtpl_arch_name() */

	/*
	 * Expansion point: where the statement sits, as DWARF sees it.  File
	 * names are GCC's, made relative to the source tree (srcpath.h).
	 */
	const char *file;		/* "" when GCC has no location */
	unsigned line;
	unsigned column;
	/* Spelling location: where the asm keyword is written. */
	const char *spelling_file;
	unsigned spelling_line;
	const char *spelling_abs;	/* not written: absolute, to compare */

	const char *tpl;		/* gimple_asm_string(), raw */
	size_t tpl_len;
	uint64_t tpl_hash;		/* fingerprint_template_hash() of it */
	bool basic;			/* basic asm: no operands, no %-escapes */
	bool asm_inline;		/* as written in the source */
	bool is_volatile;
	bool is_goto;

	unsigned gcc_count;		/* estimate_num_insns(stmt, &eni_size_weights) */
	struct asmtpl_result tpl_res;

	bool flagged;
	bool applied;			/* mode=apply marked it asm inline */
	uint64_t fingerprint;
	/*
	 * The fields from function to column as asm_record_render_where()
	 * rendered them, copied into the report line and the embedded stmt;
	 * NULL: rendered where they go.
	 */
	const struct json_buf *where;
	/*
	 * The report line's fields from record to srctree, the same for
	 * every statement of the unit, as asm_record_render_head() rendered
	 * them; NULL: rendered in the line.
	 */
	const struct json_buf *head;
};

/* Append the record as one JSON line (with its '\n') to b. */
void asm_record_render_json(const struct asm_record *rec, struct json_buf *b);

/*
 * The embedded form (docs/reference/format.md, "Embedded records"), without a
 * newline: a "site" record holds the fields that every expansion of one
 * asm shares (spelling_file to applied); a "stmt" record the function,
 * expansion point and fingerprint of one statement, and the id of its site.
 */
void asm_record_render_site(const struct asm_record *rec, struct json_buf *b);
void asm_record_render_stmt(const struct asm_record *rec, uint64_t site,
			    struct json_buf *b);

/*
 * The same, with the site's fields (spelling_file to applied) rendered
 * once by asm_record_render_shape() into shape (reset first) and copied:
 * the report line and the embedded site of one statement share them.
 */
void asm_record_render_shape(const struct asm_record *rec, struct json_buf *b);
/*
 * The same text in three parts: the fields before the template's value
 * (with its key) into head, those after it into tail (each reset
 * first); and the text again from head, a template and tail into b
 * (reset first): what asm_record_render_shape() renders for a record
 * with those fields and that template.
 */
void asm_record_render_shape_parts(const struct asm_record *rec,
				   struct json_buf *head, struct json_buf *tail);
void asm_record_render_shape_from(const struct json_buf *head, const char *tpl,
				  size_t len, const struct json_buf *tail,
				  struct json_buf *b);
void asm_record_render_json_shaped(const struct asm_record *rec,
				   const struct json_buf *shape,
				   struct json_buf *b);
void asm_record_render_site_shaped(const struct json_buf *shape,
				   struct json_buf *b);

/* The report line's first fields, once for the unit (reset first). */
void asm_record_render_head(const struct asm_record *rec, struct json_buf *b);
/* The fields from function to column, once for two records (reset first). */
void asm_record_render_where(const struct asm_record *rec, struct json_buf *b);

/* "sec1, sec2" (", ..." when sections were dropped); "" when none. */
void asm_record_sections_text(const struct asm_record *rec, char *buf,
			      size_t size);

#endif /* ASMINLINE_ASM_RECORD_H */
