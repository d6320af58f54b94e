/* SPDX-License-Identifier: GPL-2.0 */
/*
 * progress.h — a one-line progress indicator on stderr, only when stderr
 * is a terminal (opts->progress), redrawn at most ten times a second and
 * erased before anything else is printed.  Main thread only.
 */
#ifndef ASMSCAN_PROGRESS_H
#define ASMSCAN_PROGRESS_H

#include <stdbool.h>

void progress_enable(bool on);
__attribute__((format(printf, 1, 2))) void progress_show(const char *fmt, ...);
void progress_clear(void);

#endif /* ASMSCAN_PROGRESS_H */
