// SPDX-License-Identifier: GPL-2.0
/*
 * progress.c — "asmscan: [3/412] kernel/fork.o" on a terminal's stderr.
 * The line is erased (\r, ESC [K) before any message or result goes out,
 * so it never ends up in a log or between two lines of output.
 */
#include "progress.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

static bool enabled, shown;
static struct timespec last;

void progress_enable(bool on)
{
	enabled = on;
}

void progress_show(const char *fmt, ...)
{
	struct timespec now;
	va_list ap;
	char line[160];

	if (!enabled)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (shown && (now.tv_sec - last.tv_sec) * 1000000000L +
			     (now.tv_nsec - last.tv_nsec) < 100000000L)
		return;
	last = now;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	fprintf(stderr, "\r\033[Kasmscan: %s", line);
	fflush(stderr);
	shown = true;
}

void progress_clear(void)
{
	if (!shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	shown = false;
}
