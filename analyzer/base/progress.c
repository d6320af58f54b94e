// SPDX-License-Identifier: GPL-2.0
/*
 * progress.c — "asmscan: [3/412] kernel/fork.o" on a terminal's stderr.
 * The line is erased (\r, ESC [K) before any message or result goes out,
 * so it never ends up in a log or between two lines of output.
 */
#include "progress.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static bool enabled, shown, ever;
static struct timespec last;

/* Short enough for any terminal: a line that wraps cannot be erased. */
#define PROGRESS_WIDTH 72

void progress_enable(bool on)
{
	enabled = on;
}

void progress_show(const char *fmt, ...)
{
	struct timespec now;
	va_list ap;
	char line[512];
	size_t len;

	if (!enabled)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (ever && (now.tv_sec - last.tv_sec) * 1000000000L +
			    (now.tv_nsec - last.tv_nsec) < 100000000L)
		return;
	last = now;
	ever = true;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	/* Keep the end of a long path: that is where names differ. */
	len = strlen(line);
	if (len > PROGRESS_WIDTH - 9)
		memmove(line + 3, line + len - (PROGRESS_WIDTH - 12),
			PROGRESS_WIDTH - 11), memcpy(line, "...", 3);
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
