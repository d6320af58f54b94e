// SPDX-License-Identifier: GPL-2.0
/*
 * sites-lines.c — where the code of an asm statement ended up, from the
 * DWARF line tables (see sites.h).
 *
 * A record's file:line is the statement's expansion point, exactly what
 * GCC's location and so the line table hold; a statement inlined into
 * twenty functions leaves rows with that file:line in all twenty.  Line
 * tables name files as the compiler saw them, joined to their directory
 * (often absolute: "/src/linux/./arch/x86/include/asm/atomic.h"), records
 * as given on the command line ("./arch/x86/include/asm/atomic.h"): a
 * table file, made absolute from the unit's directory and lexically
 * cleaned of "." components, matches a wanted one when, without leading
 * "./", the wanted name is a suffix of it starting at a '/' (or all of
 * it).
 */
#include "sites-lines.h"

#include <stdlib.h>
#include <string.h>

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "object.h"

const char *site_lines_norm(const char *file)
{
	while (file[0] == '.' && file[1] == '/')
		file += 2;
	return file;
}

static int want_cmp(const void *a, const void *b)
{
	const struct site_line_want *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

struct site_lines *site_lines_new(const struct rec_stmt *const *stmts,
				  size_t n)
{
	struct site_lines *l;
	size_t k = 0;

	if (!n)
		return NULL;
	l = xcalloc(1, sizeof(*l));
	l->wants = xcalloc(n, sizeof(*l->wants));
	for (size_t i = 0; i < n; i++) {
		const char *f = site_lines_norm(stmts[i]->gcc_file ? stmts[i]->gcc_file
								  : stmts[i]->file);

		if (*f && stmts[i]->line)
			l->wants[k++] = (struct site_line_want){ f, stmts[i]->line };
	}
	qsort(l->wants, k, sizeof(*l->wants), want_cmp);
	l->nwants = 0;
	for (size_t i = 0; i < k; i++)
		if (!l->nwants || want_cmp(&l->wants[l->nwants - 1], &l->wants[i]))
			l->wants[l->nwants++] = l->wants[i];
	return l;
}

/* The first want of the file a table's file name matches, or -1. */
static long match_file(const struct site_lines *l, const char *src)
{
	size_t slen = strlen(src);
	const char *prev = NULL;

	for (size_t i = 0; i < l->nwants; i++) {
		const char *w = l->wants[i].file;
		size_t wlen;

		if (w == prev || (prev && !strcmp(w, prev)))
			continue;
		prev = w;
		wlen = strlen(w);
		if (wlen <= slen && !memcmp(src + slen - wlen, w, wlen) &&
		    (wlen == slen || src[slen - wlen - 1] == '/'))
			return (long)i;
	}
	return -1;
}

/* The want for (file starting at first, line), or -1. */
static long find_line(const struct site_lines *l, size_t first, uint32_t line)
{
	size_t lo = first, hi = l->nwants;
	const char *file = l->wants[first].file;

	/* wants of one file are contiguous and sorted by line */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct site_line_want *m = &l->wants[mid];

		if (strcmp(m->file, file) || m->line >= line)
			hi = mid;
		else
			lo = mid + 1;
	}
	if (lo < l->nwants && l->wants[lo].line == line &&
	    !strcmp(l->wants[lo].file, file))
		return (long)lo;
	return -1;
}

static int hit_cmp(const void *a, const void *b)
{
	const struct site_line_hit *x = a, *y = b;

	if (x->want != y->want)
		return x->want < y->want ? -1 : 1;
	return (x->func > y->func) - (x->func < y->func);
}

/*
 * A table's file name as one absolute, lexically cleaned path: a relative
 * one joined to the unit's directory (DW_AT_comp_dir), then without its
 * "." components.  In a tree built in place GCC's table names the file
 * "./include/linux/list.h" (a relative directory, which libdw leaves as
 * it is), while the records name it from the tree, cleaned
 * ("include/linux/list.h", srctree "/src/linux", so
 * "/src/linux/include/linux/list.h" is wanted).
 */
static char *table_name(const char *comp_dir, const char *src)
{
	size_t nd = src[0] != '/' && comp_dir ? strlen(comp_dir) : 0;
	char *out = xmalloc(nd + 1 + strlen(src) + 1), *w = out;
	const char *r;

	if (nd) {
		memcpy(w, comp_dir, nd);
		w += nd;
		*w++ = '/';
	}
	for (r = src; r[0] == '.' && r[1] == '/';)
		r += 2;
	while (*r) {
		if (r[0] == '/' && r[1] == '.' && (r[2] == '/' || !r[2])) {
			r += 2;
			continue;
		}
		*w++ = *r++;
	}
	*w = '\0';
	return out;
}

/* One unit's line table. */
static void walk_cu(struct object *o, Dwarf_Die *cu, site_lines_addr_fn addr,
		    void *ctx)
{
	struct site_lines *l = o->site_lines;
	Dwarf_Lines *lines;
	Dwarf_Files *files;
	Dwarf_Attribute at;
	const char *comp_dir;
	size_t nlines, nfiles;
	long *file_want;

	if (dwarf_getsrclines(cu, &lines, &nlines) != 0 ||
	    dwarf_getsrcfiles(cu, &files, &nfiles) != 0)
		return;		/* a unit without a line table */
	comp_dir = dwarf_formstring(dwarf_attr_integrate(cu, DW_AT_comp_dir, &at));
	file_want = xmalloc((nfiles ? nfiles : 1) * sizeof(*file_want));
	for (size_t i = 0; i < nfiles; i++) {
		const char *src = dwarf_filesrc(files, i, NULL, NULL);
		char *clean = src ? table_name(comp_dir, src) : NULL;

		file_want[i] = clean ? match_file(l, clean) : -1;
		free(clean);
	}
	for (size_t i = 0; i < nlines; i++) {
		Dwarf_Line *ln = dwarf_onesrcline(lines, i);
		Dwarf_Files *lf;
		Dwarf_Addr a;
		size_t idx;
		bool end;
		int lineno;
		long w;
		uint64_t flat;
		uint32_t fi;

		if (!ln || dwarf_line_file(ln, &lf, &idx) != 0 || lf != files ||
		    idx >= nfiles || file_want[idx] < 0 ||
		    dwarf_lineendsequence(ln, &end) != 0 || end ||
		    dwarf_lineno(ln, &lineno) != 0 || lineno <= 0 ||
		    (w = find_line(l, (size_t)file_want[idx], (uint32_t)lineno)) < 0 ||
		    dwarf_lineaddr(ln, &a) != 0 || !addr(ctx, a, &flat) ||
		    (fi = object_func_at(o, flat)) == OBJ_NONE)
			continue;
		*VEC_PUSH(l->hits, l->nhits, l->caphits) =
			(struct site_line_hit){ (uint32_t)w, fi };
	}
	free(file_want);
}

void site_lines_walk(struct object *o, struct Dwarf *dw,
		     site_lines_addr_fn addr, void *ctx)
{
	struct site_lines *l = o->site_lines;
	Dwarf_Off off = 0, next;
	size_t hsize, n = 0;

	if (!l)
		return;
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;

		if (dwarf_offdie(dw, off + hsize, &cu))
			walk_cu(o, &cu, addr, ctx);
		off = next;
	}
	if (l->nhits)		/* qsort(NULL, 0, ...) is undefined */
		qsort(l->hits, l->nhits, sizeof(*l->hits), hit_cmp);
	for (size_t i = 0; i < l->nhits; i++)
		if (!n || hit_cmp(&l->hits[n - 1], &l->hits[i]))
			l->hits[n++] = l->hits[i];
	l->nhits = n;
	l->walked = true;
}

void site_lines_forget(struct site_lines *l)
{
	if (!l)
		return;
	free(l->hits);
	l->hits = NULL;
	l->nhits = l->caphits = 0;
	l->walked = false;
}

void site_lines_free(struct site_lines *l)
{
	if (!l)
		return;
	free(l->wants);
	free(l->hits);
	free(l);
}
