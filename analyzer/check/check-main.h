/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check-main.h — the row of the verb table of `asmscan check`
 * (check-main.c): findings against a baseline or the build before, the
 * CI gate.
 */
#ifndef ASMSCAN_CHECK_MAIN_H
#define ASMSCAN_CHECK_MAIN_H

#include "asmscan.h"

extern const struct asmscan_verb check_verb;

#endif /* ASMSCAN_CHECK_MAIN_H */
