// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf-files.c — a declaration's file from the header of its unit's line
 * table (see dwarf-files.h).
 *
 * dwarf_decl_file() decodes the unit's whole line program to learn the
 * file names at its head: in a vmlinux, a fifth of asmscan's DWARF time
 * and 80 MB of line rows nobody reads.  The names are all in the header
 * (DWARF 2-4: include_directories and file_names; DWARF 5: the directory
 * and file entry formats), and libdw builds each one the same way: an
 * absolute name as it is, else the entry's directory, "/", the name (for
 * DWARF < 5 directory 0 is DW_AT_comp_dir, left out when the unit has
 * none; file 0 is no file).  Anything unusual — a form other than
 * string/strp/line_strp for a name, a compressed section, a header that
 * does not add up, a unit whose attribute integrates from another unit —
 * and the unit's names come from libdw after all.  tests/analyzer's
 * dwarf-files-diff holds the two to the same strings.
 *
 * One difference is kept: libdw answers no file for every declaration of
 * a unit whose line program (after the header) is damaged; this answers
 * the header's name.
 */
#include "dwarf-files.h"
#include "dwarf-abbrev.h"

#include <dwarf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "object.h"

static const struct obj_section *find_section(const struct object *o,
					      const char *name)
{
	for (size_t i = 1; i < o->nsecs; i++)
		if (!strcmp(o->secs[i].name, name))
			return o->secs[i].data ? &o->secs[i] : NULL;
	return NULL;
}

void dwarf_files_init_sections(struct dwarf_files *df,
			       const struct obj_section *line,
			       const struct obj_section *line_str,
			       const struct obj_section *str)
{
	memset(df, 0, sizeof(*df));
	df->line = line;
	df->line_str = line_str;
	df->str = str;
	df->usable = line != NULL;
}

void dwarf_files_init(struct dwarf_files *df, const struct object *o)
{
	dwarf_files_init_sections(df, find_section(o, ".debug_line"),
				  find_section(o, ".debug_line_str"),
				  find_section(o, ".debug_str"));
	/* A relocatable object's offsets are in its relocations. */
	if (o->type == ET_REL)
		df->usable = false;
}

void dwarf_files_free(struct dwarf_files *df)
{
	free(df->files);
	free(df->dirs);
	free(df->buf);
	memset(df, 0, sizeof(*df));
}

/*
 * A cursor over [p, end): every read checks, and a failed one sticks.  The
 * encodings are read as dwarf-abbrev.h reads them for the DIEs.
 */
struct cursor {
	const uint8_t *p, *end;
	bool bad;
};

/* n bytes: a little-endian number when n is 1, 2, 4 or 8, else skipped. */
static uint64_t take(struct cursor *c, unsigned n)
{
	uint64_t v = 0;

	if (c->bad || (size_t)(c->end - c->p) < n) {
		c->bad = true;
		return 0;
	}
	if (n == 1 || n == 2 || n == 4 || n == 8)
		v = scan_le(c->p, n);
	c->p += n;
	return v;
}

static uint64_t uleb(struct cursor *c)
{
	uint64_t v = 0;

	if (!c->bad && !scan_uleb(&c->p, c->end, &v))
		c->bad = true;
	return v;	/* 0 when it failed: scan_uleb leaves v alone */
}

static const char *cstr(struct cursor *c)
{
	const uint8_t *z;

	if (c->bad || !(z = memchr(c->p, 0, (size_t)(c->end - c->p)))) {
		c->bad = true;
		return NULL;
	}
	const char *s = (const char *)c->p;

	c->p = z + 1;
	return s;
}

static const char *section_str(const struct obj_section *sec, uint64_t off)
{
	if (!sec || off >= sec->size ||
	    !memchr(sec->data + off, 0, (size_t)(sec->size - off)))
		return NULL;
	return (const char *)sec->data + off;
}

/*
 * One DWARF 5 entry field of form `form`: a string for DW_LNCT_path, a
 * number for DW_LNCT_directory_index, skipped otherwise.  False: a form
 * this reader leaves to libdw.
 */
static bool v5_field(struct dwarf_files *df, struct cursor *c, uint64_t form,
		     unsigned offset_size, const char **s, uint64_t *num)
{
	switch (form) {
	case DW_FORM_string:
		*s = cstr(c);
		return true;
	case DW_FORM_line_strp:
		*s = section_str(df->line_str, take(c, offset_size));
		return *s != NULL;
	case DW_FORM_strp:
		*s = section_str(df->str, take(c, offset_size));
		return *s != NULL;
	case DW_FORM_udata:
		*num = uleb(c);
		return true;
	case DW_FORM_data1:
		*num = take(c, 1);
		return true;
	case DW_FORM_data2:
		*num = take(c, 2);
		return true;
	case DW_FORM_data4:
		*num = take(c, 4);
		return true;
	case DW_FORM_data8:
		*num = take(c, 8);
		return true;
	case DW_FORM_data16:
		take(c, 8), take(c, 8);
		return true;
	case DW_FORM_block: {
		uint64_t n = uleb(c);

		if (c->bad || n > (uint64_t)(c->end - c->p)) {
			c->bad = true;
			return false;
		}
		c->p += n;
		return true;
	}
	default:
		return false;
	}
}

/* A DWARF 5 entry list (formats, count, entries): directories or files. */
static bool v5_list(struct dwarf_files *df, struct cursor *c,
		    unsigned offset_size, bool files)
{
	uint64_t kinds[16], forms[16], n;
	unsigned nformats = (unsigned)take(c, 1);
	bool have_path = false;

	if (nformats > 16)
		return false;
	for (unsigned i = 0; i < nformats; i++) {
		kinds[i] = uleb(c);
		forms[i] = uleb(c);
		have_path |= kinds[i] == DW_LNCT_path;
	}
	n = uleb(c);
	if (c->bad || (n && !have_path) || n > (uint64_t)(c->end - c->p))
		return false;
	for (uint64_t e = 0; e < n; e++) {
		const char *path = NULL;
		uint64_t dir = UINT64_MAX;

		for (unsigned i = 0; i < nformats; i++) {
			const char *s = NULL;
			uint64_t num = UINT64_MAX;

			if (!v5_field(df, c, forms[i], offset_size, &s, &num))
				return false;
			if (kinds[i] == DW_LNCT_path) {
				if (!s)
					return false;
				path = s;
			} else if (kinds[i] == DW_LNCT_directory_index) {
				if (s)
					return false;
				dir = num;
			}
		}
		if (c->bad || !path)
			return false;
		if (files) {
			if (dir == UINT64_MAX)
				return false;
			*VEC_PUSH(df->files, df->nfiles, df->files_cap) =
				(struct dwarf_file_entry){ path, dir };
		} else {
			*VEC_PUSH(df->dirs, df->ndirs, df->dirs_cap) = path;
		}
	}
	return true;
}

/* Read the file table of the unit at cudie into df; false: ask libdw. */
static bool read_unit(struct dwarf_files *df, Dwarf_Die *cudie)
{
	Dwarf_Attribute a;
	Dwarf_Word off;
	struct cursor c;
	uint64_t len, hlen;
	unsigned offset_size = 4, version;
	const char *comp_dir = NULL;

	df->nfiles = df->ndirs = 0;
	if (!dwarf_attr(cudie, DW_AT_stmt_list, &a) || dwarf_formudata(&a, &off) ||
	    off >= df->line->size)
		return false;
	if (dwarf_attr(cudie, DW_AT_comp_dir, &a))
		comp_dir = dwarf_formstring(&a);
	c = (struct cursor){ df->line->data + off,
			     df->line->data + df->line->size, false };
	len = take(&c, 4);
	if (len == 0xffffffff) {
		len = take(&c, 8);
		offset_size = 8;
	}
	if (c.bad || len > (uint64_t)(c.end - c.p))
		return false;
	c.end = c.p + len;
	version = (unsigned)take(&c, 2);
	if (version < 2 || version > 5)
		return false;
	if (version >= 5) {
		if (take(&c, 1) != 8 || take(&c, 1) != 0)
			return false;	/* address size, segment selector */
	}
	hlen = take(&c, offset_size);
	if (c.bad || hlen > (uint64_t)(c.end - c.p))
		return false;
	c.end = c.p + hlen;
	take(&c, 1);			/* minimum_instruction_length */
	if (version >= 4 && take(&c, 1) == 0)
		return false;		/* maximum_operations_per_instruction */
	take(&c, 3);			/* default_is_stmt, line_base, line_range */
	{
		unsigned opcode_base = (unsigned)take(&c, 1);

		if (c.bad || opcode_base == 0 ||
		    (size_t)(c.end - c.p) < opcode_base - 1)
			return false;
		c.p += opcode_base - 1;
	}
	if (version < 5) {
		*VEC_PUSH(df->dirs, df->ndirs, df->dirs_cap) = comp_dir;
		while (!c.bad && c.p < c.end && *c.p)
			*VEC_PUSH(df->dirs, df->ndirs, df->dirs_cap) = cstr(&c);
		take(&c, 1);
		/* File 0 is none; libdw calls it "???" and never answers it. */
		*VEC_PUSH(df->files, df->nfiles, df->files_cap) =
			(struct dwarf_file_entry){ NULL, 0 };
		while (!c.bad && c.p < c.end && *c.p) {
			const char *name = cstr(&c);
			uint64_t dir = uleb(&c);

			uleb(&c), uleb(&c);	/* mtime, length */
			*VEC_PUSH(df->files, df->nfiles, df->files_cap) =
				(struct dwarf_file_entry){ name, dir };
		}
		take(&c, 1);
	} else if (!v5_list(df, &c, offset_size, false) ||
		   !v5_list(df, &c, offset_size, true)) {
		return false;
	}
	if (c.bad || c.p != c.end)
		return false;
	for (size_t i = 0; i < df->nfiles; i++)
		if (df->files[i].name && df->files[i].dir >= df->ndirs)
			return false;
	return true;
}

/* Entry idx of the table read last, as dwarf_decl_file() names it. */
static const char *entry_name(struct dwarf_files *df, uint64_t idx)
{
	const struct dwarf_file_entry *f;
	const char *dir;
	size_t need, dlen, nlen;

	if (idx >= df->nfiles)
		return NULL;
	f = &df->files[idx];
	if (!f->name)
		return NULL;
	if (f->name[0] == '/')
		return f->name;
	dir = df->dirs[f->dir];
	dlen = dir ? strlen(dir) : 0;
	nlen = strlen(f->name);
	need = (dir ? dlen + 1 : 0) + nlen + 1;
	if (need > df->bufcap) {
		df->bufcap = need * 2;
		df->buf = xrealloc(df->buf, df->bufcap);
	}
	/* "DIR/NAME", or "NAME" */
	if (dir) {
		memcpy(df->buf, dir, dlen);
		df->buf[dlen++] = '/';
	}
	memcpy(df->buf + dlen, f->name, nlen + 1);
	return df->buf;
}

/* The table of the unit of cudie (a Dwarf_CU), read unless it was last. */
static bool unit_ready(struct dwarf_files *df, const void *cu, Dwarf_Die *cudie)
{
	Dwarf_Die mem;

	if (cu != df->cu) {
		df->cu = cu;
		if (!cudie)
			cudie = dwarf_cu_die((Dwarf_CU *)cu, &mem, NULL, NULL, NULL,
					     NULL, NULL, NULL);
		df->ok = cudie && read_unit(df, cudie);
	}
	return df->ok;
}

const char *dwarf_files_decl(struct dwarf_files *df, Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Word idx;

	if (!df->usable)
		return dwarf_decl_file(die);
	if (!dwarf_attr_integrate(die, DW_AT_decl_file, &a) ||
	    dwarf_formudata(&a, &idx) || idx == 0)
		return NULL;
	if (!unit_ready(df, a.cu, NULL))
		return dwarf_decl_file(die);
	return entry_name(df, idx);
}

bool dwarf_files_name(struct dwarf_files *df, Dwarf_Die *cudie, uint64_t idx,
		      const char **name)
{
	if (!df->usable)
		return false;
	*name = NULL;
	if (idx == 0)
		return true;
	if (!unit_ready(df, cudie->cu, cudie))
		return false;
	*name = entry_name(df, idx);
	return true;
}
