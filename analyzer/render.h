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

#include "analysis.h"

#define ASMSCAN_JSON_FORMAT_VERSION 1

void render_text(FILE *out, struct report *rep);
void render_json(FILE *out, struct report *rep);
void render_sarif(FILE *out, struct report *rep);

/* The sites part (render-sites.c). */
struct json;
void render_sites_text(FILE *out, const struct report *rep);
void render_sites_json(struct json *j, const struct report *rep);

/* Shared by the renderers (render-common.c). */
const char *render_type_name(unsigned type);
/* The address to print: flat in vmlinux, st_value-like in a .o. */
uint64_t render_addr(const struct object *o, uint64_t flat,
		     const char **section);
/* "file:line" of a function's declaration, else its unit or object. */
void render_where(struct func_ref *ref, char *buf, size_t len);
/* The verb's name as the documents give it. */
const char *render_verb(const struct report *rep);

/* Parts of the text and JSON reports the diff renderers reuse. */
struct json;
void render_text_inputs(FILE *out, const struct report *rep);
void render_json_objects(struct json *j, const struct report *rep);
void render_json_messages(struct json *j);

#endif /* ASMSCAN_RENDER_H */
