/* SPDX-License-Identifier: GPL-2.0 */
/*
 * plugin-state.h — the plugin's state for one compiler run (one
 * translation unit), handed to every part.
 *
 * Lifetime: made in plugin_init, torn down at PLUGIN_FINISH.  The asmtpl
 * context is created on the first function, after the front end has seen
 * every top-level asm, so that .macro definitions made there are known.
 *
 * Layering: this header sits in base/ and includes base/ only.  The state
 * a higher part owns (the edges, the embedded records, the flagged sites)
 * is a pointer to a type that part declares; asminline.cc allocates it.
 */
#ifndef ASMINLINE_PLUGIN_STATE_H
#define ASMINLINE_PLUGIN_STATE_H

#include "gcc-compat.h"
#include "options.h"
#include "report.h"
#include "json-buf.h"
#include "fingerprint.h"
#include "srcpath.h"

struct edges_state;
struct embed_unit;
struct asm_sites;
struct asm_shapes;

struct asminline_plugin {
	const char *plugin_name;	/* -fplugin's base name, for callbacks */
	struct asminline_options opts;
	/*
	 * The target the unit's asm is assembled for: the GCC's family from
	 * plugin_init, refined at the start of the unit (target.cc).
	 */
	enum asmtpl_arch arch;
	struct asmtpl_ctx *tpl_ctx;	/* NULL until the first function */
	struct report report;		/* fd -1 without report=PATH */
	struct json_buf line;		/* one record, reused */
	struct json_buf where;		/* a statement's where fields, reused */
	struct json_buf asm_head;	/* the unit's asm lines' first fields */
	struct asm_shapes *shapes;	/* site fields rendered (asm/asm-pass.cc) */
	struct fingerprint_seen seen;	/* ordinals within the current function */
	unsigned long nstmts;		/* statements visited in this TU */
	unsigned long nflagged;
	struct edges_state *edges;	/* edge records (edges/edges.cc) */
	struct embed_unit *embed;	/* embed=1: this unit's .comment strings */
	struct asm_sites *sites;	/* flagged sites, reported at unit end */
	struct srcpath paths;		/* file names as records write them */
	const char *main_abs;		/* the main input file, absolute */
	const char *tu;			/* and as records write it */
	unsigned long nunreported;	/* flagged, spelled elsewhere: diag-scope */
	/* sites=: per wanted site, statements spelled there and applied */
	unsigned long *site_stmts, *site_applied;
};

#endif /* ASMINLINE_PLUGIN_STATE_H */
