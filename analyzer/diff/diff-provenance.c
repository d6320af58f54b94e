// SPDX-License-Identifier: GPL-2.0
/*
 * diff-provenance.c — the compiler and configuration of a diff's side
 * (diff-provenance.h).
 */
#include "diff-provenance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void compilers(struct diff_provenance *p, const struct report *rep)
{
	struct strmap seen = { 0 };
	uintptr_t best = 0;

	for (size_t i = 0; i < rep->nobjs; i++) {
		const struct object *o = &rep->objs[i];
		bool created;
		uintptr_t *n;

		if (o->failed)
			continue;
		p->objects++;
		if (!o->compiler)
			continue;
		n = strmap_get(&seen, o->compiler, &created);
		++*n;
		if (*n > best || (*n == best && strcmp(o->compiler, p->compiler) < 0)) {
			best = *n;
			p->compiler = o->compiler;
		}
	}
	p->compiler_objects = best;
	p->other_compilers = seen.len ? seen.len - 1 : 0;
	strmap_free(&seen);
}

static char *read_small(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t cap = 1 << 16, n = 0, got;

	if (!f)
		return NULL;
	buf = xmalloc(cap);
	while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			if (cap >= (1u << 24))	/* no .config is 16 MiB */
				break;
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
	}
	fclose(f);
	*len = n;
	return buf;
}

static void config(struct diff_provenance *p, const char *input, struct arena *a)
{
	struct stat st;
	char dir[4096], path[4200];
	char *slash;

	if (snprintf(dir, sizeof(dir), "%s", input) >= (int)sizeof(dir))
		return;
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		else
			snprintf(dir, sizeof(dir), ".");
	}
	for (int up = 0; up < 4; up++) {
		size_t len;
		char *text;

		snprintf(path, sizeof(path), "%s/.config", dir);
		if (!stat(path, &st) && S_ISREG(st.st_mode) && (text = read_small(path, &len))) {
			const char *t = strstr(text, "\n# Linux/");
			const char *end = t ? memchr(t + 1, '\n', len - (size_t)(t + 1 - text)) : NULL;

			p->config = arena_strdup(a, path);
			p->config_title = t && end ? arena_strndup(a, t + 3, (size_t)(end - t - 3))
						   : "";
			p->config_hash = records_fnv1a(text, len);
			free(text);
			return;
		}
		if (strlen(dir) + 4 >= sizeof(dir))
			return;
		strcat(dir, "/..");
	}
}

void diff_provenance_of(struct diff_provenance *p, const struct report *rep,
			const char *input, struct arena *a)
{
	memset(p, 0, sizeof(*p));
	compilers(p, rep);
	config(p, input, a);
}
