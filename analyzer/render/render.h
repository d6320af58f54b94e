/* SPDX-License-Identifier: GPL-2.0 */
/*
 * render.h — printers of a finished report.  Each takes a FILE * (tests
 * point it at open_memstream) and reads only the report: no analysis
 * happens while printing, except looking up the DWARF declaration of the
 * functions a table actually shows.
 */
#ifndef ASMSCAN_RENDER_H
#define ASMSCAN_RENDER_H

#include <stdio.h>

#include "report.h"

/*
 * 2: callee classes "placeholder" and "failure" (no longer tiny), table
 * entries without the unusual ones (new "unusual", "layout" fields),
 * padding symbols folded into their functions (docs/reference/asmscan.md).
 */
#define ASMSCAN_JSON_FORMAT_VERSION 3

/* The report (a struct report *) in its format, for output_write(). */
void render_report(FILE *out, void *arg);
/*
 * After an input error a verb prints no result: one computed without an
 * input, or from inputs that do not match, would look complete.  True
 * when an error was reported; then out has nothing in the text formats
 * (text, bloat-o-meter, evidence, a patch) and, in JSON and SARIF, a
 * document that holds only the problems: JSON's frame with "errors" and
 * "notes", a SARIF run whose "results" is null (the tool did not finish)
 * with executionSuccessful false and the notifications.
 */
bool render_withheld(FILE *out, enum asmscan_format format, bool pretty,
		     const char *verb);
void render_text(FILE *out, struct report *rep);
void render_json(FILE *out, struct report *rep);
void render_sarif(FILE *out, struct report *rep);

/* The sites part (render-sites.c). */
struct json;
void render_sites_text(FILE *out, const struct report *rep);
void render_sites_json(struct json *j, const struct report *rep);
/*
 * What a unit whose inliner re-run gave no answer says, wherever its
 * verdicts are shown: "the inliner's re-run gave no answer in this unit
 * (failed: WHY): the plugin's rule judged its N refused calls".
 */
void render_rule_unit(char *buf, size_t len, const struct rec_unit *u);

/*
 * The SARIF log render-sarif.c and check's printers share
 * (render-sarif-log.c): begin writes the run up to its "results" array,
 * the caller writes the results, end closes them with the invocation and
 * its notifications.  A rule without a level has no defaultConfiguration.
 */
struct render_sarif_rule {
	const char *id, *name, *text, *level;
};
/* ASM001, a rule of both logs: the same text wherever it is listed. */
#define RENDER_SARIF_RULE_ASM001(level) { "ASM001", "OutOfLineInlineCopy", \
	"A function declared inline exists out of line (DWARF: a concrete instance of an abstract subprogram with DW_AT_inline).", \
	level }
/* ASM002, the same: a name the symbols show, DWARF no inline mark. */
#define RENDER_SARIF_RULE_ASM002(level) { "ASM002", "DuplicateLocalFunction", \
	"A local function name is defined more than once (symbols): typically a static inline function of a header emitted out of line in several units.", \
	level }
void render_sarif_begin(struct json *j, FILE *out, bool pretty,
			const struct render_sarif_rule *rules, size_t nrules);
/* A notification of the caller's besides the reported problems. */
struct render_sarif_note {
	const char *file, *text;
};
void render_sarif_end(struct json *j, const struct render_sarif_note *notes,
		      size_t nnotes);
/* A log of a run that did not finish: no rules, "results": null. */
void render_sarif_failed(FILE *out, bool pretty);
/* A result's "message", and its "locations": PATH (none if NULL) with
 * LINE (none if 0), and FUNCTION as the logical location. */
void render_sarif_message(struct json *j, const char *text);
void render_sarif_locations(struct json *j, const char *path, uint32_t line,
			    const char *function);

/* Shared by the renderers (render-common.c). */
const char *render_type_name(unsigned type);
/* A callee's class as JSON names it: plain, ftrace, thunk, static-call. */
const char *render_callee_class(enum callee_class c);
/* The address to print: flat in vmlinux, st_value-like in a .o. */
uint64_t render_addr(const struct object *o, uint64_t flat,
		     const char **section);
/* "file:line" of a function's declaration, else its unit or object. */
void render_where(struct func_ref *ref, char *buf, size_t len);
/* The verb's name as the documents give it. */
const char *render_verb(const struct report *rep);

/* Parts of the text and JSON reports the diff renderers reuse. */
void render_text_inputs(FILE *out, const struct report *rep);
/* A JSON document's frame: format_version, tool, verb ... errors, notes. */
void render_json_begin(struct json *j, FILE *out, bool pretty,
		       const char *verb);
void render_json_end(struct json *j);
/* Its "objects" list and its "errors" and "notes" lists. */
void render_json_objects(struct json *j, const struct report *rep);
void render_json_messages(struct json *j);
/* The "copies" part of the summary (check --copies prints it too). */
void render_json_copies(struct json *j, const struct report *rep);

#endif /* ASMSCAN_RENDER_H */
