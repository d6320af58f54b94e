// SPDX-License-Identifier: GPL-2.0
/*
 * report.cc — append-only, one-write-per-record report file; see report.h
 * for why the single write() is the whole concurrency story, and why a
 * unit's lines wait for its end.
 */
#include "report.h"

int report_open(struct report *r, const char *path)
{
	r->path = path;
	r->failed = false;
	r->pending = NULL;
	r->len = r->cap = 0;
	r->lines = 0;
	r->fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	return r->fd < 0 ? errno : 0;
}

void report_add(struct report *r, const char *line, size_t len)
{
	if (r->fd < 0)
		return;
	/*
	 * 1 MB at first: a block malloc maps whole, and that realloc
	 * grows by remapping, not copying (from 64 KB, the copies were
	 * 0.7 M instructions on a dense unit); pages are used as written.
	 */
	if (r->cap - r->len < len) {
		while (r->cap - r->len < len)
			r->cap = r->cap ? 2 * r->cap : 1 << 20;
		r->pending = (char *)xrealloc(r->pending, r->cap);
	}
	memcpy(r->pending + r->len, line, len);
	r->len += len;
	r->lines++;
}

static void report_write(struct report *r, const char *line, size_t len)
{
	ssize_t n;

	if (r->failed)
		return;
	do
		n = write(r->fd, line, len);
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)len)
		return;
	r->failed = true;
	if (n < 0)
		error("asminline: cannot append to report %qs: %s", r->path,
		      xstrerror(errno));
	else
		error("asminline: short write to report %qs (%ld of %lu bytes; disk full?)",
		      r->path, (long)n, (unsigned long)len);
}

unsigned long report_flush(struct report *r, bool compiled)
{
	unsigned long lines = r->lines;
	const char *p = r->pending, *end = r->pending + r->len;

	/* JSON escapes every byte below 0x20: '\n' only ends a line. */
	while (compiled && r->fd >= 0 && p < end) {
		const char *nl =
			(const char *)memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);

		report_write(r, p, len);
		p += len;
	}
	free(r->pending);
	r->pending = NULL;
	r->len = r->cap = 0;
	r->lines = 0;
	return lines;
}

void report_close(struct report *r)
{
	if (r->fd >= 0 && close(r->fd) < 0 && !r->failed)
		error("asminline: cannot close report %qs: %s", r->path,
		      xstrerror(errno));
	r->fd = -1;
}
