/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h — what a run found, object by object and across objects: the
 * rows every analysis fills (calls.h, copies.h, table-rows.h, sites.h)
 * and the renderers and the verbs print, in one struct report.  analysis.h
 * fills it; report.c holds the two helpers every analysis uses.
 */
#ifndef ASMSCAN_REPORT_H
#define ASMSCAN_REPORT_H

#include "asmscan.h"
#include "input.h"
#include "object.h"
#include "records.h"
#include "site-rows.h"

struct calls_tally;
struct copies_tally;

/* A function of one object: where rows point. */
struct func_ref {
	struct object *obj;
	struct obj_func *func;		/* NULL: not a known function */
};

enum callee_class {
	CALLEE_PLAIN,
	CALLEE_FTRACE,			/* __fentry__: patched at boot */
	CALLEE_THUNK,			/* __x86_indirect_thunk_*: an indirect call */
	CALLEE_TRAMPOLINE,		/* __SCT__*: a static call, patched at run time */
	CALLEE_PLACEHOLDER,		/* BUG_func: an alternative call's stand-in */
	CALLEE_FAILURE,			/* noreturn, fortify, UBSan/KASAN reports,
					 * Rust's panics */
	CALLEE_VENEER,			/* a linker stub (arm64 e843419@, *_veneer) */
};

struct callee_row {
	struct func_ref ref;
	const char *name;		/* "name", "name+0x12", or extern name */
	uint64_t target;		/* flat, when ref.obj && has_target */
	bool has_target;
	enum callee_class cls;
	uint64_t sites, callers;	/* call sites; distinct calling functions */
	uint64_t tail_calls;		/* jmps to its start from other functions */
	bool tiny;			/* body <= max_insns (known body only) */
};

struct calls_report {
	uint64_t sites;			/* every direct call (after --function) */
	uint64_t tail_calls;
	uint64_t sites_unknown;		/* to undefined symbols nobody defines */
	uint64_t tiny_sites, tiny_tail_calls, tiny_callees;
	uint64_t ftrace_sites, thunk_sites, trampoline_sites;
	uint64_t placeholder_sites, failure_sites;
	uint64_t veneer_sites;		/* calls and jumps to linker stubs */
	struct callee_row *rows;	/* sites descending, then name */
	size_t nrows;
	struct calls_tally *tally;	/* while the objects are read */
};

enum clone_kind {
	CLONE_ISRA,
	CLONE_CONSTPROP,
	CLONE_PART,
	CLONE_COLD,
	CLONE_OTHER,			/* .lto_priv, .localalias, ... */
	CLONE_KINDS,
};

struct copy_entry {
	struct func_ref ref;
	const char *symbol;		/* its symbol name (a clone has one) */
	uint64_t addr, size;		/* flat */
	const char *unit;		/* DWARF unit, STT_FILE, or object */
	uint64_t call_sites, tail_calls;
};

struct copy_group {
	const char *name;		/* function (DWARF) or base name */
	const char *decl_file;
	uint32_t decl_line;
	struct copy_entry *copies;
	size_t ncopies;
	uint64_t bytes, call_sites, tail_calls;
	unsigned kinds;			/* clones: 1 << CLONE_* present */
	uint64_t kind_count[CLONE_KINDS];
};

struct copies_report {
	bool dwarf;			/* some object had DWARF */
	size_t objects_without_dwarf;
	struct copy_group *dwarf_groups;	/* declared inline, out of line */
	size_t ndwarf;
	struct copy_group *dups;	/* a local name defined more than once */
	size_t ndups;
	struct copy_group *clones;	/* by base name */
	size_t nclones;
	uint64_t dwarf_copies, dwarf_bytes;
	uint64_t dup_defs, dup_bytes;
	uint64_t clone_syms, clone_bytes, clone_kind_count[CLONE_KINDS];
	/* fragment.h: .cold and .part symbols tied to their functions,
	 * neither copies nor clones */
	uint64_t fragments_cold, fragments_part, fragment_bytes;
	struct arena names;		/* base names of clone groups */
	struct copies_tally *tally;	/* while the objects are read */
};

struct table_row {
	struct func_ref ref;
	uint64_t counts[TABLE_COUNT];
	uint64_t total;
	bool copy;
};

struct tables_report {
	struct table_result totals[TABLE_COUNT];	/* summed over objects */
	size_t refused[TABLE_COUNT];	/* objects whose table was refused */
	uint64_t in_copies[TABLE_COUNT];
	bool copies_from_dwarf;
	struct table_row *rows;		/* total descending */
	size_t nrows;
};

struct object_summary {
	size_t objects, by_type[4];	/* ET_NONE.. ET_DYN */
	size_t failed, with_dwarf, dwarf_failed, without_symtab;
	uint64_t funcs, insns, bad_bytes, dwarf_units;
	uint64_t unknown_insns, unknown_bytes, pad_bytes;
};

struct report {
	const struct asmscan_options *opts;
	struct object *objs;
	size_t nobjs;
	struct object_summary sum;
	struct calls_report calls;
	struct copies_report copies;
	struct tables_report tables;
	struct records records;		/* the plugin's, from every input */
	struct sites_report sites;
};

/* --function: does name match (always true without globs)? */
bool analysis_selected(const struct asmscan_options *opts, const char *name);

/* DWARF declaration of a row's function, when there is one. */
void analysis_locate(struct func_ref *ref);

/*
 * Two builds compared (diff, check --against): side[0] OLD and side[1]
 * NEW, read from the inputs name[0] and name[1]; failed[i] when reading
 * side i reported an error already.  Each side must hold an object, and
 * both must be of one machine: calls, copies, sizes and fingerprints of
 * an x86-64 build mean nothing against an AArch64 one.  Otherwise an
 * error naming the input ("asmscan: NEW: cannot compare: ...") and
 * false.
 */
bool analysis_comparable(const struct report *const side[2],
			 const char *const name[2], const bool failed[2]);

#endif /* ASMSCAN_REPORT_H */
