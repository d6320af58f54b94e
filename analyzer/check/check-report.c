// SPDX-License-Identifier: GPL-2.0
/*
 * check-report.c — `asmscan check --report FILE`: the plugin's JSON Lines
 * report (docs/reference/format.md) as the source of findings when no input holds
 * embedded records.  Flagged "asm" records and "edge" records whose
 * verdict is blocked-by-asm become findings; an edge record whose
 * "unit_rerun" says the re-run gave no answer ("failed", "timeout") is a
 * call the rule judged, whatever its verdict (check.h); other records are
 * skipped.
 * Strict: a line that is not one JSON object, a record of another
 * format_version, or a finding record without a field check needs stops
 * the file with "asmscan: FILE:LINE: malformed report: why".  A line is
 * at most CHECK_REPORT_MAX_LINE bytes; work is linear in the file.
 */
#include "check-report.h"

#include "check-list.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "errors.h"
#include "jsonread.h"

#define CHECK_REPORT_MAX_LINE (16u << 20)

struct report_line {
	struct check_report *c;
	const struct jv *o;
	const char *why;
	char buf[128];
};

__attribute__((format(printf, 2, 3)))
static bool bad(struct report_line *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(l->buf, sizeof(l->buf), fmt, ap);
	va_end(ap);
	l->why = l->buf;
	return false;
}

/* What jv_string() and the like found, in this reader's words. */
static bool found(struct report_line *l, const char *key, enum jv_found st,
		  enum jv_type type)
{
	if (st == JV_ABSENT)
		return bad(l, "\"%s\" is missing", key);
	if (st == JV_NOT_TYPE)
		return bad(l, "\"%s\" is not %s", key, jv_type_name(type));
	return true;
}

/* A string field, copied to live as long as the report. */
static bool str(struct report_line *l, const char *key, const char **out)
{
	const char *s;

	if (!found(l, key, jv_string(l->o, key, &s), JV_STRING))
		return false;
	*out = arena_strdup(&l->c->strings, s);
	return true;
}

static bool num(struct report_line *l, const char *key, int64_t *out)
{
	return found(l, key, jv_int(l->o, key, INT64_MIN, INT64_MAX, out),
		     JV_INT);
}

static bool u32(struct report_line *l, const char *key, uint32_t *out)
{
	int64_t v;
	enum jv_found st = jv_int(l->o, key, 0, UINT32_MAX, &v);

	if (st == JV_BAD_VALUE)
		return bad(l, "\"%s\" out of range", key);
	if (!found(l, key, st, JV_INT))
		return false;
	*out = (uint32_t)v;
	return true;
}

static bool asm_record(struct report_line *l, struct report *rep)
{
	const struct jv *flagged = jv_get(l->o, "flagged");
	const char *function, *file, *spelling_file, *kind;
	uint32_t line, spelling_line, gcc_count, est_insns;
	uint64_t f;

	if (!flagged || flagged->type != JV_BOOL)
		return bad(l, "\"flagged\" is not a boolean");
	if (!flagged->b)
		return true;
	if (!str(l, "function", &function) || !str(l, "file", &file) ||
	    !u32(l, "line", &line) || !str(l, "spelling_file", &spelling_file) ||
	    !u32(l, "spelling_line", &spelling_line) || !str(l, "kind", &kind) ||
	    !u32(l, "gcc_count", &gcc_count) ||
	    !u32(l, "est_insns", &est_insns))
		return false;
	if (jv_hex(l->o, "fingerprint", &f) != JV_FOUND)
		return bad(l, "a fingerprint is not 16 lowercase hex digits");
	if (analysis_selected(rep->opts, function))
		check_add_asm(l->c, function, file, line, spelling_file,
			      spelling_line, kind, gcc_count, est_insns, f);
	return true;
}

static bool edge_record(struct report_line *l, struct report *rep)
{
	const struct jv *verdict = jv_get(l->o, "verdict");
	const struct jv *limit = jv_get(l->o, "limit");
	const struct jv *unit_rerun = jv_get(l->o, "unit_rerun");
	const char *caller, *callee, *file, *limit_name = "", *tu;
	int64_t callee_size = 0, overcount = 0, limit_value = 0;
	uint32_t line;
	bool ok, blocked, by_rule;

	if (!verdict || verdict->type != JV_STRING)
		return bad(l, "\"verdict\" is not a string");
	if (unit_rerun && unit_rerun->type != JV_STRING)
		return bad(l, "\"unit_rerun\" is not a string");
	blocked = !strcmp(verdict->s, "blocked-by-asm");
	by_rule = unit_rerun && records_rerun_unanswered(unit_rerun->s);
	if (!blocked && !by_rule)
		return true;
	if (!str(l, "caller", &caller) || !str(l, "callee", &callee) ||
	    !str(l, "file", &file) || !u32(l, "line", &line) ||
	    !num(l, "callee_size", &callee_size) ||
	    !num(l, "overcount", &overcount))
		return false;
	if (limit) {
		const struct jv *o = l->o;

		if (limit->type != JV_OBJECT)
			return bad(l, "\"limit\" is not an object");
		l->o = limit;
		ok = str(l, "name", &limit_name) && num(l, "value", &limit_value);
		l->o = o;
		if (!ok)
			return false;
	}
	if (by_rule) {
		if (!str(l, "tu", &tu))
			return false;
		check_add_rule_unit(l->c, tu, unit_rerun->s, NULL, 1);
	}
	if (analysis_selected(rep->opts, caller))
		check_add_edge(l->c, !by_rule ? CHECK_JUDGED_BLOCKED
				   : blocked ? CHECK_JUDGED_RULE_BLOCKED
					     : CHECK_JUDGED_RULE_OTHER,
			       caller, callee, file, line, callee_size,
			       limit_name, limit_value, overcount);
	return true;
}

static bool one_line(struct report_line *l, struct report *rep,
		     const char *text, size_t len)
{
	struct arena tree = { 0 };
	const struct jv *kind, *ver;
	char why[256];
	bool ok = false;

	l->o = jv_parse(&tree, text, len, why, sizeof(why));
	if (!l->o) {
		bad(l, "%s", why);
	} else if (l->o->type != JV_OBJECT) {
		bad(l, "not a JSON object");
	} else if (!(kind = jv_get(l->o, "record")) || kind->type != JV_STRING) {
		bad(l, "no \"record\"");
	} else if (!(ver = jv_get(l->o, "format_version")) ||
		   ver->type != JV_INT || ver->i != 1) {
		bad(l, "\"format_version\" is not 1");
	} else if (!strcmp(kind->s, "asm")) {
		ok = asm_record(l, rep);
	} else if (!strcmp(kind->s, "edge")) {
		ok = edge_record(l, rep);
	} else {
		ok = true;	/* a record type check has no use for */
	}
	arena_free(&tree);
	return ok;
}

bool check_read_report(struct check_report *c, const char *path)
{
	struct report *rep = c->rep;
	struct report_line l = { .c = c };
	FILE *in = fopen(path, "r");
	char *line = NULL, where[4096];
	size_t cap = 0, lineno = 0;
	ssize_t got;
	bool ok = true;

	if (!in) {
		asmscan_error(path, "cannot read report", strerror(errno));
		return false;
	}
	while (ok && (got = getline(&line, &cap, in)) >= 0) {
		size_t len = (size_t)got;

		lineno++;
		if (len > CHECK_REPORT_MAX_LINE) {
			ok = bad(&l, "a line of %zu bytes", len);
		} else if (!len || line[len - 1] != '\n') {
			ok = bad(&l, "no newline at the end: a line cut short");
		} else {
			ok = one_line(&l, rep, line, len - 1);
		}
	}
	if (ok && ferror(in)) {
		ok = false;
		l.why = strerror(errno);
	}
	if (!ok) {
		snprintf(where, sizeof(where), "%s:%zu", path, lineno);
		asmscan_error(where, "malformed report", l.why);
	}
	free(line);
	fclose(in);
	return ok;
}
