/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline.h — the plugin's state for one compiler run (one translation
 * unit) and the entry points its parts offer each other.
 *
 * Lifetime: made in plugin_init, torn down at PLUGIN_FINISH.  The asmtpl
 * context is created on the first function, after the front end has seen
 * every top-level asm, so that .macro definitions made there are known.
 */
#ifndef ASMINLINE_ASMINLINE_H
#define ASMINLINE_ASMINLINE_H

#include "gcc-compat.h"
#include "options.h"
#include "report.h"
#include "json-buf.h"
#include "fingerprint.h"
#include "asm-record.h"
#include "edges.h"
#include "embed.h"
#include "asm-diag.h"
#include "srcpath.h"

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
	struct fingerprint_seen seen;	/* ordinals within the current function */
	unsigned long nstmts;		/* statements visited in this TU */
	unsigned long nflagged;
	struct edges_state *edges;	/* edge records (edges.cc) */
	struct embed_unit embed;	/* embed=1: this unit's .comment strings */
	struct asm_sites sites;		/* flagged sites, reported at unit end */
	struct srcpath paths;		/* file names as records write them */
	const char *main_abs;		/* the main input file, absolute */
	const char *tu;			/* and as records write it */
	unsigned long nunreported;	/* flagged, spelled elsewhere: diag-scope */
	/* sites=: per wanted site, statements spelled there and applied */
	unsigned long *site_stmts, *site_applied;
};

/*
 * target.cc: the target of this unit's code for a plugin built for
 * family (i386 or i386-code16 for an x86_64 GCC run with -m32 or -m16).
 */
enum asmtpl_arch asminline_target_arch(enum asmtpl_arch family);

/* asm-pass.cc: the GIMPLE pass inserted after "cfg". */
opt_pass *asm_pass_create(gcc::context *ctxt, struct asminline_plugin *pl);
/* asm-pass.cc: free what the pass allocated (PLUGIN_FINISH). */
void asm_pass_finish(struct asminline_plugin *pl);

/* asm-diag.cc: one note or warning per flagged site, at the unit's end. */
void asm_diag_finish_unit(struct asminline_plugin *pl);

/* embed.cc: write the unit's records into the assembler output. */
void embed_finish_unit(struct asminline_plugin *pl);

#endif /* ASMINLINE_ASMINLINE_H */
