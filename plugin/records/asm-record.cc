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

static void asm_record_key_str(struct json_buf *b, const char *key,
			       const char *val)
{
	json_key(b, key);
	json_cstring(b, val);
}

static void asm_record_key_uint(struct json_buf *b, const char *key,
				unsigned long long val)
{
	json_key(b, key);
	json_uint(b, val);
}

static void asm_record_key_bool(struct json_buf *b, const char *key, bool val)
{
	json_key(b, key);
	json_bool(b, val);
}

/* Where the statement is: its function and the expansion point. */
static void asm_record_where(const struct asm_record *rec, struct json_buf *b)
{
	asm_record_key_str(b, "function", rec->function);
	asm_record_key_str(b, "file", rec->file);
	asm_record_key_uint(b, "line", rec->line);
	asm_record_key_uint(b, "column", rec->column);
}

/*
 * What the statement is, from its spelling to the verdict: the same for
 * every expansion of one asm with one template, in every unit.
 */
static void asm_record_shape(const struct asm_record *rec, struct json_buf *b)
{
	const struct asmtpl_result *res = &rec->tpl_res;

	asm_record_key_str(b, "spelling_file", rec->spelling_file);
	asm_record_key_uint(b, "spelling_line", rec->spelling_line);
	asm_record_key_str(b, "arch", rec->arch);

	json_key(b, "template");
	json_string(b, rec->tpl, rec->tpl_len);
	asm_record_key_bool(b, "basic", rec->basic);
	asm_record_key_bool(b, "asm_inline", rec->asm_inline);
	asm_record_key_bool(b, "volatile", rec->is_volatile);
	asm_record_key_bool(b, "goto", rec->is_goto);

	asm_record_key_uint(b, "gcc_count", rec->gcc_count);
	asm_record_key_uint(b, "str_count", res->str_count);
	asm_record_key_uint(b, "est_insns", res->est_insns);
	asm_record_key_uint(b, "other_insns", res->other_insns);
	asm_record_key_uint(b, "pad_uncertain", res->pad_uncertain);
	asm_record_key_str(b, "kind", asmtpl_kind_name(res->kind));

	json_key(b, "sections");
	json_begin_array(b);
	for (unsigned i = 0; i < res->nsections; i++)
		json_cstring(b, res->sections[i]);
	json_end_array(b);
	asm_record_key_uint(b, "sections_dropped", res->sections_dropped);

	json_key(b, "diagnostics");
	json_begin_array(b);
	for (unsigned i = 0; i < res->ndiags; i++) {
		json_begin_object(b);
		asm_record_key_str(b, "code",
				   asmtpl_diag_name(res->diags[i].code));
		asm_record_key_uint(b, "offset", res->diags[i].offset);
		json_end_object(b);
	}
	json_end_array(b);
	asm_record_key_uint(b, "diagnostics_dropped", res->diags_dropped);

	asm_record_key_bool(b, "flagged", rec->flagged);
	asm_record_key_bool(b, "applied", rec->applied);
}

static void asm_record_head(struct json_buf *b, const char *type)
{
	json_begin_object(b);
	asm_record_key_str(b, "record", type);
	asm_record_key_uint(b, "format_version", ASM_RECORD_FORMAT_VERSION);
}

static void asm_record_id(struct json_buf *b, const char *key, uint64_t id)
{
	char hex[FINGERPRINT_HEX_LEN + 1];

	fingerprint_hex(id, hex);
	json_key(b, key);
	json_string(b, hex, FINGERPRINT_HEX_LEN);
}

void asm_record_render_json(const struct asm_record *rec, struct json_buf *b)
{
	asm_record_head(b, "asm");
	asm_record_key_str(b, "tu", rec->tu);
	asm_record_key_str(b, "srctree", rec->srctree);
	asm_record_where(rec, b);
	asm_record_shape(rec, b);
	asm_record_id(b, "fingerprint", rec->fingerprint);
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
	asm_record_id(b, "site", site);
	asm_record_where(rec, b);
	asm_record_id(b, "fingerprint", rec->fingerprint);
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
