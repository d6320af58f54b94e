// SPDX-License-Identifier: GPL-2.0
/*
 * baseline.c — read and write the baseline file of `asmscan check` (see
 * baseline.h and docs/reference/ci.md).
 */
#include "baseline.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "asmscan.h"
#include "errors.h"

/* Fields after kind and fingerprint, per kind (docs/reference/ci.md). */
static const unsigned kind_fields[CHECK_KINDS] = {
	[CHECK_ASM] = 5,	/* function file asm-kind gcc_count est_insns */
	[CHECK_EDGE] = 3,	/* caller callee file */
	[CHECK_COPY] = 2,	/* function decl-file */
};

/* A field escaped: \\ \t \n \r, other bytes below 0x20 and 0x7f as \xHH. */
static void put_field(FILE *out, const char *s)
{
	fputc('\t', out);
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		if (*p == '\\')
			fputs("\\\\", out);
		else if (*p == '\t')
			fputs("\\t", out);
		else if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\r')
			fputs("\\r", out);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(out, "\\x%02x", *p);
		else
			fputc(*p, out);
	}
}

/* Unescape s in place; false on a bad escape or a raw control byte. */
static bool unescape(char *s, const char **why)
{
	char *w = s;

	for (const char *p = s; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if (c < 0x20 || c == 0x7f) {
			*why = "a control byte in a field (escape it)";
			return false;
		}
		if (c != '\\') {
			*w++ = (char)c;
			continue;
		}
		switch (*++p) {
		case '\\':
			*w++ = '\\';
			break;
		case 't':
			*w++ = '\t';
			break;
		case 'n':
			*w++ = '\n';
			break;
		case 'r':
			*w++ = '\r';
			break;
		case 'x':
			if (hex_digit(p[1]) < 0 || hex_digit(p[2]) < 0 ||
			    !(hex_digit(p[1]) | hex_digit(p[2]))) {
				*why = "a bad \\x escape";
				return false;
			}
			*w++ = (char)(hex_digit(p[1]) << 4 | hex_digit(p[2]));
			p += 2;
			break;
		default:
			*why = "an unknown escape";
			return false;
		}
	}
	*w = '\0';
	return true;
}

static bool parse_u32(const char *s, uint32_t *out)
{
	uint64_t v = 0;

	if (!*s || strlen(s) > 10)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (v > UINT32_MAX)
		return false;
	*out = (uint32_t)v;
	return true;
}

/*
 * A line's kind: asm, edge, copy, or (version 2) "unverified", an edge
 * whose verdict the build the baseline was written from could not give
 * (its unit's inliner re-run failed): read as an edge marked so.
 */
static bool parse_kind(const char *name, unsigned version,
		       struct check_finding *f, const char **why)
{
	memset(f, 0, sizeof(*f));
	f->state = CHECK_FIXED;
	f->base = CHECK_BASE_FINDING;
	if (version >= 2 && !strcmp(name, BASELINE_UNVERIFIED)) {
		f->kind = CHECK_EDGE;
		f->base = CHECK_BASE_UNVERIFIED;
		return true;
	}
	for (unsigned kind = 0; kind < CHECK_KINDS; kind++) {
		if (!strcmp(name, check_kind_name((enum check_kind)kind))) {
			f->kind = (enum check_kind)kind;
			return true;
		}
	}
	*why = version >= 2 ? "unknown kind (asm, edge, copy, unverified)"
			    : "unknown kind (asm, edge, copy)";
	return false;
}

/* One finding line (no newline) into f; why on failure. */
static bool parse_line(char *line, unsigned version, struct check_finding *f,
		       struct arena *a, const char **why)
{
	char *field[8];
	unsigned nf = 0;

	for (char *p = line;; p++) {
		char *tab = strchr(p, '\t');

		if (nf == 8) {
			*why = "too many fields";
			return false;
		}
		field[nf++] = p;
		if (!tab)
			break;
		*tab = '\0';
		p = tab;
	}
	if (!parse_kind(field[0], version, f, why))
		return false;
	if (nf != 2 + kind_fields[f->kind]) {
		*why = "wrong number of fields for its kind";
		return false;
	}
	if (!hex_id_parse(field[1], &f->fp)) {
		*why = "the fingerprint is not 16 lowercase hex digits";
		return false;
	}
	for (unsigned i = 2; i < nf; i++) {
		if (!unescape(field[i], why))
			return false;
		field[i] = arena_strdup(a, field[i]);
	}
	f->function = field[2];
	switch (f->kind) {
	case CHECK_ASM:
		f->file = field[3];
		f->asm_kind = field[4];
		if (!parse_u32(field[5], &f->gcc_count) ||
		    !parse_u32(field[6], &f->est_insns)) {
			*why = "a count is not a number";
			return false;
		}
		break;
	case CHECK_EDGE:
		f->callee = field[3];
		f->file = field[4];
		break;
	case CHECK_COPY:
	case CHECK_KINDS:
		f->file = field[3];
		break;
	}
	return true;
}

__attribute__((format(printf, 3, 4)))
static bool malformed(const char *path, size_t lineno, const char *fmt, ...)
{
	char where[4096], why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	snprintf(where, sizeof(where), "%s:%zu", path, lineno);
	asmscan_error(where, "malformed baseline", why);
	return false;
}

bool baseline_parse(FILE *in, const char *path, struct check_finding **v,
		    size_t *n, size_t *cap, struct arena *a)
{
	char *line = NULL;
	size_t len = 0, lineno = 0;
	unsigned version = 0;
	ssize_t got;
	bool ok = true;

	while (ok && (got = getline(&line, &len, in)) >= 0) {
		const char *why = NULL;
		size_t ll = (size_t)got;

		lineno++;
		if (ll > BASELINE_MAX_LINE) {
			ok = malformed(path, lineno, "a line of %zu bytes (at most %d)",
				       ll, BASELINE_MAX_LINE);
			break;
		}
		if (!ll || line[ll - 1] != '\n') {
			ok = malformed(path, lineno,
				       "no newline at the end: the file is cut short");
			break;
		}
		line[--ll] = '\0';
		if (memchr(line, '\0', ll)) {
			ok = malformed(path, lineno, "a NUL byte");
			break;
		}
		if (lineno == 1) {
			char *end;
			unsigned long ver;

			if (strncmp(line, BASELINE_HEADER, strlen(BASELINE_HEADER))) {
				ok = malformed(path, 1, "the first line is not \"%sN\"",
					       BASELINE_HEADER);
				break;
			}
			errno = 0;
			ver = strtoul(line + strlen(BASELINE_HEADER), &end, 10);
			if (errno || *end || end == line + strlen(BASELINE_HEADER)) {
				ok = malformed(path, 1, "no version number");
				break;
			}
			if (ver < 1 || ver > BASELINE_VERSION) {
				ok = malformed(path, 1,
					       "format version %lu; this asmscan reads versions 1 to %d",
					       ver, BASELINE_VERSION);
				break;
			}
			version = (unsigned)ver;
			continue;
		}
		if (!ll || line[0] == '#')
			continue;
		if (!parse_line(line, version, VEC_PUSH(*v, *n, *cap), a, &why)) {
			(*n)--;
			ok = malformed(path, lineno, "%s", why);
		}
	}
	if (ok && ferror(in))
		ok = malformed(path, lineno + 1, "read error");
	if (ok && !lineno)
		ok = malformed(path, 1, "empty file (no \"%sN\" line)",
			       BASELINE_HEADER);
	free(line);
	return ok;
}

bool baseline_read(const char *path, struct check_finding **v, size_t *n,
		   size_t *cap, struct arena *a, bool *missing)
{
	FILE *in = fopen(path, "r");
	struct stat st;
	bool ok;

	*missing = false;
	if (!in) {
		if (errno == ENOENT) {
			*missing = true;
			return true;
		}
		asmscan_error(path, "cannot read baseline", strerror(errno));
		return false;
	}
	if (fstat(fileno(in), &st) || !S_ISREG(st.st_mode)) {
		asmscan_error(path, "cannot read baseline", "not a regular file");
		fclose(in);
		return false;
	}
	ok = baseline_parse(in, path, v, n, cap, a);
	fclose(in);
	return ok;
}

static int str_cmp(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

/* File, function, kind, fingerprint: a file's findings stay together. */
static int print_cmp(const void *pa, const void *pb)
{
	const struct check_finding *a = *(const struct check_finding *const *)pa;
	const struct check_finding *b = *(const struct check_finding *const *)pb;
	int c = str_cmp(a->file, b->file);

	if (!c)
		c = str_cmp(a->function, b->function);
	if (!c)
		c = (a->kind > b->kind) - (a->kind < b->kind);
	if (!c)
		c = (a->write_unverified > b->write_unverified) -
		    (a->write_unverified < b->write_unverified);
	if (!c)
		c = (a->fp > b->fp) - (a->fp < b->fp);
	return c;
}

void baseline_print(FILE *out, const struct check_finding *v, size_t n)
{
	const struct check_finding **s = xmalloc((n ? n : 1) * sizeof(*s));
	size_t k = 0;
	bool unverified = false;

	for (size_t i = 0; i < n; i++) {
		if (v[i].state != CHECK_FIXED)
			s[k++] = &v[i];
		unverified |= v[i].write_unverified;
	}
	qsort(s, k, sizeof(*s), print_cmp);
	/* Version 1 unless a line needs 2: older readers keep reading it. */
	fprintf(out, "%s%d\n", BASELINE_HEADER, unverified ? 2 : 1);
	fputs("# Written by asmscan check --write-baseline; one finding per line:\n"
	      "# KIND FINGERPRINT then what it is, tab-separated (docs/reference/ci.md).\n",
	      out);
	for (size_t i = 0; i < k; i++) {
		const struct check_finding *f = s[i];

		fprintf(out, "%s\t%016" PRIx64,
			f->write_unverified ? BASELINE_UNVERIFIED
					    : check_kind_name(f->kind),
			f->fp);
		put_field(out, f->function);
		switch (f->kind) {
		case CHECK_ASM:
			put_field(out, f->file);
			put_field(out, f->asm_kind);
			fprintf(out, "\t%" PRIu32 "\t%" PRIu32, f->gcc_count,
				f->est_insns);
			break;
		case CHECK_EDGE:
			put_field(out, f->callee);
			put_field(out, f->file);
			break;
		case CHECK_COPY:
		case CHECK_KINDS:
			put_field(out, f->file);
			break;
		}
		fputc('\n', out);
	}
	free(s);
}

/* The mode FILE has, or a new file's (0666 less the umask). */
static mode_t new_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (!stat(path, &st))
		return st.st_mode & 07777;
	mask = umask(0);	/* main thread, after the workers stopped */
	umask(mask);
	return 0666 & ~mask;
}

/* fsync the directory holding path, so the rename itself is durable. */
static bool sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path))
			  : xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	bool ok = fd >= 0 && !fsync(fd);

	if (fd >= 0)
		close(fd);
	free(dir);
	return ok;
}

bool baseline_write(const char *path, const struct check_finding *v, size_t n)
{
	char *tmp = xasprintf("%s.tmp.XXXXXX", path);
	int fd = mkstemp(tmp);
	const char *step = "cannot create a temporary file";
	FILE *out = NULL;
	int err;

	if (fd < 0)
		goto fail;
	step = "cannot write";
	if (fchmod(fd, new_mode(path)))
		goto fail;
	out = fdopen(fd, "w");
	if (!out)
		goto fail;
	baseline_print(out, v, n);
	if (fflush(out) || ferror(out))
		goto fail;
	step = "cannot sync";
	if (fsync(fd))
		goto fail;
	step = "cannot write";
	fd = -1;
	if (fclose(out)) {
		out = NULL;
		goto fail;
	}
	out = NULL;
	step = "cannot rename the temporary file over it";
	if (rename(tmp, path))
		goto fail;
	if (!sync_dir(path)) {
		/* renamed already: the new baseline is there, maybe not durable */
		asmscan_error(path, "cannot sync its directory", strerror(errno));
		free(tmp);
		return false;
	}
	free(tmp);
	return true;
fail:
	err = errno;
	if (out)
		fclose(out);
	else if (fd >= 0)
		close(fd);
	if (strcmp(step, "cannot create a temporary file"))
		unlink(tmp);
	asmscan_errorf(path, "cannot write baseline", "%s (%s): %s", step, tmp,
		       strerror(err));
	free(tmp);
	return false;
}
