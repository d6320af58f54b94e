// SPDX-License-Identifier: GPL-2.0
/*
 * asm-record.cc — renders struct asm_record as a format_version 1 "asm"
 * report record, or as the two embedded records it splits into: "site"
 * (what the statement is) and "stmt" (where it is).  Field order is fixed
 * (docs/reference/format.md lists it) so that reports diff well; readers must not
 * depend on it.
 */
#include "asm-record.h"
#include "fingerprint.h"
#include "json-buf.h"

/* Where the statement is: its function and the expansion point. */
static void asm_record_where_fields(const struct asm_record *rec,
				    struct json_buf *b)
{
	json_field_cstring(b, JSON_KEY_LIT("function"), rec->function);
	json_field_cstring(b, JSON_KEY_LIT("file"), rec->file);
	json_field_uint(b, JSON_KEY_LIT("line"), rec->line);
	json_field_uint(b, JSON_KEY_LIT("column"), rec->column);
}

/* As if a field came before them: the text starts with the comma. */
void asm_record_render_where(const struct asm_record *rec, struct json_buf *b)
{
	json_buf_reset(b);
	b->need_comma = true;
	asm_record_where_fields(rec, b);
}

/* The where fields: copied when rendered once already, else rendered. */
static void asm_record_where(const struct asm_record *rec, struct json_buf *b)
{
	if (!rec->where) {
		asm_record_where_fields(rec, b);
		return;
	}
	json_buf_raw(b, rec->where->data, rec->where->len);
	b->need_comma = true;
}

/* The shape's fields before the template's value, and its key. */
static void asm_record_shape_head(const struct asm_record *rec,
				  struct json_buf *b)
{
	json_field_cstring(b, JSON_KEY_LIT("spelling_file"),
			   rec->spelling_file);
	json_field_uint(b, JSON_KEY_LIT("spelling_line"),
			rec->spelling_line);
	json_field_cstring(b, JSON_KEY_LIT("arch"), rec->arch);
	json_key_plain(b, JSON_KEY_LIT("template"));
}

/* The shape's fields after the template. */
static void asm_record_shape_tail(const struct asm_record *rec,
				  struct json_buf *b)
{
	const struct asmtpl_result *res = &rec->tpl_res;

	json_field_bool(b, JSON_KEY_LIT("basic"), rec->basic);
	json_field_bool(b, JSON_KEY_LIT("asm_inline"), rec->asm_inline);
	json_field_bool(b, JSON_KEY_LIT("volatile"), rec->is_volatile);
	json_field_bool(b, JSON_KEY_LIT("goto"), rec->is_goto);

	json_field_uint(b, JSON_KEY_LIT("gcc_count"), rec->gcc_count);
	json_field_uint(b, JSON_KEY_LIT("str_count"), res->str_count);
	json_field_uint(b, JSON_KEY_LIT("est_insns"), res->est_insns);
	json_field_uint(b, JSON_KEY_LIT("other_insns"), res->other_insns);
	json_field_uint(b, JSON_KEY_LIT("pad_uncertain"),
			res->pad_uncertain);
	json_field_cstring(b, JSON_KEY_LIT("kind"),
			   asmtpl_kind_name(res->kind));

	json_key_plain(b, JSON_KEY_LIT("sections"));
	json_begin_array(b);
	for (unsigned i = 0; i < res->nsections; i++)
		json_cstring(b, res->sections[i]);
	json_end_array(b);
	json_field_uint(b, JSON_KEY_LIT("sections_dropped"),
			res->sections_dropped);

	json_key_plain(b, JSON_KEY_LIT("diagnostics"));
	json_begin_array(b);
	for (unsigned i = 0; i < res->ndiags; i++) {
		json_begin_object(b);
		json_field_cstring(b, JSON_KEY_LIT("code"),
				   asmtpl_diag_name(res->diags[i].code));
		json_field_uint(b, JSON_KEY_LIT("offset"),
				res->diags[i].offset);
		json_end_object(b);
	}
	json_end_array(b);
	json_field_uint(b, JSON_KEY_LIT("diagnostics_dropped"),
			res->diags_dropped);

	json_field_bool(b, JSON_KEY_LIT("flagged"), rec->flagged);
	json_field_bool(b, JSON_KEY_LIT("applied"), rec->applied);
}

/*
 * What the statement is, from its spelling to the verdict: the same for
 * every expansion of one asm with one template, in every unit.
 */
static void asm_record_shape(const struct asm_record *rec, struct json_buf *b)
{
	asm_record_shape_head(rec, b);
	json_string(b, rec->tpl, rec->tpl_len);
	asm_record_shape_tail(rec, b);
}

static void asm_record_head(struct json_buf *b, const char *type)
{
	json_begin_object(b);
	json_field_cstring(b, JSON_KEY_LIT("record"), type);
	json_field_uint(b, JSON_KEY_LIT("format_version"),
			ASM_RECORD_FORMAT_VERSION);
}

static void asm_record_id(struct json_buf *b, const char *key, size_t klen,
			  uint64_t id)
{
	char hex[FINGERPRINT_HEX_LEN + 1];

	fingerprint_hex(id, hex);
	json_key_plain(b, key, klen);
	json_string(b, hex, FINGERPRINT_HEX_LEN);
}

/*
 * The shape's text is the same in the report line and in the embedded
 * site: rendered once into its own buffer, as if a field came before it
 * (so it starts with the comma), and copied into both.
 */
void asm_record_render_shape(const struct asm_record *rec, struct json_buf *b)
{
	json_buf_reset(b);
	b->need_comma = true;
	asm_record_shape(rec, b);
}

void asm_record_render_shape_parts(const struct asm_record *rec,
				   struct json_buf *head, struct json_buf *tail)
{
	json_buf_reset(head);
	head->need_comma = true;
	asm_record_shape_head(rec, head);
	json_buf_reset(tail);
	tail->need_comma = true;
	asm_record_shape_tail(rec, tail);
}

void asm_record_render_shape_from(const struct json_buf *head, const char *tpl,
				  size_t len, const struct json_buf *tail,
				  struct json_buf *b)
{
	json_buf_reset(b);
	json_buf_raw(b, head->data, head->len);
	b->need_comma = false;		/* after the key */
	json_string(b, tpl, len);
	json_buf_raw(b, tail->data, tail->len);
	b->need_comma = true;
}

/* The shape's text where the fields from spelling_file to applied go. */
static void asm_record_put_shape(const struct json_buf *shape,
				 struct json_buf *b)
{
	json_buf_raw(b, shape->data, shape->len);
	b->need_comma = true;
}

/* The report line up to srctree: an object left open. */
static void asm_record_json_head(const struct asm_record *rec,
				 struct json_buf *b)
{
	asm_record_head(b, "asm");
	json_field_cstring(b, JSON_KEY_LIT("tu"), rec->tu);
	json_field_cstring(b, JSON_KEY_LIT("srctree"), rec->srctree);
}

void asm_record_render_head(const struct asm_record *rec, struct json_buf *b)
{
	json_buf_reset(b);
	asm_record_json_head(rec, b);
}

void asm_record_render_json_shaped(const struct asm_record *rec,
				   const struct json_buf *shape,
				   struct json_buf *b)
{
	if (rec->head) {
		json_buf_raw(b, rec->head->data, rec->head->len);
		b->need_comma = true;
	} else {
		asm_record_json_head(rec, b);
	}
	asm_record_where(rec, b);
	asm_record_put_shape(shape, b);
	asm_record_id(b, JSON_KEY_LIT("fingerprint"), rec->fingerprint);
	json_end_object(b);
	json_buf_raw(b, "\n", 1);
}

void asm_record_render_site_shaped(const struct json_buf *shape,
				   struct json_buf *b)
{
	asm_record_head(b, "site");
	asm_record_put_shape(shape, b);
	json_end_object(b);
}

void asm_record_render_json(const struct asm_record *rec, struct json_buf *b)
{
	struct json_buf shape;

	json_buf_init(&shape);
	asm_record_render_shape(rec, &shape);
	asm_record_render_json_shaped(rec, &shape, b);
	json_buf_free(&shape);
}

void asm_record_render_site(const struct asm_record *rec, struct json_buf *b)
{
	struct json_buf shape;

	json_buf_init(&shape);
	asm_record_render_shape(rec, &shape);
	asm_record_render_site_shaped(&shape, b);
	json_buf_free(&shape);
}

void asm_record_render_stmt(const struct asm_record *rec, uint64_t site,
			    struct json_buf *b)
{
	asm_record_head(b, "stmt");
	asm_record_id(b, JSON_KEY_LIT("site"), site);
	asm_record_where(rec, b);
	asm_record_id(b, JSON_KEY_LIT("fingerprint"), rec->fingerprint);
	json_end_object(b);
}

void asm_record_sections_text(const struct asm_record *rec, char *buf,
			      size_t size)
{
	const struct asmtpl_result *res = &rec->tpl_res;
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < res->nsections && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
					 i ? ", " : "", res->sections[i]);
	if (res->sections_dropped && used < size)
		snprintf(buf + used, size - used, ", ...");
}
