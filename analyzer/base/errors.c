// SPDX-License-Identifier: GPL-2.0
/*
 * errors.c — asmscan's one error reporter.  Every problem with an input
 * reads "asmscan: FILE: what went wrong: why" on stderr, so that stdout
 * holds only results and one bad input never hides the others.  Reported
 * messages are also kept, in order, for the JSON and SARIF documents
 * (which carry them as {"error": …} objects so stdout stays parseable).
 */
#include "errors.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static struct asmscan_msgs reported;
static int status = ASMSCAN_EXIT_OK;

static void print_msg(const struct asmscan_msg *m)
{
	fflush(stdout);
	fprintf(stderr, "asmscan: %s: %s%s%s%s\n", m->file,
		m->severity == ASMSCAN_NOTE ? "note: " : "", m->what,
		m->why ? ": " : "", m->why ? m->why : "");
}

static void report(enum asmscan_severity sev, const char *file,
		   const char *what, char *why)
{
	struct asmscan_msg *m = VEC_PUSH(reported.v, reported.n, reported.cap);

	m->severity = sev;
	m->file = xstrdup(file);
	m->what = xstrdup(what);
	m->why = why;
	if (sev == ASMSCAN_ERROR)
		status = ASMSCAN_EXIT_ERROR;
	print_msg(m);
}

void asmscan_error(const char *file, const char *what, const char *why)
{
	report(ASMSCAN_ERROR, file, what, why ? xstrdup(why) : NULL);
}

static char *vformat(const char *fmt, va_list ap)
{
	va_list ap2;
	int len;
	char *s;

	va_copy(ap2, ap);
	len = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (len < 0)
		len = 0;
	s = xmalloc((size_t)len + 1);
	vsnprintf(s, (size_t)len + 1, fmt, ap);
	return s;
}

void asmscan_errorf(const char *file, const char *what, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(ASMSCAN_ERROR, file, what, vformat(fmt, ap));
	va_end(ap);
}

void asmscan_notef(const char *file, const char *what, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(ASMSCAN_NOTE, file, what, vformat(fmt, ap));
	va_end(ap);
}

void asmscan_msgs_add(struct asmscan_msgs *msgs, enum asmscan_severity sev,
		      const char *file, const char *what, const char *fmt, ...)
{
	struct asmscan_msg *m = VEC_PUSH(msgs->v, msgs->n, msgs->cap);
	va_list ap;

	m->severity = sev;
	m->file = xstrdup(file);
	m->what = xstrdup(what);
	va_start(ap, fmt);
	m->why = vformat(fmt, ap);
	va_end(ap);
}

void asmscan_msgs_report(struct asmscan_msgs *msgs)
{
	for (size_t i = 0; i < msgs->n; i++) {
		struct asmscan_msg *m = &msgs->v[i];

		report(m->severity, m->file, m->what, m->why);
		free(m->file);
		free(m->what);
	}
	msgs->n = 0;
}

void asmscan_msgs_free(struct asmscan_msgs *msgs)
{
	for (size_t i = 0; i < msgs->n; i++) {
		free(msgs->v[i].file);
		free(msgs->v[i].what);
		free(msgs->v[i].why);
	}
	free(msgs->v);
	memset(msgs, 0, sizeof(*msgs));
}

const struct asmscan_msgs *asmscan_reported(void)
{
	return &reported;
}

int asmscan_status(void)
{
	return status;
}

size_t asmscan_errors(void)
{
	size_t n = 0;

	for (size_t i = 0; i < reported.n; i++)
		n += reported.v[i].severity == ASMSCAN_ERROR;
	return n;
}

void asmscan_reported_reset(void)
{
	asmscan_msgs_free(&reported);
	status = ASMSCAN_EXIT_OK;
}

int asmscan_usage(const char *fmt, ...)
{
	va_list ap;

	fputs("asmscan: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'asmscan --help' for more information.\n", stderr);
	return ASMSCAN_EXIT_ERROR;
}
