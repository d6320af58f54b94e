// SPDX-License-Identifier: GPL-2.0
/*
 * render-sarif-log.c — the SARIF 2.1.0 skeleton both SARIF logs of
 * asmscan share (render-sarif.c for the summary verbs, check/render-check.c
 * for check): one run whose tool.driver lists the caller's rules, the results
 * the caller writes in between, and an invocation that carries every
 * problem with the inputs as a toolExecutionNotification; and the log of
 * a run that did not finish (render_sarif_failed).  Also the pieces a
 * result is made of: a message and its locations.
 */
#include "render.h"

#include <string.h>

#include "errors.h"
#include "json.h"

/* A relative path is a relative URI reference; absolute ones get file://. */
static void sarif_uri(char *buf, size_t len, const char *path)
{
	size_t o = 0;

	if (path[0] == '/' && len > 8) {
		memcpy(buf, "file://", 7);
		o = 7;
	}
	for (const unsigned char *p = (const unsigned char *)path;
	     *p && o + 4 < len; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("/-._~+,=@:", *p))
			buf[o++] = (char)*p;
		else
			o += (size_t)snprintf(buf + o, len - o, "%%%02X", *p);
	}
	buf[o] = '\0';
}

/* "physicalLocation": the file as a URI, and its line when known. */
static void sarif_physical(struct json *j, const char *path, uint32_t line)
{
	char u[2048];

	json_key(j, "physicalLocation");
	json_object_begin(j);
	json_key(j, "artifactLocation");
	json_object_begin(j);
	sarif_uri(u, sizeof(u), path);
	json_kv_string(j, "uri", u);
	json_object_end(j);
	if (line) {
		json_key(j, "region");
		json_object_begin(j);
		json_kv_uint(j, "startLine", line);
		json_object_end(j);
	}
	json_object_end(j);
}

void render_sarif_message(struct json *j, const char *text)
{
	json_key(j, "message");
	json_object_begin(j);
	json_kv_string(j, "text", text);
	json_object_end(j);
}

void render_sarif_locations(struct json *j, const char *path, uint32_t line,
			    const char *function)
{
	json_key(j, "locations");
	json_array_begin(j);
	json_object_begin(j);
	if (path)
		sarif_physical(j, path, line);
	json_key(j, "logicalLocations");
	json_array_begin(j);
	json_object_begin(j);
	json_kv_string(j, "name", function);
	json_kv_string(j, "kind", "function");
	json_object_end(j);
	json_array_end(j);
	json_object_end(j);
	json_array_end(j);
}

/* The log up to the run's tool; the run object left open. */
static void sarif_head(struct json *j, FILE *out, bool pretty,
		       const struct render_sarif_rule *rules, size_t nrules)
{
	json_init(j, out, pretty);
	json_object_begin(j);
	json_kv_string(j, "$schema",
		       "https://json.schemastore.org/sarif-2.1.0.json");
	json_kv_string(j, "version", "2.1.0");
	json_key(j, "runs");
	json_array_begin(j);
	json_object_begin(j);
	json_key(j, "tool");
	json_object_begin(j);
	json_key(j, "driver");
	json_object_begin(j);
	json_kv_string(j, "name", "asmscan");
	json_kv_string(j, "version", ASMSCAN_VERSION);
	json_key(j, "rules");
	json_array_begin(j);
	for (size_t r = 0; r < nrules; r++) {
		json_object_begin(j);
		json_kv_string(j, "id", rules[r].id);
		json_kv_string(j, "name", rules[r].name);
		json_key(j, "shortDescription");
		json_object_begin(j);
		json_kv_string(j, "text", rules[r].text);
		json_object_end(j);
		if (rules[r].level) {
			json_key(j, "defaultConfiguration");
			json_object_begin(j);
			json_kv_string(j, "level", rules[r].level);
			json_object_end(j);
		}
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
	json_object_end(j);
}

void render_sarif_begin(struct json *j, FILE *out, bool pretty,
			const struct render_sarif_rule *rules, size_t nrules)
{
	sarif_head(j, out, pretty, rules, nrules);
	json_key(j, "results");
	json_array_begin(j);
}

static void sarif_notification(struct json *j, const char *level,
			       const char *file, const char *text)
{
	json_object_begin(j);
	json_kv_string(j, "level", level);
	render_sarif_message(j, text);
	json_key(j, "locations");
	json_array_begin(j);
	json_object_begin(j);
	sarif_physical(j, file, 0);
	json_object_end(j);
	json_array_end(j);
	json_object_end(j);
}

/*
 * The problems asmscan reported on stderr, with the file each is about,
 * then the caller's notes.
 */
static void sarif_notifications(struct json *j,
				const struct render_sarif_note *notes,
				size_t nnotes)
{
	const struct asmscan_msgs *m = asmscan_reported();
	char text[2048];

	json_key(j, "toolExecutionNotifications");
	json_array_begin(j);
	for (size_t i = 0; i < m->n; i++) {
		const struct asmscan_msg *msg = &m->v[i];

		snprintf(text, sizeof(text), "%s%s%s", msg->what,
			 msg->why ? ": " : "", msg->why ? msg->why : "");
		sarif_notification(j, msg->severity == ASMSCAN_ERROR ? "error"
								     : "note",
				   msg->file, text);
	}
	for (size_t i = 0; i < nnotes; i++)
		sarif_notification(j, "note", notes[i].file, notes[i].text);
	json_array_end(j);
}

/* The invocation, then the run and the log closed. */
static void sarif_tail(struct json *j, const struct render_sarif_note *notes,
		       size_t nnotes)
{
	json_key(j, "invocations");
	json_array_begin(j);
	json_object_begin(j);
	json_kv_bool(j, "executionSuccessful",
		     asmscan_status() == ASMSCAN_EXIT_OK);
	sarif_notifications(j, notes, nnotes);
	json_object_end(j);
	json_array_end(j);
	json_object_end(j);
	json_array_end(j);
	json_object_end(j);
}

void render_sarif_end(struct json *j, const struct render_sarif_note *notes,
		      size_t nnotes)
{
	json_array_end(j);	/* the results */
	sarif_tail(j, notes, nnotes);
}

/*
 * SARIF 2.1.0, the run object's "results": null says that the tool did
 * not finish its analysis, where an empty array says it found nothing.
 */
void render_sarif_failed(FILE *out, bool pretty)
{
	struct json j;

	sarif_head(&j, out, pretty, NULL, 0);
	json_key(&j, "results");
	json_null(&j);
	sarif_tail(&j, NULL, 0);
}
