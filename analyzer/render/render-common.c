// SPDX-License-Identifier: GPL-2.0
/*
 * render-common.c — small helpers every renderer needs, kept in one place
 * so the three formats name and place things the same way.
 */
#include "render.h"

#include <gelf.h>
#include <inttypes.h>

const char *render_type_name(unsigned type)
{
	switch (type) {
	case ET_REL:
		return "relocatable";
	case ET_EXEC:
		return "executable";
	case ET_DYN:
		return "shared object";
	default:
		return "other";
	}
}

const char *render_callee_class(enum callee_class c)
{
	switch (c) {
	case CALLEE_FTRACE:
		return "ftrace";
	case CALLEE_THUNK:
		return "thunk";
	case CALLEE_TRAMPOLINE:
		return "static-call";
	case CALLEE_PLACEHOLDER:
		return "placeholder";
	case CALLEE_FAILURE:
		return "failure";
	case CALLEE_VENEER:
		return "veneer";
	default:
		return "plain";
	}
}

uint64_t render_addr(const struct object *o, uint64_t flat,
		     const char **section)
{
	uint32_t s = object_section_at(o, flat);

	*section = s ? o->secs[s].name : NULL;
	if (o->type != ET_REL || !s)
		return flat;
	return flat - o->secs[s].addr;
}

void render_where(struct func_ref *ref, char *buf, size_t len)
{
	struct obj_func *f = ref->func;

	buf[0] = '\0';
	if (!ref->obj)
		return;
	if (f) {
		analysis_locate(ref);
		if (f->decl_file) {
			if (f->decl_line)
				snprintf(buf, len, "%s:%" PRIu32, f->decl_file,
					 f->decl_line);
			else
				snprintf(buf, len, "%s", f->decl_file);
			return;
		}
		if (f->cu || f->file) {
			snprintf(buf, len, "%s", f->cu ? f->cu : f->file);
			return;
		}
	}
	/* A .o names its unit; vmlinux itself says nothing more. */
	if (ref->obj->type == ET_REL)
		snprintf(buf, len, "%s", ref->obj->name);
}

const char *render_verb(const struct report *rep)
{
	return rep->opts->verb_name ? rep->opts->verb_name : "summary";
}
