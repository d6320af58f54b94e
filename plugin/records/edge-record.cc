// SPDX-License-Identifier: GPL-2.0
/*
 * edge-record.cc — renders struct edge_record as a format_version 1 "edge"
 * record (docs/reference/format.md).  Field order is fixed so that reports diff
 * well; readers must not depend on it.  The renderer only reads the
 * struct: the embedded "edge" string (embed.cc) is the same JSON object as
 * the report's line, without the newline.
 */
#include "edge-record.h"
#include "asm-record.h"
#include "json-buf.h"
#include "fingerprint.h"

const char *edge_verdict_name(enum edge_verdict v)
{
	return v == EDGE_VERDICT_BLOCKED_BY_ASM ? "blocked-by-asm" : "other";
}

/* A string field; a name GCC did not give is written as "". */
static void edge_record_key_str(struct json_buf *b, const char *key,
				size_t klen, const char *val)
{
	json_field_cstring(b, key, klen, val ? val : "");
}

void edge_record_render_object(const struct edge_record *rec,
			       struct json_buf *b)
{
	char fp[FINGERPRINT_HEX_LEN + 1];

	json_begin_object(b);
	edge_record_key_str(b, JSON_KEY_LIT("record"), "edge");
	json_field_int(b, JSON_KEY_LIT("format_version"),
		       ASM_RECORD_FORMAT_VERSION);
	edge_record_key_str(b, JSON_KEY_LIT("tu"), rec->tu);
	edge_record_key_str(b, JSON_KEY_LIT("srctree"), rec->srctree);
	edge_record_key_str(b, JSON_KEY_LIT("caller"), rec->caller);
	edge_record_key_str(b, JSON_KEY_LIT("inlined_into"), rec->inlined_into);
	edge_record_key_str(b, JSON_KEY_LIT("callee"), rec->callee);
	edge_record_key_str(b, JSON_KEY_LIT("callee_symbol"),
			    rec->callee_symbol);
	edge_record_key_str(b, JSON_KEY_LIT("file"), rec->file);
	json_field_int(b, JSON_KEY_LIT("line"), rec->line);
	json_field_int(b, JSON_KEY_LIT("column"), rec->column);
	edge_record_key_str(b, JSON_KEY_LIT("reason"), rec->reason);
	json_field_int(b, JSON_KEY_LIT("callee_size"), rec->callee_size);
	json_field_int(b, JSON_KEY_LIT("growth"), rec->growth);
	json_field_int(b, JSON_KEY_LIT("overcount"), rec->overcount);
	json_field_int(b, JSON_KEY_LIT("asm_count"), rec->nasm);

	json_key_plain(b, JSON_KEY_LIT("limit"));
	json_begin_object(b);
	edge_record_key_str(b, JSON_KEY_LIT("name"), rec->limit.name);
	json_field_int(b, JSON_KEY_LIT("param"), rec->limit.param);
	json_field_int(b, JSON_KEY_LIT("value"), rec->limit.value);
	edge_record_key_str(b, JSON_KEY_LIT("measure"), rec->limit.measure);
	json_field_int(b, JSON_KEY_LIT("measured"), rec->limit.measured);
	json_end_object(b);

	edge_record_key_str(b, JSON_KEY_LIT("measured_at"), rec->measured_at);
	edge_record_key_str(b, JSON_KEY_LIT("via"), rec->via);
	edge_record_key_str(b, JSON_KEY_LIT("rerun"),
			    rec->rerun < 0	   ? "none"
				       : rec->rerun ? "inlined"
						    : "refused");
	edge_record_key_str(b, JSON_KEY_LIT("unit_rerun"), rec->unit_rerun);
	json_field_bool(b, JSON_KEY_LIT("reproduced"), rec->reproduced);
	edge_record_key_str(b, JSON_KEY_LIT("verdict"),
			    edge_verdict_name(rec->verdict));
	json_key_plain(b, JSON_KEY_LIT("fingerprints"));
	json_begin_array(b);
	for (unsigned i = 0; i < rec->nfingerprints; i++) {
		fingerprint_hex(rec->fingerprints[i], fp);
		json_string(b, fp, FINGERPRINT_HEX_LEN);
	}
	json_end_array(b);
	json_field_int(b, JSON_KEY_LIT("fingerprints_dropped"),
		       rec->fingerprints_dropped);
	json_end_object(b);
}
