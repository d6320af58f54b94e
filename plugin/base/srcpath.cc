// SPDX-License-Identifier: GPL-2.0
/*
 * srcpath.cc — file names relative to the source tree (see srcpath.h).
 *
 * Lexical only, as GCC's own names are: "a/./b" is "a/b", "a/x/../b" is
 * "a/b".  The tree's realpath is tried too, so a srctree= given through a
 * symbolic link still matches names GCC got from the real directory.
 */
#include "srcpath.h"
#include "fingerprint.h"

#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>

struct srcpath_entry {
	char *gcc;			/* GCC's name, the key; NULL: empty slot */
	char *rel;			/* what records carry */
	char *abs;			/* absolute, cleaned */
};

/*
 * Clean an absolute path in place: no "//", "/./", "/x/../", trailing '/'.
 * out never passes in, and each component is read before it is written.
 */
static void srcpath_clean(char *p)
{
	char *out = p, *in = p;

	while (*in) {
		size_t n;

		while (*in == '/')
			in++;
		n = strcspn(in, "/");
		if (n == 0 || (n == 1 && in[0] == '.')) {
			/* nothing: a trailing '/' or "/./" */
		} else if (n == 2 && in[0] == '.' && in[1] == '.') {
			/* back over the last component written, never past '/' */
			while (out > p && *--out != '/')
				;
		} else {
			*out++ = '/';
			memmove(out, in, n);
			out += n;
		}
		in += n;
	}
	if (out == p)
		*out++ = '/';
	*out = '\0';
}

char *srcpath_join_clean(const char *base, const char *name)
{
	char *p = name[0] == '/' ? xstrdup(name) : concat(base, "/", name, NULL);

	srcpath_clean(p);
	return p;
}

static bool srcpath_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void srcpath_set_root(struct srcpath *sp, const char *dir,
			     const char *from)
{
	char real[PATH_MAX];

	sp->root = srcpath_join_clean(sp->cwd, dir);
	if (realpath(sp->root, real) && strcmp(real, sp->root))
		sp->root_real = xstrdup(real);
	sp->root_from = xstrdup(from);
}

/*
 * The last -fmacro-prefix-map=OLD= / -ffile-prefix-map=OLD= (NEW empty)
 * whose OLD is a directory.  GCC splits the argument at its first '=' and
 * lets the last matching map win; Kbuild gives exactly one.
 */
static void srcpath_from_prefix_maps(struct srcpath *sp)
{
	for (unsigned i = save_decoded_options_count; i-- > 0;) {
		const struct cl_decoded_option *o = &save_decoded_options[i];
		const char *eq;
		char *old;

		if (o->opt_index != OPT_fmacro_prefix_map_ &&
		    o->opt_index != OPT_ffile_prefix_map_)
			continue;
		if (!o->arg || !(eq = strchr(o->arg, '=')) || eq[1] ||
		    eq == o->arg)
			continue;
		old = xstrndup(o->arg, (size_t)(eq - o->arg));
		if (srcpath_is_dir(old)) {
			srcpath_set_root(sp, old, o->orig_option_with_args_text
							  ? o->orig_option_with_args_text
							  : o->arg);
			free(old);
			return;
		}
		free(old);
	}
}

/*
 * The last -include DIR/include/linux/kconfig.h: Kbuild gives every C
 * unit it compiles "-include $(srctree)/include/linux/kconfig.h", and
 * builds in the tree itself pass no prefix map in Linux 7.2 (its
 * command line: "-I./include -I./include ... -include
 * ./include/linux/kconfig.h", GCC's names "./include/linux/..." and
 * "././include/linux/compiler_types.h" for the other -include files), so
 * DIR is the source tree there.  It must be a directory holding that file.
 */
static void srcpath_from_kconfig(struct srcpath *sp)
{
	static const char tail[] = "include/linux/kconfig.h";
	const size_t ntail = sizeof(tail) - 1;

	for (unsigned i = save_decoded_options_count; i-- > 0;) {
		const struct cl_decoded_option *o = &save_decoded_options[i];
		size_t n;
		char *dir, *file;
		struct stat st;

		if (o->opt_index != OPT_include || !o->arg)
			continue;
		n = strlen(o->arg);
		if (n < ntail || strcmp(o->arg + n - ntail, tail) ||
		    (n > ntail && o->arg[n - ntail - 1] != '/'))
			continue;
		dir = n > ntail ? xstrndup(o->arg, n - ntail - 1) : xstrdup(".");
		if (!*dir) {		/* "-include /include/linux/kconfig.h" */
			free(dir);
			dir = xstrdup("/");
		}
		file = srcpath_join_clean(sp->cwd, o->arg);
		if (srcpath_is_dir(dir) && stat(file, &st) == 0 && S_ISREG(st.st_mode)) {
			char *from = concat("-include ", o->arg, NULL);

			srcpath_set_root(sp, dir, from);
			free(from);
		}
		free(file);
		free(dir);
		return;
	}
}

bool srcpath_init(struct srcpath *sp, const char *srctree, const char **why)
{
	const char *pwd = getpwd();

	memset(sp, 0, sizeof(*sp));
	sp->cwd = xstrdup(pwd && pwd[0] == '/' ? pwd : "/");
	srcpath_clean(sp->cwd);
	if (srctree && !strcmp(srctree, "none"))
		return true;
	if (srctree) {
		char *dir = srcpath_join_clean(sp->cwd, srctree);
		bool ok = srcpath_is_dir(dir);

		free(dir);
		if (!ok) {
			*why = "not a directory";
			return false;
		}
		char *from = concat("srctree=", srctree, NULL);

		srcpath_set_root(sp, srctree, from);
		free(from);
		return true;
	}
	srcpath_from_prefix_maps(sp);
	if (!sp->root)
		srcpath_from_kconfig(sp);
	return true;
}

/* abs below dir: the rest (never empty), else NULL. */
static const char *srcpath_below(const char *abs, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1)		/* "/" */
		return abs[1] ? abs + 1 : NULL;
	if (strncmp(abs, dir, n) || abs[n] != '/' || !abs[n + 1])
		return NULL;
	return abs + n + 1;
}

static struct srcpath_entry *srcpath_slot(struct srcpath *sp, const char *name)
{
	size_t mask = sp->nslots - 1;
	size_t i = (size_t)asmtpl_fnv1a(ASMTPL_FNV_OFFSET, name,
					     strlen(name)) & mask;

	while (sp->slots[i].gcc && strcmp(sp->slots[i].gcc, name))
		i = (i + 1) & mask;
	return &sp->slots[i];
}

static void srcpath_grow(struct srcpath *sp)
{
	struct srcpath_entry *old = sp->slots;
	size_t n = sp->nslots;

	sp->nslots = n ? 2 * n : 64;
	sp->slots = XCNEWVEC(struct srcpath_entry, sp->nslots);
	for (size_t i = 0; i < n; i++)
		if (old[i].gcc)
			*srcpath_slot(sp, old[i].gcc) = old[i];
	free(old);
}

static struct srcpath_entry *srcpath_get(struct srcpath *sp, const char *name)
{
	struct srcpath_entry *e;
	const char *rest = NULL;

	if (2 * (sp->n + 1) >= sp->nslots)
		srcpath_grow(sp);
	e = srcpath_slot(sp, name);
	if (e->gcc)
		return e;
	e->gcc = xstrdup(name);
	e->abs = srcpath_join_clean(sp->cwd, name);
	if (sp->root) {
		rest = srcpath_below(e->abs, sp->root);
		if (!rest && sp->root_real)
			rest = srcpath_below(e->abs, sp->root_real);
	}
	e->rel = xstrdup(rest ? rest : name);
	sp->n++;
	return e;
}

/* The entry's strings for name: from the recent ones, or the table. */
static const struct srcpath_recent *srcpath_find(struct srcpath *sp,
						  const char *name)
{
	struct srcpath_recent *r =
		&sp->recent[(uint64_t)(uintptr_t)name * 0x9e3779b97f4a7c15ULL >>
			    (64 - SRCPATH_RECENT_BITS)];
	const struct srcpath_entry *e;

	if (r->name == name && !strcmp(r->gcc, name))
		return r;
	e = srcpath_get(sp, name);
	r->name = name;
	r->gcc = e->gcc;
	r->rel = e->rel;
	r->abs = e->abs;
	return r;
}

const char *srcpath_rel(struct srcpath *sp, const char *gcc_name)
{
	if (!gcc_name || !gcc_name[0])
		return "";
	return srcpath_find(sp, gcc_name)->rel;
}

const char *srcpath_abs(struct srcpath *sp, const char *gcc_name)
{
	if (!gcc_name || !gcc_name[0])
		return "";
	return srcpath_find(sp, gcc_name)->abs;
}

void srcpath_free(struct srcpath *sp)
{
	for (size_t i = 0; i < sp->nslots; i++) {
		free(sp->slots[i].gcc);
		free(sp->slots[i].rel);
		free(sp->slots[i].abs);
	}
	free(sp->slots);
	free(sp->cwd);
	free(sp->root);
	free(sp->root_real);
	free(sp->root_from);
	memset(sp, 0, sizeof(*sp));
}
