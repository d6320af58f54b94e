/* SPDX-License-Identifier: GPL-2.0 */
/*
 * records.h — the records asminline.so embeds in .comment (docs/reference/format.md,
 * "Embedded records"), read back: every "asminline/1 " string of an object
 * is parsed (jsonread.h), checked against its id (FNV-1a-64 of the JSON
 * text) and put together as the plugin wrote it:
 *
 *	unit --stmts--> stmt --site--> site	(a flagged statement)
 *	unit --edges--> edge --fingerprints--> stmts of the same unit
 *
 * What the verbs use: `sites` groups stmts by their site's spelling
 * location; `check` takes (unit tu, stmt) pairs and blocked-by-asm edges
 * with their fingerprints as findings; a patch writer takes the sites'
 * spelling_file/spelling_line, template and asm_inline.  Nothing here
 * prints or knows about ELF: records_read() gets the bytes of one
 * .comment section and the name to put in messages.
 *
 * Invariants: records are keyed by id across every file read, so a stmt,
 * site or edge string that several objects hold (a header's static inline
 * in many units; vmlinux and the objects it was linked from) is one
 * struct, and a unit string read twice is one unit.  A file's records are
 * merged only when all of them are well formed and every id a unit or a
 * stmt names is in that same file; otherwise none is, and one error says
 * why (exit 2).  Strings of an unknown embedding version are skipped, with
 * one note per file.  No global state.
 */
#ifndef ASMSCAN_RECORDS_H
#define ASMSCAN_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "asmscan.h"
#include "errors.h"
#include "util.h"

#define RECORDS_PREFIX "asminline/"
#define RECORDS_VERSION 1

/* What a statement is: the same for every expansion of one asm. */
struct rec_site {
	uint64_t id;
	const char *spelling_file;	/* where the asm keyword is written */
	uint32_t spelling_line;
	const char *arch;
	const char *tpl;		/* "template", raw */
	const char *kind;
	uint32_t gcc_count, str_count, est_insns, other_insns, pad_uncertain;
	bool basic, asm_inline, is_volatile, is_goto, flagged, applied;
	const char *const *sections;
	size_t nsections;
};

/* Where one flagged statement is (the same string in every unit). */
struct rec_stmt {
	uint64_t id;
	const struct rec_site *site;
	const char *function;		/* C name, no clone suffix */
	const char *file;		/* expansion point, as DWARF sees it */
	uint32_t line, column;
	uint64_t fingerprint;
	/* file as GCC named it: srctree/file when the unit that listed it
	 * first has a srctree and file is relative to it (docs/reference/format.md);
	 * what DWARF line tables hold */
	const char *gcc_file;
};

/* A call the plugin attributed to over-counted asm (report's edge record). */
struct rec_edge {
	uint64_t id;
	const char *tu, *caller, *inlined_into, *callee, *callee_symbol;
	const char *file;		/* the call */
	uint32_t line, column;
	const char *reason, *verdict, *via, *measured_at;
	const char *unit_rerun;		/* the unit's re-run; "" when absent */
	bool blocked;			/* verdict "blocked-by-asm" */
	int64_t callee_size, growth, overcount, asm_count;
	const char *limit_name;
	int64_t limit_value;
	const uint64_t *fingerprints;
	size_t nfingerprints;
	int64_t fingerprints_dropped;
};

/*
 * One item of the sites= argument of a mode=apply unit (docs/reference/format.md,
 * the unit record's "sites"): as typed, the statements of the unit spelled
 * at that line, and how many of them (the flagged ones) were marked.
 */
struct rec_site_req {
	const char *site;		/* "FILE:LINE" */
	int64_t statements, applied;
};

/* One translation unit the plugin compiled. */
struct rec_unit {
	uint64_t id;
	const char *tu, *arch, *plugin, *mode;
	const char *srctree;		/* names are relative to it; "": GCC's */
	const char *rerun;		/* "done", "failed" ...; "" when absent */
	const char *rerun_error;	/* with "failed", "timeout"; else "" */
	int64_t threshold, statements, asm_inline, flagged, applied;
	int64_t gcc_count, est_insns, overcount;
	const struct rec_stmt *const *stmts;	/* in visit order */
	size_t nstmts;
	const struct rec_edge *const *edges;	/* an id listed twice: twice */
	size_t nedges;
	const struct rec_site_req *site_reqs;	/* sites=, in its order */
	size_t nsite_reqs;
	size_t file;			/* index in records.files it came from */
};

/* What one records_read() found. */
struct rec_file {
	const char *name;
	size_t units, new_units;	/* unit strings; of them not seen before */
	size_t strings;			/* asminline/1 strings */
	size_t unknown_version;		/* asminline/N strings skipped */
	const struct rec_stmt **stmts;	/* the stmts its units list, unique */
	size_t nstmts;
};

struct rec_idmap {
	struct rec_idslot *slots;
	size_t cap, len;
};

struct records {
	struct rec_unit **units;	/* in reading order */
	size_t nunits, capunits;
	struct rec_site **sites;
	size_t nsites, capsites;
	struct rec_stmt **stmts;
	size_t nstmts, capstmts;
	struct rec_edge **edges;
	size_t nedges, capedges;
	struct rec_file *files;
	size_t nfiles, capfiles;
	struct rec_idmap by_id;		/* every kind: ids of distinct texts */
	struct arena arena;
};

/*
 * Read the .comment bytes data[0..len) of the file called name.  Messages
 * (the malformed-record error, the unknown-version note) go to msgs,
 * naming name.  Returns false on a malformed record (nothing of the file
 * is kept).  A file without records reads fine, with records->files[i]
 * saying so.
 */
bool records_read(struct records *r, const char *name,
		  const unsigned char *data, size_t len,
		  struct asmscan_msgs *msgs);
void records_free(struct records *r);

/*
 * GCC's name of a record's file: srctree "/" name when srctree is not ""
 * and name is relative to it (not "", not absolute, no leading "./" or
 * "../"), else name; in a when joined.
 */
const char *records_gcc_name(struct arena *a, const char *srctree,
			     const char *name);

/* FNV-1a-64 (docs/reference/format.md): the id of a string's JSON text. */
uint64_t records_fnv1a(const void *data, size_t len);

/*
 * A unit record's "rerun" (or an edge record's "unit_rerun"): true when
 * the inliner's re-run was needed and gave no answer ("failed",
 * "timeout").  Then the unit's edge verdicts are the plugin's rule's, not
 * the re-run's, and may differ from those of a compile whose re-run
 * answered (docs/design/edges.md): every verb that shows verdicts says how many
 * units were judged so.
 */
bool records_rerun_unanswered(const char *rerun);

/* The units of r judged by the rule, and their edge records. */
struct rec_rule_units {
	const struct rec_unit **v;	/* in reading order; malloc'd */
	size_t n;
	size_t edges, blocked;		/* their edge records; blocked-by-asm */
};
void records_rule_units(const struct records *r, struct rec_rule_units *ru);
void records_rule_units_free(struct rec_rule_units *ru);

#endif /* ASMSCAN_RECORDS_H */
