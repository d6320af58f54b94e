// SPDX-License-Identifier: GPL-2.0
/*
 * patch-series.c — `asmscan patch --format-patch DIR [--split site|file]`:
 * the conversion as a series a maintainer can take one patch at a time,
 * one mbox file per site (its spelling line) or per file, as
 * `git format-patch` writes them (git am applies them, in order):
 *
 *	From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
 *	From: NAME <EMAIL>
 *	Date: RFC 2822 date
 *	Subject: [PATCH n/N] x86/asm: Use asm_inline() instead of asm() in clwb()
 *
 *	why, and the evidence from the plugin's records
 *	---
 *	 diffstat
 *
 *	the unified diff
 *	--
 *	asmscan VERSION
 *
 * The subject's prefix follows the path, as kernel subjects mostly do:
 * arch/ARCH/include/asm/ -> "ARCH/asm", other arch/ARCH/DIR/ -> "ARCH/DIR",
 * include/linux/NAME.h -> "NAME", include/asm-generic/ -> "asm-generic",
 * drivers/NAME/ -> "NAME", else the first directory; maintainers have
 * their own habits (git log --oneline FILE shows them), so it is a
 * suggestion.  The author is $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL> when
 * both are set, else a placeholder that `git commit --amend --reset-author`
 * replaces; no Signed-off-by is written: certifying the DCO is the
 * sender's act.  The date is $SOURCE_DATE_EPOCH when set (reproducible
 * series), else now.  File names are git's: NNNN- and the subject with
 * every run of other characters than letters, digits and '.' and '_' as
 * one '-', at most 52 characters, then ".patch".
 */
#include "patch-series.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "errors.h"

#define SLUG_MAX 52

/* "x86/asm", "instrumentation", "net", ... from the path in the tree. */
static void subject_prefix(char *buf, size_t len, const char *rel)
{
	const char *a, *b, *c;

	if (!strncmp(rel, "arch/", 5) && (a = strchr(rel + 5, '/'))) {
		const char *arch = rel + 5;

		if (!strncmp(a, "/include/asm/", 13)) {
			snprintf(buf, len, "%.*s/asm", (int)(a - arch), arch);
			return;
		}
		b = strchr(a + 1, '/');
		if (b) {
			snprintf(buf, len, "%.*s/%.*s", (int)(a - arch), arch,
				 (int)(b - a - 1), a + 1);
			return;
		}
		snprintf(buf, len, "%.*s", (int)(a - arch), arch);
		return;
	}
	if (!strncmp(rel, "include/linux/", 14) && !strchr(rel + 14, '/')) {
		a = rel + 14;
		c = strrchr(a, '.');
		snprintf(buf, len, "%.*s", (int)(c ? c - a : (long)strlen(a)), a);
		return;
	}
	if (!strncmp(rel, "include/asm-generic/", 20)) {
		snprintf(buf, len, "asm-generic");
		return;
	}
	if (!strncmp(rel, "drivers/", 8) && (a = strchr(rel + 8, '/'))) {
		snprintf(buf, len, "%.*s", (int)(a - rel - 8), rel + 8);
		return;
	}
	a = strchr(rel, '/');
	snprintf(buf, len, "%.*s", (int)(a ? a - rel : (long)strlen(rel)), rel);
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* The subject of rows [i, j) (one site, or one file's sites). */
static void subject(char *buf, size_t len, const struct patch_state *st,
		    size_t i, size_t j)
{
	const struct patch_row *r = &st->rows[i];
	char prefix[128];

	subject_prefix(prefix, sizeof(prefix), r->rel);
	if (j - i > 1 || !r->nfunctions)
		snprintf(buf, len, "%s: Use asm_inline() instead of asm() in %s",
			 prefix, base_name(r->rel));
	else if (r->nfunctions == 1)
		snprintf(buf, len, "%s: Use asm_inline() instead of asm() in %s()",
			 prefix, r->functions[0]);
	else if (r->nfunctions == 2)
		snprintf(buf, len, "%s: Use asm_inline() instead of asm() in %s() and %s()",
			 prefix, r->functions[0], r->functions[1]);
	else
		snprintf(buf, len, "%s: Use asm_inline() instead of asm() in %s() and %zu more",
			 prefix, r->functions[0], r->nfunctions - 1);
}

/* git format-patch's file name: "0001-x86-asm-Use-asm_inline-....patch". */
static char *file_name(size_t n, const char *subj)
{
	char slug[SLUG_MAX + 1];
	size_t o = 0;
	bool dash = false;

	for (const char *p = subj; *p && o < SLUG_MAX; p++) {
		bool keep = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			    (*p >= '0' && *p <= '9') || *p == '_' || *p == '.';

		if (!keep) {
			dash = o > 0;
			continue;
		}
		if (dash && o < SLUG_MAX)
			slug[o++] = '-';
		dash = false;
		if (o < SLUG_MAX)
			slug[o++] = *p;
	}
	while (o && (slug[o - 1] == '.' || slug[o - 1] == '-'))
		o--;
	slug[o] = '\0';
	return xasprintf("%04zu-%s.patch", n, slug);
}

/* "pushes records into .smp_locks" from the site's sections. */
static void sections_phrase(FILE *out, const struct rec_site *s)
{
	if (!s->nsections) {
		fputs("its other lines emit no instruction in the function", out);
		return;
	}
	fputs("its other lines push records into ", out);
	for (size_t k = 0; k < s->nsections; k++)
		fprintf(out, "%s%s", k ? (k + 1 == s->nsections ? " and " : ", ") : "",
			s->sections[k]);
}

/* Paragraph text (one line) printed wrapped at 72 columns, then "\n\n". */
static void wrapped(FILE *out, const char *text)
{
	const char *p = text;

	while (*p) {
		const char *line = p, *brk = NULL;

		while (*p && (p - line < 72 || !brk)) {
			if (*p == ' ')
				brk = p;
			p++;
		}
		if (!*p && p - line <= 72) {
			fprintf(out, "%s\n", line);
			break;
		}
		if (!brk)
			brk = p;
		fprintf(out, "%.*s\n", (int)(brk - line), line);
		p = *brk ? brk + 1 : brk;
	}
	fputc('\n', out);
}

static void row_evidence(FILE *out, const struct patch_row *r, bool several)
{
	const struct rec_site *s = r->sites[0];

	if (several)
		fprintf(out, "%s:%" PRIu32 ": the asm in ", r->rel, r->line);
	else
		fprintf(out, "The asm in ");
	for (size_t k = 0; k < r->nfunctions && k < PATCH_ROW_EXAMPLES; k++)
		fprintf(out, "%s%s()", k ? ", " : "", r->functions[k]);
	if (r->nfunctions > PATCH_ROW_EXAMPLES)
		fprintf(out, " and %zu more", r->nfunctions - PATCH_ROW_EXAMPLES);
	fprintf(out, " is charged %" PRIu32 " instructions by GCC's inliner and emits %" PRIu32
		" in the function (%s): ", s->gcc_count, s->est_insns, s->kind);
	sections_phrase(out, s);
	fprintf(out, ".  %" PRIu64 " statement%s in %" PRIu64 " unit%s", r->statements,
		r->statements == 1 ? "" : "s", r->units, r->units == 1 ? "" : "s");
	if (r->edges) {
		fprintf(out, "; the plugin attributes %" PRIu64 " call%s GCC refused to inline to it (",
			r->edges, r->edges == 1 ? "" : "s");
		for (size_t k = 0; k < r->nedge_examples; k++)
			fprintf(out, "%s%s() -> %s()", k ? ", " : "",
				r->edge_examples[k]->caller, r->edge_examples[k]->callee);
		fputs(r->edges > r->nedge_examples ? ", ...)" : ")", out);
		if (r->rule_edges)
			fprintf(out, ", %" PRIu64 " of them by its rule alone: GCC's inliner, "
				"re-run to check, gave no answer in their unit",
				r->rule_edges);
	}
	fputc('.', out);
}

static void body(FILE *out, const struct patch_state *st, size_t i, size_t j)
{
	char cc[256], *text;
	size_t len;
	FILE *mem;

	wrapped(out, "GCC's inliner sizes an asm statement by the lines of its "
		     "template, so an asm that pushes records into other sections "
		     "counts as many instructions while it emits one or two: small "
		     "functions using it look big, and calls to them are not inlined.  "
		     "asm_inline() (GCC 9 and later) makes the inliner count it as one "
		     "instruction.");
	for (size_t k = i; k < j; k++) {
		if (!st->rows[k].converted)
			continue;
		mem = open_memstream(&text, &len);
		if (!mem)
			asmscan_fatal("patch", "cannot write", strerror(errno));
		row_evidence(mem, &st->rows[k], j - i > 1);
		fclose(mem);
		wrapped(out, text);
		free(text);
	}
	compiler_short(st->compiler, cc, sizeof(cc));
	text = xasprintf("Found with the asminline GCC plugin's records (%s, %zu unit%s); "
			 "asmscan diff on builds before and after shows the effect on calls.",
			 cc, st->recs.nunits, st->recs.nunits == 1 ? "" : "s");
	wrapped(out, text);
	free(text);
}

/* " path | 2 +-" lines and the summary, from the diff's own lines. */
static void diffstat(FILE *out, const char *diff, size_t len)
{
	char file[4096] = "";
	size_t plus = 0, minus = 0, files = 0, ins = 0, del = 0;
	const char *p = diff, *end = diff + len;

	for (;;) {
		const char *nl = p < end ? memchr(p, '\n', (size_t)(end - p)) : NULL;
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		bool next = p >= end || (n > 6 && !strncmp(p, "--- a/", 6));

		if (next && *file) {
			fprintf(out, " %s | %zu ", file, plus + minus);
			for (size_t k = 0; k < plus && k < 30; k++)
				fputc('+', out);
			for (size_t k = 0; k < minus && k < 30; k++)
				fputc('-', out);
			fputc('\n', out);
			files++;
			ins += plus;
			del += minus;
			plus = minus = 0;
			*file = '\0';
		}
		if (p >= end)
			break;
		if (n > 6 && !strncmp(p, "+++ b/", 6))
			snprintf(file, sizeof(file), "%.*s", (int)(n - 6), p + 6);
		else if (n && *p == '+' && strncmp(p, "+++ ", 4))
			plus++;
		else if (n && *p == '-' && strncmp(p, "--- ", 4))
			minus++;
		p += n + 1;
	}
	fprintf(out, " %zu file%s changed, %zu insertion%s(+), %zu deletion%s(-)\n",
		files, files == 1 ? "" : "s", ins, ins == 1 ? "" : "s", del,
		del == 1 ? "" : "s");
}

static void date_now(char *buf, size_t len)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	time_t t = epoch && *epoch ? (time_t)strtoll(epoch, NULL, 10) : time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%a, %d %b %Y %H:%M:%S +0000", &tm);
}

struct series_patch {
	size_t i, j;			/* its rows */
	char *diff;
	size_t len;
};

static bool write_one(const struct patch_state *st, const struct series_patch *p,
		      size_t n, size_t total, const char *dir, FILE *list)
{
	const char *name = getenv("GIT_AUTHOR_NAME"), *mail = getenv("GIT_AUTHOR_EMAIL");
	char subj[512], date[64];
	char *file, *path;
	FILE *out;
	bool ok;

	subject(subj, sizeof(subj), st, p->i, p->j);
	file = file_name(n, subj);
	path = xasprintf("%s/%s", dir, file);
	out = fopen(path, "w");
	if (!out) {
		asmscan_error(path, "cannot create", strerror(errno));
		free(file);
		free(path);
		return false;
	}
	date_now(date, sizeof(date));
	fprintf(out, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
	if (name && *name && mail && *mail)
		fprintf(out, "From: %s <%s>\n", name, mail);
	else
		fputs("From: Your Name <you@example.org>\n", out);
	fprintf(out, "Date: %s\n", date);
	if (total > 1)
		fprintf(out, "Subject: [PATCH %zu/%zu] %s\n\n", n, total, subj);
	else
		fprintf(out, "Subject: [PATCH] %s\n\n", subj);
	body(out, st, p->i, p->j);
	fputs("---\n", out);	/* body() ends with an empty line: git's has none */
	diffstat(out, p->diff, p->len);
	fputc('\n', out);
	fwrite(p->diff, 1, p->len, out);
	fprintf(out, "-- \nasmscan %s\n\n", ASMSCAN_VERSION);
	ok = !ferror(out);
	ok &= fclose(out) == 0;
	if (!ok)
		asmscan_error(path, "cannot write", strerror(errno));
	else
		fprintf(list, "%s\n", path);
	free(file);
	free(path);
	return ok;
}

bool patch_write_series(struct patch_state *st, FILE *list,
			struct patch_totals *t)
{
	const char *dir = st->opts->patch->format_patch;
	struct series_patch *v = NULL;
	size_t n = 0, cap = 0, i = 0;
	bool ok = true;

	if (mkdir(dir, 0777) && errno != EEXIST) {
		asmscan_error(dir, "cannot create", strerror(errno));
		return false;
	}
	patch_sort_rows(st);
	while (i < st->nrows && st->rows[i].rel) {
		size_t j = i + 1, converted = t->converted;
		struct series_patch p = { .i = i };
		FILE *mem;

		if (st->opts->patch->split_site == false)
			while (j < st->nrows && st->rows[j].rel &&
			       !strcmp(st->rows[j].rel, st->rows[i].rel))
				j++;
		p.j = j;
		mem = open_memstream(&p.diff, &p.len);
		if (!mem)
			asmscan_fatal(dir, "cannot write", strerror(errno));
		patch_write_file(st, mem, i, j, t);
		fclose(mem);
		if (t->converted > converted)
			*VEC_PUSH(v, n, cap) = p;
		else
			free(p.diff);
		i = j;
	}
	for (size_t k = 0; k < n; k++) {
		ok &= write_one(st, &v[k], k + 1, n, dir, list);
		free(v[k].diff);
	}
	free(v);
	patch_report_rows(st, 0);
	return ok;
}
