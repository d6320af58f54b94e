// SPDX-License-Identifier: GPL-2.0
/*
 * edge-record.cc — renders struct edge_record as a format_version 1 "edge"
 * record (docs/format.md).  Field order is fixed so that reports diff
 * well; readers must not depend on it.  The renderer only reads the
 * struct: the embedded "edge" string (embed.cc) is the same JSON object as
 * the report's line, without the newline.
 */
#include "edges.h"
#include "asm-record.h"
#include "json-buf.h"
#include "fingerprint.h"

const char *edge_verdict_name(enum edge_verdict v)
{
	return v == EDGE_VERDICT_BLOCKED_BY_ASM ? "blocked-by-asm" : "other";
}

static void edge_record_key_str(struct json_buf *b, const char *key,
				const char *val)
{
	json_key(b, key);
	json_cstring(b, val ? val : "");
}

/*
 * Sizes are ints in GCC; a negative growth (inlining shrinks) is real.
 * No snprintf: a dozen per record were a third of a record's cost.
 */
static void edge_record_key_int(struct json_buf *b, const char *key, long val)
{
	json_key(b, key);
	json_int(b, val);
}

void edge_record_render_object(const struct edge_record *rec,
			       struct json_buf *b)
{
	char fp[FINGERPRINT_HEX_LEN + 1];

	json_begin_object(b);
	edge_record_key_str(b, "record", "edge");
	edge_record_key_int(b, "format_version", ASM_RECORD_FORMAT_VERSION);
	edge_record_key_str(b, "tu", rec->tu);
	edge_record_key_str(b, "srctree", rec->srctree);
	edge_record_key_str(b, "caller", rec->caller);
	edge_record_key_str(b, "inlined_into", rec->inlined_into);
	edge_record_key_str(b, "callee", rec->callee);
	edge_record_key_str(b, "callee_symbol", rec->callee_symbol);
	edge_record_key_str(b, "file", rec->file);
	edge_record_key_int(b, "line", rec->line);
	edge_record_key_int(b, "column", rec->column);
	edge_record_key_str(b, "reason", rec->reason);
	edge_record_key_int(b, "callee_size", rec->callee_size);
	edge_record_key_int(b, "growth", rec->growth);
	edge_record_key_int(b, "overcount", rec->overcount);
	edge_record_key_int(b, "asm_count", rec->nasm);

	json_key(b, "limit");
	json_begin_object(b);
	edge_record_key_str(b, "name", rec->limit.name);
	edge_record_key_int(b, "param", rec->limit.param);
	edge_record_key_int(b, "value", rec->limit.value);
	edge_record_key_str(b, "measure", rec->limit.measure);
	edge_record_key_int(b, "measured", rec->limit.measured);
	json_end_object(b);

	edge_record_key_str(b, "measured_at", rec->measured_at);
	edge_record_key_str(b, "via", rec->via);
	edge_record_key_str(b, "rerun", rec->rerun < 0	   ? "none"
				       : rec->rerun ? "inlined"
						    : "refused");
	edge_record_key_str(b, "unit_rerun", rec->unit_rerun);
	json_key(b, "reproduced");
	json_bool(b, rec->reproduced);
	edge_record_key_str(b, "verdict", edge_verdict_name(rec->verdict));
	json_key(b, "fingerprints");
	json_begin_array(b);
	for (unsigned i = 0; i < rec->nfingerprints; i++) {
		fingerprint_hex(rec->fingerprints[i], fp);
		json_string(b, fp, FINGERPRINT_HEX_LEN);
	}
	json_end_array(b);
	edge_record_key_int(b, "fingerprints_dropped",
			    rec->fingerprints_dropped);
	json_end_object(b);
}

void edge_record_render_json(const struct edge_record *rec, struct json_buf *b)
{
	edge_record_render_object(rec, b);
	json_buf_raw(b, "\n", 1);
}
