// SPDX-License-Identifier: GPL-2.0
/*
 * report.cc — append-only, one-write-per-record report file; see report.h
 * for why the single write() is the whole concurrency story.
 */
#include "report.h"

int report_open(struct report *r, const char *path)
{
	r->path = path;
	r->failed = false;
	r->fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	return r->fd < 0 ? errno : 0;
}

void report_write(struct report *r, const char *line, size_t len)
{
	ssize_t n;

	if (r->fd < 0 || r->failed)
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

void report_close(struct report *r)
{
	if (r->fd >= 0 && close(r->fd) < 0 && !r->failed)
		error("asminline: cannot close report %qs: %s", r->path,
		      xstrerror(errno));
	r->fd = -1;
}
