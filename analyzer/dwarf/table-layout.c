// SPDX-License-Identifier: GPL-2.0
/*
 * table-layout.c — the layouts of the kernel's special-section entries
 * (see table-layout.h): mapped from the file's DWARF by member name, or
 * the built-in ones of Linux 5.10 to mainline, read from each version's
 * headers (docs/design/asmscan.md says which were also checked on binaries):
 *
 * x86-64  struct alt_instr (arch/x86/include/asm/alternative.h)
 *           5.10-5.12 {s32 instr_offset, repl_offset; u16 cpuid;
 *                      u8 instrlen, replacementlen, padlen;}      13
 *           5.13-6.2  {s32, s32; u16 cpuid; u8 instrlen, replacementlen;}  12
 *           6.3+      {s32, s32; u32 ft_flags (cpuid:16, flags:16);
 *                      u8 instrlen, replacementlen;}              14
 *         struct exception_table_entry (asm/extable.h)
 *           5.10-5.15 {s32 insn, fixup, handler;}: handler is code  12
 *           5.16+     {s32 insn, fixup, type;} then data: EX_TYPE_*
 *                     in its low byte                             12
 * arm64   struct alt_instr {s32 orig_offset, alt_offset; u16 cpufeature;
 *                      u8 orig_len, alt_len;}                     12
 *           (6.12+: cpufeature renamed cpucap)
 *         struct exception_table_entry
 *           5.10-5.15 {s32 insn, fixup;}                           8
 *           5.16+     {s32 insn, fixup; s16 type, data;}          12
 * both    struct bug_entry, GENERIC_BUG_RELATIVE_POINTERS
 *           (include/asm-generic/bug.h) {s32 bug_addr_disp;
 *           [s32 format_disp;] [s32 file_disp; u16 line;] u16 flags;}:
 *           8 without DEBUG_BUGVERBOSE, 12 with it; the format string
 *           (x86 BUG_FORMAT, posted in 2025) makes 12 without and 16
 *           with it
 *         struct jump_entry {s32 code, target; s64 key;}           16
 *         struct static_call_site {s32 addr, key;} (x86 only)       8
 *         .smp_locks, .retpoline_sites (5.16+), .return_sites (5.19+):
 *           s32
 */
#include "table-layout.h"

#include <stdio.h>
#include <string.h>

#define NONE TABLE_NO_VALUE
#define CODE(off) { (off), 4, FIELD_CODE, 0, false, false }
#define DATA(off) { (off), 4, FIELD_DATA, 0, false, false }
/* An empty last replacement points at .altinstr_replacement's end. */
#define REPL(off) { (off), 4, FIELD_CODE, 0, true, false }
/* arm64's alternative_cb: alt_offset is a callback, in a .o undefined. */
#define REPL_CB(off) { (off), 4, FIELD_CODE, 0, true, true }
#define KEY(off, width) { (off), (width), FIELD_DATA, 3, false, false }

static const struct table_layout x86_alt13 = {
	13, "struct alt_instr {s32 instr_offset, repl_offset; u16 cpuid; u8 instrlen, replacementlen, padlen;} (13 bytes)",
	"5.10-5.12", { CODE(0), REPL(4) }, 2, 8, 10, 11, NONE, 0 };
static const struct table_layout x86_alt12 = {
	12, "struct alt_instr {s32 instr_offset, repl_offset; u16 cpuid; u8 instrlen, replacementlen;} (12 bytes)",
	"5.13-6.2", { CODE(0), REPL(4) }, 2, 8, 10, 11, NONE, 0 };
static const struct table_layout x86_alt14 = {
	14, "struct alt_instr {s32 instr_offset, repl_offset; u32 ft_flags; u8 instrlen, replacementlen;} (14 bytes)",
	"6.3+", { CODE(0), REPL(4) }, 2, 8, 12, 13, NONE, 0 };
static const struct table_layout arm64_alt = {
	12, "arm64 struct alt_instr {s32 orig_offset, alt_offset; u16 cpufeature; u8 orig_len, alt_len;} (12 bytes)",
	"5.10+", { CODE(0), REPL_CB(4) }, 2, 8, 10, 11, NONE, 0 };

static const struct table_layout smp_locks = {
	4, "s32 lock-prefix pointers", "5.10+", { CODE(0) }, 1,
	NONE, NONE, NONE, NONE, 0 };
static const struct table_layout retpoline_sites = {
	4, "s32 site pointers", "5.16+", { CODE(0) }, 1,
	NONE, NONE, NONE, NONE, 0 };
static const struct table_layout return_sites = {
	4, "s32 site pointers", "5.19+", { CODE(0) }, 1,
	NONE, NONE, NONE, NONE, 0 };

static const struct table_layout x86_ex_handler = {
	12, "struct exception_table_entry {s32 insn, fixup, handler;} (12 bytes)",
	"5.10-5.15", { CODE(0), CODE(4), CODE(8) }, 3, NONE, NONE, NONE, NONE, 0 };
static const struct table_layout x86_ex_type = {
	12, "struct exception_table_entry {s32 insn, fixup, data;} (12 bytes)",
	"5.16+", { CODE(0), CODE(4) }, 2, NONE, NONE, NONE, 8, 1 };
static const struct table_layout arm64_ex8 = {
	8, "arm64 struct exception_table_entry {s32 insn, fixup;} (8 bytes)",
	"5.10-5.15", { CODE(0), CODE(4) }, 2, NONE, NONE, NONE, NONE, 0 };
static const struct table_layout arm64_ex12 = {
	12, "arm64 struct exception_table_entry {s32 insn, fixup; s16 type, data;} (12 bytes)",
	"5.16+", { CODE(0), CODE(4) }, 2, NONE, NONE, NONE, 8, 2 };

/*
 * 12 bytes is DEBUG_BUGVERBOSE's {addr, file, line, flags} or, with
 * BUG_FORMAT, {addr, format, flags} without it: the same checks and the
 * same site, so one layout stands for both.
 */
static const struct table_layout bug12 = {
	12, "struct bug_entry {s32 bug_addr_disp, file_disp|format_disp; ...} (12 bytes)",
	"5.10+", { CODE(0), DATA(4) }, 2, NONE, NONE, NONE, NONE, 0 };
static const struct table_layout bug16 = {
	16, "struct bug_entry {s32 bug_addr_disp, format_disp, file_disp; u16 line, flags;} (16 bytes)",
	"BUG_FORMAT (posted 2025)", { CODE(0), DATA(4), DATA(8) }, 3,
	NONE, NONE, NONE, NONE, 0 };
static const struct table_layout bug8 = {
	8, "struct bug_entry {s32 bug_addr_disp; u16 flags;} (8 bytes)",
	"5.10+", { CODE(0) }, 1, NONE, NONE, NONE, NONE, 0 };

static const struct table_layout jump = {
	16, "struct jump_entry {s32 code, target; s64 key;} (16 bytes)",
	"5.10+", { CODE(0), CODE(4), KEY(8, 8) }, 3, NONE, NONE, NONE, NONE, 0 };
static const struct table_layout static_call = {
	8, "struct static_call_site {s32 addr, key;} (8 bytes)",
	"5.10+", { CODE(0), KEY(4, 4) }, 2, NONE, NONE, NONE, NONE, 0 };

static const char *const struct_names[TABLE_COUNT] = {
	[TABLE_ALTINSTR] = "alt_instr",
	[TABLE_EX] = "exception_table_entry",
	[TABLE_BUG] = "bug_entry",
	[TABLE_JUMP] = "jump_entry",
	[TABLE_STATIC_CALL] = "static_call_site",
};

const char *table_layout_struct(enum table_kind kind)
{
	return struct_names[kind];
}

#define LAYOUTS 3

static const struct table_layout *const x86_layouts[TABLE_COUNT][LAYOUTS] = {
	[TABLE_ALTINSTR] = { &x86_alt14, &x86_alt12, &x86_alt13 },
	[TABLE_SMP_LOCKS] = { &smp_locks },
	[TABLE_EX] = { &x86_ex_type, &x86_ex_handler },
	[TABLE_BUG] = { &bug12, &bug8, &bug16 },
	[TABLE_JUMP] = { &jump },
	[TABLE_STATIC_CALL] = { &static_call },
	[TABLE_RETPOLINE] = { &retpoline_sites },
	[TABLE_RETURN] = { &return_sites },
};

static const struct table_layout *const arm64_layouts[TABLE_COUNT][LAYOUTS] = {
	[TABLE_ALTINSTR] = { &arm64_alt },
	[TABLE_SMP_LOCKS] = { &smp_locks },
	[TABLE_EX] = { &arm64_ex12, &arm64_ex8 },
	[TABLE_BUG] = { &bug12, &bug8, &bug16 },
	[TABLE_JUMP] = { &jump },
	[TABLE_STATIC_CALL] = { &static_call },
	[TABLE_RETPOLINE] = { &retpoline_sites },
	[TABLE_RETURN] = { &return_sites },
};

const struct table_layout *table_layout_builtin(const struct machine *m,
						enum table_kind kind,
						unsigned i)
{
	if (i >= LAYOUTS)
		return NULL;
	return m->e_machine == EM_AARCH64 ? arm64_layouts[kind][i]
					  : x86_layouts[kind][i];
}

/* The first member of ds named one of names (NULL-terminated). */
static const struct dwarf_member *member(const struct dwarf_struct *ds,
					 const char *const *names)
{
	for (; *names; names++)
		for (uint32_t i = 0; i < ds->nmembers; i++)
			if (!strcmp(ds->members[i].name, *names))
				return &ds->members[i];
	return NULL;
}

/* A self-relative s32 (or the s64 key) at a member, if it is one. */
static bool add_field(struct table_layout *l, const struct dwarf_member *m,
		      uint32_t width, struct table_field f)
{
	if (!m || m->size != width || m->offset > 255 ||
	    l->nfields == TABLE_FIELDS)
		return false;
	f.offset = (uint8_t)m->offset;
	f.width = (uint8_t)width;
	l->fields[l->nfields++] = f;
	return true;
}

static bool value_at(int8_t *off, const struct dwarf_member *m, uint32_t width)
{
	if (!m || m->size != width || m->offset > 127)
		return false;
	*off = (int8_t)m->offset;
	return true;
}

static const char *const n_site[] = { "instr_offset", "orig_offset", NULL };
static const char *const n_repl[] = { "repl_offset", "alt_offset", NULL };
static const char *const n_feature[] = { "cpuid", "cpufeature", "cpucap", NULL };
static const char *const n_len[] = { "instrlen", "orig_len", NULL };
static const char *const n_rlen[] = { "replacementlen", "alt_len", NULL };
static const char *const n_insn[] = { "insn", NULL };
static const char *const n_fixup[] = { "fixup", NULL };
static const char *const n_handler[] = { "handler", NULL };
static const char *const n_type[] = { "type", NULL };
static const char *const n_data[] = { "data", NULL };
static const char *const n_bug_addr[] = { "bug_addr_disp", NULL };
static const char *const n_format[] = { "format_disp", NULL };
static const char *const n_file[] = { "file_disp", NULL };
static const char *const n_code[] = { "code", NULL };
static const char *const n_target[] = { "target", NULL };
static const char *const n_key[] = { "key", NULL };
static const char *const n_addr[] = { "addr", NULL };

/*
 * A member of ds for one field: by one of its names, else — a field the
 * kernel renamed (arm64's alt_instr.cpufeature became cpucap in 6.12) —
 * the nth member of that size in offset order, if ds has exactly `count`
 * of them (the layout's fields of that size): a field is what it is by
 * its place among its kind, not its name.
 */
static const struct dwarf_member *member_by_meaning(const struct dwarf_struct *ds,
						    const char *const *names,
						    uint32_t size, unsigned nth,
						    unsigned count)
{
	const struct dwarf_member *m = member(ds, names), *v[DWARF_STRUCT_MEMBERS];
	unsigned n = 0;

	if (m)
		return m;
	for (uint32_t i = 0; i < ds->nmembers; i++)
		if (ds->members[i].size == size)
			v[n++] = &ds->members[i];
	/* by offset: DWARF lists members in order, unions' flattened after */
	for (unsigned i = 1; i < n; i++)
		for (unsigned k = i; k && v[k - 1]->offset > v[k]->offset; k--) {
			m = v[k];
			v[k] = v[k - 1];
			v[k - 1] = m;
		}
	return n == count && nth < n ? v[nth] : NULL;
}

/* Map the members of ds to kind's layout; false: why is set. */
static bool map_members(const struct object *o, enum table_kind kind,
			const struct dwarf_struct *ds, struct table_layout *l,
			const char **why)
{
	const struct table_field code = CODE(0), data = DATA(0);
	const struct table_field repl = o->mach->e_machine == EM_AARCH64 ?
		(struct table_field)REPL_CB(0) : (struct table_field)REPL(0);
	const struct table_field key = KEY(0, 0);
	const struct dwarf_member *m;

	switch (kind) {
	case TABLE_ALTINSTR:
		*why = "no s32 site offset (instr_offset, orig_offset; or the first of two s32)";
		if (!add_field(l, member_by_meaning(ds, n_site, 4, 0, 2), 4, code))
			return false;
		*why = "no s32 replacement offset (repl_offset, alt_offset; or the second of two s32)";
		if (!add_field(l, member_by_meaning(ds, n_repl, 4, 1, 2), 4, repl))
			return false;
		*why = "no u16 feature (cpuid, cpufeature, cpucap; or the only u16)";
		if (!value_at(&l->feature, member_by_meaning(ds, n_feature, 2, 0, 1), 2))
			return false;
		*why = "no u8 site length (instrlen, orig_len; or the first of two u8)";
		if (!value_at(&l->len, member_by_meaning(ds, n_len, 1, 0, 2), 1))
			return false;
		*why = "no u8 replacement length (replacementlen, alt_len; or the second of two u8)";
		return value_at(&l->rlen, member_by_meaning(ds, n_rlen, 1, 1, 2), 1);
	case TABLE_EX:
		*why = "no s32 insn and fixup";
		if (!add_field(l, member(ds, n_insn), 4, code) ||
		    !add_field(l, member(ds, n_fixup), 4, code))
			return false;
		if ((m = member(ds, n_handler))) {
			*why = "handler is not an s32";
			return add_field(l, m, 4, code);
		}
		if ((m = member(ds, n_type))) {
			/* 5.16's int type; arm64's s16 type */
			l->type_width = (uint8_t)m->size;
			*why = "type is not 2 or 4 bytes";
			return (m->size == 2 || m->size == 4) &&
			       value_at(&l->type, m, m->size);
		}
		if ((m = member(ds, n_data)) && o->mach->e_machine == EM_X86_64) {
			/* x86 5.17+: EX_TYPE_* in the low byte of data */
			l->type_width = 1;
			*why = "data is not an s32";
			return m->size == 4 && value_at(&l->type, m, 4);
		}
		return true;	/* arm64 5.10-5.15: {insn, fixup} */
	case TABLE_BUG:
		*why = "no s32 bug_addr_disp (absolute pointers?)";
		if (!add_field(l, member(ds, n_bug_addr), 4, code))
			return false;
		if ((m = member(ds, n_format)) && !add_field(l, m, 4, data)) {
			*why = "format_disp is not an s32";
			return false;
		}
		if ((m = member(ds, n_file)) && !add_field(l, m, 4, data)) {
			*why = "file_disp is not an s32";
			return false;
		}
		return true;
	case TABLE_JUMP:
		*why = "no s32 code and target, s64 key";
		return add_field(l, member(ds, n_code), 4, code) &&
		       add_field(l, member(ds, n_target), 4, code) &&
		       add_field(l, member(ds, n_key), 8, key);
	case TABLE_STATIC_CALL:
		*why = "no s32 addr and key";
		return add_field(l, member(ds, n_addr), 4, code) &&
		       add_field(l, member(ds, n_key), 4, key);
	default:
		*why = "no structure";
		return false;
	}
}

enum table_layout_dwarf table_layout_from_dwarf(const struct object *o,
						enum table_kind kind,
						struct table_layout *l,
						struct arena *strings,
						char *why, size_t whylen)
{
	const struct dwarf_struct *ds = &o->dwarf_structs[kind];
	const char *bad = NULL;
	char buf[512];
	size_t used;

	if (!ds->size)
		return LAYOUT_DWARF_NONE;
	memset(l, 0, sizeof(*l));
	l->size = ds->size;
	l->feature = l->len = l->rlen = l->type = NONE;
	if (!map_members(o, kind, ds, l, &bad)) {
		snprintf(why, whylen, "DWARF's struct %s (%u bytes) has %s",
			 struct_names[kind], ds->size, bad);
		return LAYOUT_DWARF_UNKNOWN;
	}
	/* "struct alt_instr (14 bytes, DWARF): instr_offset@0 ..." */
	used = (size_t)snprintf(buf, sizeof(buf), "struct %s (%u bytes, DWARF):",
				struct_names[kind], ds->size);
	for (uint32_t i = 0; i < ds->nmembers && used < sizeof(buf); i++)
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, " %s@%u",
					 ds->members[i].name,
					 ds->members[i].offset);
	l->what = arena_strdup(strings, buf);
	l->kernels = NULL;
	return LAYOUT_DWARF_OK;
}
