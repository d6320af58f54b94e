/* SPDX-License-Identifier: GPL-2.0 */
/*
 * render-check.h — the printer of `asmscan check`'s result
 * (render-check.c), in the format -f asked for.
 */
#ifndef ASMSCAN_RENDER_CHECK_H
#define ASMSCAN_RENDER_CHECK_H

#include <stdio.h>

/* arg: a built struct check_report (check.h), for output_write(). */
void render_check(FILE *out, void *arg);

#endif /* ASMSCAN_RENDER_CHECK_H */
