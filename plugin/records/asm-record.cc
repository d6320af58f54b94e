// SPDX-License-Identifier: GPL-2.0
/*
 * asm-record.cc — renders struct asm_record as a format_version 1 "asm"
 * report record, or as the two embedded records it splits into: "site"
 * (what the statement is) and "stmt" (where it is).  Field order is fixed
 * (docs/format.md lists it) so that reports diff well; readers must not
 * depend on it.
 */
#include "asm-record.h"
#include "fingerprint.h"
#include "json-buf.h"

/* key, klen: JSON_KEY_LIT("name"), a key of the format. */
static void asm_record_key_str(struct json_buf *b, const char *key,
			       size_t klen, const char *val)
{
	json_key_plain(b, key, klen);
	json_cstring(b, val);
}

static void asm_record_key_uint(struct json_buf *b, const char *key,
				size_t klen, unsigned long long val)
{
	json_key_plain(b, key, klen);
	json_uint(b, val);
}

static void asm_record_key_bool(struct json_buf *b, const char *key,
				size_t klen, bool val)
{
	json_key_plain(b, key, klen);
	json_bool(b, val);
}

/* Where the statement is: its function and the expansion point. */
static void asm_record_where(const struct asm_record *rec, struct json_buf *b)
{
	asm_record_key_str(b, JSON_KEY_LIT("function"), rec->function);
	asm_record_key_str(b, JSON_KEY_LIT("file"), rec->file);
	asm_record_key_uint(b, JSON_KEY_LIT("line"), rec->line);
	asm_record_key_uint(b, JSON_KEY_LIT("column"), rec->column);
}

/*
 * What the statement is, from its spelling to the verdict: the same for
 * every expansion of one asm with one template, in every unit.
 */
static void asm_record_shape(const struct asm_record *rec, struct json_buf *b)
{
	const struct asmtpl_result *res = &rec->tpl_res;

	asm_record_key_str(b, JSON_KEY_LIT("spelling_file"),
			   rec->spelling_file);
	asm_record_key_uint(b, JSON_KEY_LIT("spelling_line"),
			    rec->spelling_line);
	asm_record_key_str(b, JSON_KEY_LIT("arch"), rec->arch);

	json_key_plain(b, JSON_KEY_LIT("template"));
	json_string(b, rec->tpl, rec->tpl_len);
	asm_record_key_bool(b, JSON_KEY_LIT("basic"), rec->basic);
	asm_record_key_bool(b, JSON_KEY_LIT("asm_inline"), rec->asm_inline);
	asm_record_key_bool(b, JSON_KEY_LIT("volatile"), rec->is_volatile);
	asm_record_key_bool(b, JSON_KEY_LIT("goto"), rec->is_goto);

	asm_record_key_uint(b, JSON_KEY_LIT("gcc_count"), rec->gcc_count);
	asm_record_key_uint(b, JSON_KEY_LIT("str_count"), res->str_count);
	asm_record_key_uint(b, JSON_KEY_LIT("est_insns"), res->est_insns);
	asm_record_key_uint(b, JSON_KEY_LIT("other_insns"), res->other_insns);
	asm_record_key_uint(b, JSON_KEY_LIT("pad_uncertain"),
			    res->pad_uncertain);
	asm_record_key_str(b, JSON_KEY_LIT("kind"),
			   asmtpl_kind_name(res->kind));

	json_key_plain(b, JSON_KEY_LIT("sections"));
	json_begin_array(b);
	for (unsigned i = 0; i < res->nsections; i++)
		json_cstring(b, res->sections[i]);
	json_end_array(b);
	asm_record_key_uint(b, JSON_KEY_LIT("sections_dropped"),
			    res->sections_dropped);

	json_key_plain(b, JSON_KEY_LIT("diagnostics"));
	json_begin_array(b);
	for (unsigned i = 0; i < res->ndiags; i++) {
		json_begin_object(b);
		asm_record_key_str(b, JSON_KEY_LIT("code"),
				   asmtpl_diag_name(res->diags[i].code));
		asm_record_key_uint(b, JSON_KEY_LIT("offset"),
				    res->diags[i].offset);
		json_end_object(b);
	}
	json_end_array(b);
	asm_record_key_uint(b, JSON_KEY_LIT("diagnostics_dropped"),
			    res->diags_dropped);

	asm_record_key_bool(b, JSON_KEY_LIT("flagged"), rec->flagged);
	asm_record_key_bool(b, JSON_KEY_LIT("applied"), rec->applied);
}

static void asm_record_head(struct json_buf *b, const char *type)
{
	json_begin_object(b);
	asm_record_key_str(b, JSON_KEY_LIT("record"), type);
	asm_record_key_uint(b, JSON_KEY_LIT("format_version"),
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

void asm_record_render_json(const struct asm_record *rec, struct json_buf *b)
{
	asm_record_head(b, "asm");
	asm_record_key_str(b, JSON_KEY_LIT("tu"), rec->tu);
	asm_record_key_str(b, JSON_KEY_LIT("srctree"), rec->srctree);
	asm_record_where(rec, b);
	asm_record_shape(rec, b);
	asm_record_id(b, JSON_KEY_LIT("fingerprint"), rec->fingerprint);
	json_end_object(b);
	json_buf_raw(b, "\n", 1);
}

void asm_record_render_site(const struct asm_record *rec, struct json_buf *b)
{
	asm_record_head(b, "site");
	asm_record_shape(rec, b);
	json_end_object(b);
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
