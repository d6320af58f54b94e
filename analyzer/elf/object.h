/* SPDX-License-Identifier: GPL-2.0 */
/*
 * object.h — one ELF64 x86-64 or AArch64 object as the analyses see it: its sections,
 * its symbols, its functions, the relocations of a relocatable object, and
 * the results each analysis leaves in it.
 *
 * Addresses: every byte of an allocated section has one "flat" address.
 * In vmlinux (ET_EXEC/ET_DYN) that is its virtual address.  In a .o/.ko
 * (ET_REL) sections all start at 0, so each allocated section gets a
 * synthetic base (laid out in section order, aligned) and flat = base +
 * offset; what is printed for a .o is the symbol's st_value and section,
 * as nm shows it.  Lookups by address therefore never mix two sections.
 *
 * Padding symbols: with CONFIG_CALL_PADDING (call depth tracking, FineIBT)
 * objtool writes an STT_FUNC "__pfx_NAME" over the 16 NOPs in front of
 * each function, and Clang's kCFI a "__cfi_NAME" over its type hash there:
 * 51,495 of them in Debian's 6.12 vmlinux, half the STT_FUNC symbols, all
 * of the local ones after the last object's STT_FILE (usercopy_64.c).
 * They are not functions: each is folded into the function that starts
 * where it ends (obj_func.pad), so an address in the padding belongs to
 * that function and no analysis ever names the padding symbol.
 *
 * Lifetime: object_open() maps the file and reads sections and symbols;
 * the analyses fill their parts (disasm.c, dwarf.c, tables.c), possibly in
 * several threads that write disjoint parts; object_close_image() drops
 * the mapping, the libelf handle and the relocations but keeps names and
 * results (strings live in the object's arena).
 */
#ifndef ASMSCAN_OBJECT_H
#define ASMSCAN_OBJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <gelf.h>

#include "asmscan.h"
#include "errors.h"
#include "input.h"
#include "machine.h"
#include "util.h"

#define OBJ_NONE UINT32_MAX

struct obj_section {
	const char *name;
	uint64_t addr;			/* flat */
	uint64_t size;
	uint64_t flags;			/* SHF_* */
	uint32_t type;			/* SHT_* */
	const unsigned char *data;	/* size bytes; NULL: NOBITS, compressed */
	uint32_t rel_first, rel_count;	/* its relocations (ET_REL, allocated
					 * sections only), by offset */
};

struct obj_sym {
	const char *name;
	const char *file;		/* the STT_FILE before it (locals): one
					 * string per STT_FILE symbol, so equal
					 * pointers are one file */
	uint64_t addr;			/* flat; 0 when undefined */
	uint64_t value, size;
	uint32_t shndx;			/* SHN_UNDEF, SHN_ABS or a section */
	uint8_t type, bind;
	bool defined;			/* in one of our sections */
	bool padding;			/* __pfx_NAME or __cfi_NAME (STT_FUNC) */
};

struct obj_reloc {
	uint64_t offset;		/* in the section it applies to */
	int64_t addend;
	uint32_t sym;			/* .symtab index */
	uint32_t type;			/* R_X86_64_*, R_AARCH64_* */
};

/* Bytes of one section that hold instructions (code.h). */
struct code_range {
	uint64_t addr, end;		/* flat, [addr, end) */
	uint32_t shndx;
};

/* One function: the code range of a defined STT_FUNC symbol.  Symbols at
 * one address (aliases) give one function, named after the first global. */
struct obj_func {
	const char *name;		/* its symbol's */
	const char *demangled;		/* a Rust symbol's name demangled
					 * (object_func_name), else NULL */
	const char *file;		/* STT_FILE of its symbol, or NULL */
	const char *cu;			/* DWARF unit name (dwarf.c) */
	const char *decl_file;		/* DWARF declaration, when known */
	uint32_t decl_line;
	uint64_t die;			/* DWARF DIE offset + 1, 0 none */
	uint64_t addr, value, size;
	uint32_t pad;			/* padding symbol bytes just before addr */
	uint32_t shndx;
	bool local;
	bool locate_tried;		/* dwarf_locate() looked */
	bool dwarf_copy;		/* out-of-line copy of an inline function */
	uint32_t fragment_of;		/* fragment.h: the function this .cold or
					 * .part belongs to; OBJ_NONE: its own */
	/* disasm.c */
	uint32_t insns;			/* real instructions, see disasm.h */
	uint32_t frag_insns;		/* of its fragments (fragment.h) */
	uint32_t all_insns;
	uint32_t bad_bytes;		/* undecodable, and of instructions
					 * capstone does not know */
	/* calls.c, copies.c */
	uint32_t sites_in;		/* direct calls reaching it, all inputs */
	uint32_t tails_in;		/* tail calls (jmp) reaching it */
	bool sym_copy;			/* duplicate local name or clone */
};

/* A direct call (x86 e8 rel32, arm64 bl) found by disasm.c, or a tail
 * call: a jmp (e9 rel32, eb rel8) or b to the start of another function or
 * to an undefined symbol. */
struct call_site {
	uint64_t site;			/* flat address of the call */
	uint64_t target;		/* flat target when known in this object */
	uint32_t caller;		/* funcs index, OBJ_NONE outside */
	uint32_t callee;		/* funcs index when target starts one */
	const char *extern_name;	/* undefined symbol it calls (ET_REL) */
	bool target_known;
	bool tail;			/* a jmp, not a call */
};

/* One out-of-line copy of a declared-inline function, from DWARF. */
struct dwarf_copy {
	const char *name;		/* DW_AT_name of the abstract origin */
	const char *decl_file;
	uint32_t decl_line;
	uint8_t inline_attr;		/* DW_INL_declared_* of the origin */
	uint64_t addr, size;		/* flat entry and bytes (all ranges) */
	const char *cu;
	uint32_t func;			/* funcs index at addr, OBJ_NONE */
};

enum table_kind {
	TABLE_ALTINSTR,
	TABLE_SMP_LOCKS,
	TABLE_EX,
	TABLE_BUG,
	TABLE_JUMP,
	TABLE_STATIC_CALL,
	TABLE_RETPOLINE,
	TABLE_RETURN,
	TABLE_COUNT,
};

enum table_status {
	TABLE_ABSENT,			/* no such section */
	TABLE_READ,
	TABLE_REFUSED,			/* layout not recognised: not counted */
};

struct table_result {
	enum table_status status;
	uint32_t entry_size;
	const char *layout;		/* which layout was read (table-layout.h) */
	const char *layout_kernels;	/* a built-in one's kernel versions */
	bool layout_from_dwarf;		/* the file's own DWARF gave it */
	uint64_t entries;		/* excluding padding and unusual ones */
	uint64_t padding;		/* all-zero entries (.smp_locks page fill) */
	uint64_t unusual;		/* entries that fail a check: not counted */
	const char *unusual_why;	/* the check the first one failed */
	uint64_t in_funcs, outside;
	const char *refused;		/* why, when TABLE_REFUSED */
};

/*
 * A structure behind a table as the file's DWARF describes it: its size
 * and its members at byte offsets, members of anonymous structs and
 * unions (6.3's alt_instr.cpuid, a 16-bit bit-field in a union) flattened
 * into it.  Bit-fields are kept when they start and end on a byte.
 */
#define DWARF_STRUCT_MEMBERS 16

struct dwarf_member {
	const char *name;
	uint32_t offset, size;		/* bytes */
};

struct dwarf_struct {
	uint32_t size;			/* 0: not in the DWARF */
	uint32_t nmembers;
	struct dwarf_member members[DWARF_STRUCT_MEMBERS];
};

struct object {
	const struct input_object *in;
	const char *name;
	struct arena strings;

	/* the image, until object_close_image() */
	void *map;
	size_t map_len;
	const unsigned char *image;
	size_t size;
	Elf *elf;

	unsigned type;			/* ET_* */
	const struct machine *mach;	/* from e_machine (machine.h) */
	struct obj_section *secs;
	size_t nsecs;
	struct obj_sym *syms;		/* index = .symtab index */
	size_t nsyms;
	struct obj_reloc *relocs;
	size_t nrelocs;
	struct obj_func *funcs;		/* sorted by addr, unique addr */
	size_t nfuncs;
	/* object_func_at's buckets: func_first[b] is the first function at
	 * or after funcs[0].addr + (b << func_shift); nbuckets + 1 of them */
	uint32_t *func_first;
	size_t nbuckets;
	unsigned func_shift;
	struct code_range *code;	/* code_find() (code.h): sorted, disjoint */
	size_t ncode;
	bool has_symtab;
	const char *compiler;		/* .comment's "GCC: (...) 12.2.0" or
					 * "clang version ..."; NULL: none */

	/* disasm.c */
	struct call_site *calls;
	size_t ncalls;
	uint64_t insns;
	uint64_t bad_bytes;		/* not decoded at all, padding apart */
	uint64_t unknown_insns, unknown_bytes;	/* insn_step.unknown */
	uint64_t pad_bytes;		/* insn_step.padding */
	uint64_t fentry_addr, return_thunk_addr;	/* 0: none */

	/* dwarf.c */
	bool has_dwarf;			/* debug info present and read */
	bool dwarf_failed;
	struct dwarf_copy *dcopies;
	size_t ndcopies;
	uint64_t dwarf_units;
	uint64_t dwarf_funcs;		/* functions DWARF puts in o's code */
	uint64_t dwarf_unmatched;	/* of them, where no function symbol is */
	struct dwarf_struct dwarf_structs[TABLE_COUNT];	/* table-layout.c */
	const char **noreturn;		/* subprograms with DW_AT_noreturn */
	size_t nnoreturn;
	void *dwarf_keep;		/* lazy locator state (dwarf.c) */

	/* sites.c, sites-lines.c: its records' expansion points in code */
	struct site_lines *site_lines;

	/* tables.c */
	struct table_result tables[TABLE_COUNT];
	uint32_t *table_counts;		/* nfuncs * TABLE_COUNT */

	struct asmscan_msgs msgs;	/* reported by the main thread */
	bool failed;			/* unreadable: nothing else is valid */
};

/* Map and read the object; false (with a message in o->msgs) if it is bad. */
bool object_open(struct object *o, const struct input_object *in);
void object_close_image(struct object *o);
/*
 * The len bytes at from (in o's image) are not needed again soon: the
 * whole pages among them leave the process's memory, to be read from the
 * file again if they are (a vmlinux's .debug_info, walked once, is
 * two-thirds of the file).  Nothing when the image is not the file's
 * mapping.  Only for bytes nobody wrote: the mapping is private.
 */
void object_release(const struct object *o, const void *from, size_t len);
void object_free(struct object *o);
/* Bytes of a file: [off, off + len). */
struct file_range {
	uint64_t off, len;
};
/* qsort()'s order of file ranges: by offset. */
int file_range_cmp(const void *a, const void *b);

/*
 * o's file, for bytes read once, in order, through a buffer of the
 * caller's (a module's DWARF relocations, two fifths of its file) rather
 * than faulted in through the mapping: -1 when o is no file's mapping.
 * object_file_read() reads [off, off + len) of o's image; close(fd) after.
 * The functions below that take fd read o's file through it, one open
 * for all a caller does.
 */
int object_file_open(const struct object *o);
bool object_file_read(const struct object *o, int fd, void *buf, uint64_t off,
		      size_t len);
/*
 * o's bytes, o->size of them, into buf but for skip's ranges (in file
 * order, disjoint), where what buf holds is left as it was: read from
 * fd (the page cache copied once, where copying the mapping faults its
 * pages in first), or copied whole from the image when fd is -1 or the
 * file cannot be read.
 */
void object_read_image_except(const struct object *o, int fd, void *buf,
			      const struct file_range *skip, size_t nskip);
/*
 * The same bytes as a mapping of their own, private and writable: pages
 * read come from the page cache as they are, only pages written are
 * copied, none is cleared first.  NULL when o is not a file's mapping or
 * the mapping fails; object_unmap_image() gives it back.
 */
void *object_map_image(const struct object *o, int fd);
/*
 * Whether o's ELF structures can be read in place, 8-aligned: an archive
 * member is only 2-aligned, and one that is not is read from a copy
 * (object_read_image) instead, never mapped or read where it lies.
 */
bool object_image_aligned(const struct object *o);
void object_unmap_image(const struct object *o, void *image);
/*
 * In image, object_map_image()'s, the pages holding r's n ranges of o's
 * image made anonymous memory, in huge pages where the kernel allows,
 * holding the file's bytes: for ranges about to be written all over
 * (DWARF sections relocated), one fault per 2 MB instead of a copy per
 * 4 KB page written.  Each range is widened to the huge pages it meets,
 * within the mapping; r is sorted in place.  False when it could not be
 * done: image is then not to be read, only given back.
 */
bool object_image_own(const struct object *o, int fd, void *image,
		      struct file_range *r, size_t n);

/* The function containing flat address addr (its padding included),
 * OBJ_NONE if none. */
uint32_t object_func_at(const struct object *o, uint64_t addr);
/*
 * The name a function is shown by: Rust's symbols (v0 "_RNv...", legacy
 * "_ZN...17h<hash>E") demangled by libiberty as nm -C shows them
 * ("core::panicking::panic_bounds_check"), C's as they are.  Matching
 * between objects and with the plugin's records uses obj_func.name.
 */
static inline const char *object_func_name(const struct obj_func *f)
{
	return f->demangled ? f->demangled : f->name;
}
/* Real instructions of a function, its fragments' included. */
static inline uint32_t object_func_insns(const struct obj_func *f)
{
	return f->insns + f->frag_insns;
}
/* Is name a padding symbol's ("__pfx_", "__cfi_")? */
bool object_padding_name(const char *name);
/* Bytes of f with its padding: what the function occupies. */
static inline uint64_t object_func_bytes(const struct obj_func *f)
{
	return f->size + f->pad;
}
/* The section containing flat address addr (allocated ones), 0 if none. */
uint32_t object_section_at(const struct object *o, uint64_t addr);
/* The relocation of section shndx at offset, NULL if none. */
const struct obj_reloc *object_reloc_at(const struct object *o,
					uint32_t shndx, uint64_t offset);
/* Flat target S + A of a relocation; false when its symbol is undefined. */
bool object_reloc_target(const struct object *o, const struct obj_reloc *r,
			 uint64_t *flat);
/* Flat address of the first defined symbol called name, 0 if none. */
uint64_t object_symbol_addr(const struct object *o, const char *name);
/* Section index by name, 0 if none. */
uint32_t object_section_by_name(const struct object *o, const char *name);

__attribute__((format(printf, 3, 4)))
void object_error(struct object *o, const char *what, const char *fmt, ...);
__attribute__((format(printf, 3, 4)))
void object_note(struct object *o, const char *what, const char *fmt, ...);

#endif /* ASMSCAN_OBJECT_H */
