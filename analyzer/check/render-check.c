// SPDX-License-Identifier: GPL-2.0
/*
 * render-check.c — the result of `asmscan check` (check.h) as text, JSON
 * and SARIF, in render/'s kit: JSON's frame and SARIF's log.
 *
 * Text is what CI logs and editors read: one GCC-style line per new
 * finding,
 *	FILE:LINE: warning: asm in FUNCTION charged N, emits M [FINGERPRINT]
 * (a note line where the asm keyword is spelled elsewhere, in a macro),
 * one "note: fixed:" line per fixed finding, one "note: unverified:"
 * line per edge that would have been new or fixed had both sides judged
 * it as asked, one note per unit whose inliner re-run gave no answer,
 * then one summary line.  Unchanged findings are counted, not listed.
 * SARIF lists every finding with its baselineState (new, unchanged,
 * absent; none for unverified ones, which are informational) and the
 * fingerprint as a partialFingerprint, so code-scanning services track
 * them across runs.
 */
#include "render-check.h"

#include <inttypes.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "render.h"

static void where(char *buf, size_t len, const struct check_finding *f)
{
	if (f->line)
		snprintf(buf, len, "%s:%" PRIu32, f->file ? f->file : "", f->line);
	else
		snprintf(buf, len, "%s", f->file && *f->file ? f->file : "asmscan");
}

/*
 * A copy finding says what saw it: DWARF a function declared inline, the
 * symbols only a local name defined in several units (check.c).  A fixed
 * one read from the baseline is not known to be either.
 */
static void copy_message(char *buf, size_t len, const struct check_finding *f)
{
	switch (f->copy_from) {
	case CHECK_COPY_FROM_DWARF:
		if (!f->found)
			snprintf(buf, len, "inline function %s out of line", f->function);
		else
			snprintf(buf, len,
				 "inline function %s has %" PRIu64 " out-of-line cop%s (%" PRIu64 " bytes)",
				 f->function, f->units, f->units == 1 ? "y" : "ies",
				 f->bytes);
		break;
	case CHECK_COPY_FROM_SYMBOLS:
		if (!f->found)
			snprintf(buf, len, "local function %s defined more than once",
				 f->function);
		else
			snprintf(buf, len,
				 "local function %s is defined %" PRIu64 " times (%" PRIu64 " bytes)",
				 f->function, f->units, f->bytes);
		break;
	case CHECK_COPY_FROM_UNKNOWN:
		snprintf(buf, len, "copies of function %s", f->function);
		break;
	}
}

/* The message, without place, state or fingerprint. */
static void message(char *buf, size_t len, const struct check_finding *f)
{
	switch (f->kind) {
	case CHECK_ASM:
		snprintf(buf, len, "asm in %s charged %" PRIu32 ", emits %" PRIu32,
			 f->function, f->gcc_count, f->est_insns);
		break;
	case CHECK_EDGE:
		if (!f->found)
			snprintf(buf, len, "call from %s to %s blocked by asm",
				 f->function, f->callee);
		else
			snprintf(buf, len,
				 "call from %s to %s not inlined (%s %" PRId64 "): callee size %" PRId64 ", %" PRId64 " of it over-counted asm",
				 f->function, f->callee,
				 f->limit_name && *f->limit_name ? f->limit_name : "limit",
				 f->limit_value, f->callee_size, f->overcount);
		break;
	case CHECK_COPY:
	case CHECK_KINDS:
		copy_message(buf, len, f);
		break;
	}
}

/* Why an edge is unverified, or where an unverified line went. */
static const char *unverified_why(const struct check_finding *f)
{
	if (f->base == CHECK_BASE_UNVERIFIED)
		return "unverified in the baseline: its unit's inliner re-run had given no answer";
	if (f->found)
		return "the rule's verdict: the inliner's re-run gave no answer in its unit";
	return "in the baseline; the rule judged it other: the inliner's re-run gave no answer in its unit";
}

/* Why a finding OLD lacks is context, not new (check-against.c). */
static const char *context_why(const struct check_finding *f)
{
	if (f->outside_site)
		return f->kind == CHECK_ASM
			       ? "spelled in the kernel tree, which a change to a module outside it does not edit"
			       : "blocked by asm of the kernel tree, which a change to a module outside it does not edit";
	return f->kind == CHECK_ASM ? "a new use of asm the old build has too"
				    : "blocked by asm the old build has too";
}

/* A macro's asm: the keyword is written elsewhere than the statement. */
static bool spelled_elsewhere(const struct check_finding *f)
{
	return f->spelling_file && f->spelling_line &&
	       (strcmp(f->spelling_file, f->file ? f->file : "") ||
		f->spelling_line != f->line);
}

static void check_text(FILE *out, const struct check_report *c)
{
	const struct asmscan_options *opts = c->rep->opts;
	char at[4096], msg[1024];

	if (!c->compared)
		return;		/* the baseline did not read: the error says why */
	for (size_t i = 0; i < c->n; i++) {
		const struct check_finding *f = &c->v[i];

		if (f->state == CHECK_UNCHANGED || !check_listed(f))
			continue;
		where(at, sizeof(at), f);
		message(msg, sizeof(msg), f);
		if (f->state == CHECK_FIXED) {
			fprintf(out, "%s: note: fixed: %s [%016" PRIx64 "]\n", at, msg,
				f->fp);
			continue;
		}
		if (f->state == CHECK_UNVERIFIED) {
			fprintf(out, "%s: note: unverified: %s (%s) [%016" PRIx64 "]\n",
				at, msg, unverified_why(f), f->fp);
			continue;
		}
		if (f->state == CHECK_CONTEXT) {
			fprintf(out, "%s: note: context: %s (%s) [%016" PRIx64 "]\n",
				at, msg, context_why(f), f->fp);
			continue;
		}
		fprintf(out, "%s: warning: %s [%016" PRIx64 "]\n", at, msg, f->fp);
		if (f->kind == CHECK_ASM && spelled_elsewhere(f))
			fprintf(out, "%s:%" PRIu32 ": note: the asm is spelled here\n",
				f->spelling_file, f->spelling_line);
	}
	for (size_t i = 0; i < c->nrule_units; i++) {
		const struct check_rule_unit *u = &c->rule_units[i];

		fprintf(out, "%s: note: the inliner's re-run gave no answer in this unit (%s%s%s): the rule judged its %zu refused call%s, compared with the baseline only where both say blocked-by-asm\n",
			u->tu, u->rerun, u->why ? ": " : "", u->why ? u->why : "",
			u->calls, u->calls == 1 ? "" : "s");
	}
	fprintf(out, "asmscan check: %zu new, %zu fixed, %zu unchanged",
		c->count[CHECK_NEW], c->count[CHECK_FIXED],
		c->count[CHECK_UNCHANGED]);
	if (c->count[CHECK_UNVERIFIED])
		fprintf(out, ", %zu unverified", c->count[CHECK_UNVERIFIED]);
	if (c->count[CHECK_CONTEXT])
		fprintf(out, ", %zu context", c->count[CHECK_CONTEXT]);
	if (opts->check->against)
		fprintf(out, "; against %s (%zu finding%s)",
			opts->check->against, c->baseline_findings,
			c->baseline_findings == 1 ? "" : "s");
	else
		fprintf(out, "; baseline %s", opts->check->baseline);
	if (opts->check->against)
		;
	else if (c->baseline_missing)
		fputs(" (missing: taken as empty)", out);
	else
		fprintf(out, " (%zu finding%s)", c->baseline_findings,
			c->baseline_findings == 1 ? "" : "s");
	if (c->from_reports)
		fputs(", from reports", out);
	if (opts->check->write_baseline) {
		size_t unverified, n = check_to_write(c, &unverified);

		if (unverified)
			fprintf(out, "; writing %zu finding%s (%zu unverified)", n,
				n == 1 ? "" : "s", unverified);
		else
			fprintf(out, "; writing %zu finding%s", n,
				n == 1 ? "" : "s");
	}
	fputc('\n', out);
}

static void check_json(struct json *j, const struct check_report *c)
{
	const struct asmscan_options *opts = c->rep->opts;

	json_key(j, "check");
	json_object_begin(j);
	if (opts->check->against) {
		json_kv_string(j, "against", opts->check->against);
		json_kv_uint(j, "against_findings", c->baseline_findings);
	} else {
		json_kv_string(j, "baseline", opts->check->baseline);
		json_kv_bool(j, "baseline_missing", c->baseline_missing);
		json_kv_uint(j, "baseline_findings", c->baseline_findings);
	}
	if (c->srctree)
		json_kv_string(j, "srctree", c->srctree);
	json_kv_string(j, "source", c->from_reports ? "report" : "records");
	json_kv_uint(j, "units", c->units);
	json_kv_uint(j, "new", c->count[CHECK_NEW]);
	json_kv_uint(j, "fixed", c->count[CHECK_FIXED]);
	json_kv_uint(j, "unchanged", c->count[CHECK_UNCHANGED]);
	json_kv_uint(j, "unverified", c->count[CHECK_UNVERIFIED]);
	if (opts->check->against)
		json_kv_uint(j, "context", c->count[CHECK_CONTEXT]);
	json_kv_uint(j, "rule_calls", c->rule_calls);
	json_key(j, "rule_units");
	json_array_begin(j);
	for (size_t i = 0; i < c->nrule_units; i++) {
		const struct check_rule_unit *u = &c->rule_units[i];

		json_object_begin(j);
		json_kv_string(j, "tu", u->tu);
		json_kv_string(j, "rerun", u->rerun);
		if (u->why)
			json_kv_string(j, "rerun_error", u->why);
		json_kv_uint(j, "calls", u->calls);
		json_object_end(j);
	}
	json_array_end(j);
	if (opts->check->write_baseline) {
		size_t unverified, n = check_to_write(c, &unverified);

		json_key(j, "write_baseline");
		json_object_begin(j);
		json_kv_uint(j, "findings", n);
		json_kv_uint(j, "unverified", unverified);
		json_object_end(j);
	}
	json_key(j, "findings");
	json_array_begin(j);
	for (size_t i = 0; i < c->n; i++) {
		const struct check_finding *f = &c->v[i];
		char fp[17];

		if (!check_listed(f))
			continue;
		snprintf(fp, sizeof(fp), "%016" PRIx64, f->fp);
		json_object_begin(j);
		json_kv_string(j, "state", check_state_name(f->state));
		json_kv_string(j, "kind", check_kind_name(f->kind));
		json_kv_string(j, "fingerprint", fp);
		json_kv_string(j, "function", f->function);
		if (f->kind == CHECK_EDGE)
			json_kv_string(j, "callee", f->callee);
		json_kv_string(j, "file", f->file);
		json_kv_uint(j, "line", f->line);
		if (f->kind == CHECK_ASM) {
			json_kv_string(j, "spelling_file", f->spelling_file);
			json_kv_uint(j, "spelling_line", f->spelling_line);
			json_kv_string(j, "asm_kind", f->asm_kind);
			json_kv_uint(j, "gcc_count", f->gcc_count);
			json_kv_uint(j, "est_insns", f->est_insns);
		}
		if (f->kind == CHECK_EDGE && f->state == CHECK_UNVERIFIED)
			json_kv_string(j, "unverified_why", unverified_why(f));
		if (f->state == CHECK_CONTEXT)
			json_kv_string(j, "context_why", context_why(f));
		if (f->kind == CHECK_EDGE && f->found) {
			json_kv_int(j, "callee_size", f->callee_size);
			json_kv_string(j, "limit_name", f->limit_name);
			json_kv_int(j, "limit_value", f->limit_value);
			json_kv_int(j, "overcount", f->overcount);
		}
		if (f->kind == CHECK_COPY && f->copy_from != CHECK_COPY_FROM_UNKNOWN)
			json_kv_string(j, "copies_from",
				       f->copy_from == CHECK_COPY_FROM_DWARF ? "dwarf"
									  : "symbols");
		if (f->kind == CHECK_COPY)
			json_kv_uint(j, "bytes", f->bytes);
		json_kv_uint(j, f->kind == CHECK_COPY ? "copies" : "units", f->units);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

/* A copy only the symbols saw is ASM002, as in the summary's log. */
enum { CHECK_RULE_DUPLICATE = CHECK_KINDS, CHECK_RULES };

/* No defaultConfiguration: a result's level depends on its state. */
static const struct render_sarif_rule check_rules[CHECK_RULES] = {
	[CHECK_ASM] = { "ASM006", "OvercountedAsmStatement",
		"GCC's inliner charges this asm statement (one per template line) at least the plugin's threshold more than the instructions it emits; asm_inline would charge 1 (asminline plugin records).", NULL },
	[CHECK_EDGE] = { "ASM007", "CallBlockedByAsm",
		"GCC refused to inline this call for size, and would not have with the callee's over-counted asm charged what it emits (asminline plugin edge records).", NULL },
	[CHECK_COPY] = RENDER_SARIF_RULE_ASM001(NULL),
	[CHECK_RULE_DUPLICATE] = RENDER_SARIF_RULE_ASM002(NULL),
};

static unsigned rule_of(const struct check_finding *f)
{
	if (f->kind == CHECK_COPY && f->copy_from == CHECK_COPY_FROM_SYMBOLS)
		return CHECK_RULE_DUPLICATE;
	return f->kind;
}

static void sarif_result(struct json *j, const struct check_finding *f)
{
	char msg[1024], fp[17];

	message(msg, sizeof(msg), f);
	snprintf(fp, sizeof(fp), "%016" PRIx64, f->fp);
	json_object_begin(j);
	json_kv_string(j, "ruleId", check_rules[rule_of(f)].id);
	json_kv_uint(j, "ruleIndex", rule_of(f));
	/* Unverified: neither side's verdict can be trusted against the other. */
	json_kv_string(j, "kind", f->state == CHECK_FIXED ? "pass"
				  : f->state == CHECK_UNVERIFIED ||
					    f->state == CHECK_CONTEXT
					    ? "informational"
					    : "fail");
	json_kv_string(j, "level", f->state == CHECK_NEW ? "warning"
				   : f->state == CHECK_FIXED ? "none" : "note");
	if (f->state != CHECK_UNVERIFIED)
		json_kv_string(j, "baselineState",
			       f->state == CHECK_NEW || f->state == CHECK_CONTEXT
				       ? "new"
			       : f->state == CHECK_UNCHANGED ? "unchanged"
							     : "absent");
	if (f->state == CHECK_CONTEXT) {
		char text[1200];

		snprintf(text, sizeof(text), "context: %s (%s)", msg,
			 context_why(f));
		render_sarif_message(j, text);
	} else if (f->state == CHECK_UNVERIFIED) {
		char text[1200];

		snprintf(text, sizeof(text), "unverified: %s (%s)", msg,
			 unverified_why(f));
		render_sarif_message(j, text);
	} else {
		render_sarif_message(j, msg);
	}
	json_key(j, "partialFingerprints");
	json_object_begin(j);
	json_kv_string(j, "asminline/v1", fp);
	json_object_end(j);
	render_sarif_locations(j, f->file && *f->file ? f->file : NULL, f->line,
			       f->function);
	json_object_end(j);
}

static void check_sarif(FILE *out, const struct check_report *c)
{
	struct json j;

	render_sarif_begin(&j, out, c->rep->opts->pretty, check_rules,
			   CHECK_RULES);
	for (size_t i = 0; i < c->n; i++)
		if (check_listed(&c->v[i]))
			sarif_result(&j, &c->v[i]);
	render_sarif_end(&j, NULL, 0);
}

/* The JSON document: the objects read, the copies (--copies), "check". */
static void check_document(FILE *out, const struct check_report *c)
{
	const struct report *rep = c->rep;
	struct json j;

	render_json_begin(&j, out, rep->opts->pretty, render_verb(rep));
	render_json_objects(&j, rep);
	if (rep->opts->want & ASMSCAN_WANT_COPIES)
		render_json_copies(&j, rep);
	check_json(&j, c);
	render_json_end(&j);
}

void render_check(FILE *out, void *arg)
{
	const struct check_report *c = arg;
	const struct asmscan_options *opts = c->rep->opts;

	if (render_withheld(out, opts->format, opts->pretty,
			    render_verb(c->rep)))
		return;
	switch (opts->format) {
	case ASMSCAN_FORMAT_TEXT:
		check_text(out, c);
		break;
	case ASMSCAN_FORMAT_JSON:
		check_document(out, c);
		break;
	case ASMSCAN_FORMAT_SARIF:
		check_sarif(out, c);
		break;
	case ASMSCAN_FORMAT_BLOAT:	/* diff only (options_apply) */
	case ASMSCAN_FORMAT_BLOAT_6_1:
	case ASMSCAN_FORMAT_EVIDENCE:
		break;
	}
}
