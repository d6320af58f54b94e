// SPDX-License-Identifier: GPL-2.0
/*
 * patch-paths.c — a record's spelling_file mapped onto --source.
 *
 * GCC's location names a file as the compile found it: relative to the
 * directory of the compile (Kbuild in the tree: "./arch/x86/include/asm/
 * atomic.h", "include/linux/compiler.h", "kernel/fork.c"), absolute in an
 * O= build ("/src/linux/arch/x86/..."), or "../linux/..." when the build
 * directory is inside the tree's parent.  In order:
 *   1. the lexically cleaned path, when relative and inside the tree;
 *   2. an absolute path below --source (as given, or its realpath);
 *   3. the longest tail of at least two components that names a regular
 *      file in the tree (another checkout, a moved tree).
 * A result never leaves the tree: it has no ".." and does not start with
 * '/'.  Files Kbuild generates in the build directory
 * (include/generated/...) are not in a source tree and stay unmapped.
 */
#include "patch-text.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

void patch_path_clean(char *p)
{
	bool abs = p[0] == '/';
	char *out = p + abs, *in = p + abs, *end = p + strlen(p);
	size_t kept = 0;	/* components written that ".." may remove */

	/* out never passes in, so each component is read before written */
	while (in < end) {
		char *slash = memchr(in, '/', (size_t)(end - in));
		size_t n = slash ? (size_t)(slash - in) : (size_t)(end - in);

		if (n == 0 || (n == 1 && in[0] == '.')) {
			/* "//" and "/./" */
		} else if (n == 2 && in[0] == '.' && in[1] == '.') {
			if (kept) {
				out--;		/* back over the '/' we wrote */
				while (out > p + abs && out[-1] != '/')
					out--;
				kept--;
			} else if (!abs) {
				memmove(out, "../", 3);
				out += 3;
			}
		} else {
			memmove(out, in, n);
			out += n;
			*out++ = '/';
			kept++;
		}
		in += n + 1;
	}
	if (out > p + abs && out[-1] == '/')
		out--;
	*out = 0;
}

static bool is_regular(const char *dir, const char *rel)
{
	char *path = xasprintf("%s/%s", dir, rel);
	struct stat st;
	bool ok = stat(path, &st) == 0 && S_ISREG(st.st_mode);

	free(path);
	return ok;
}

static bool inside(const char *rel)
{
	return rel[0] && rel[0] != '/' && strncmp(rel, "../", 3) &&
	       strcmp(rel, "..");
}

bool patch_tree_open(struct patch_tree *t, const char *source)
{
	char cwd[PATH_MAX], real[PATH_MAX];

	memset(t, 0, sizeof(*t));
	if (!realpath(source, real))
		return false;
	if (source[0] == '/') {
		t->abs = xstrdup(source);
	} else {
		if (!getcwd(cwd, sizeof(cwd)))
			return false;
		t->abs = xasprintf("%s/%s", cwd, source);
	}
	patch_path_clean(t->abs);
	t->real = xstrdup(real);
	return true;
}

void patch_tree_close(struct patch_tree *t)
{
	free(t->abs);
	free(t->real);
	memset(t, 0, sizeof(*t));
}

/* p below dir ("/" or "/x/y"): the rest, else NULL. */
static const char *below(const char *p, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return p + 1;
	if (strncmp(p, dir, n) || p[n] != '/')
		return NULL;
	return p + n + 1;
}

char *patch_tree_map(const struct patch_tree *t, const char *spelling_file)
{
	char *p = xstrdup(spelling_file);
	const char *rel = NULL;
	char *found = NULL;

	patch_path_clean(p);
	if (p[0] != '/' && inside(p) && is_regular(t->real, p)) {
		rel = p;
	} else if (p[0] == '/') {
		const char *r = below(p, t->abs);

		if (!r)
			r = below(p, t->real);
		if (r && inside(r) && is_regular(t->real, r))
			rel = r;
	}
	/* A tail: skip one leading component at a time, keep two or more. */
	for (const char *s = p; !rel && (s = strchr(s, '/'));) {
		s++;
		if (!strchr(s, '/'))
			break;
		if (inside(s) && is_regular(t->real, s))
			rel = s;
	}
	if (rel)
		found = xstrdup(rel);
	free(p);
	return found;
}
