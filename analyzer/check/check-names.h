/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check-names.h — the names a finding's kind and state print as, in the
 * text, the JSON and the baseline file (check-names.c).
 */
#ifndef ASMSCAN_CHECK_NAMES_H
#define ASMSCAN_CHECK_NAMES_H

#include "findings.h"

/* The name a kind has in the baseline, in JSON and in SARIF. */
const char *check_kind_name(enum check_kind kind);
const char *check_state_name(enum check_state state);

#endif /* ASMSCAN_CHECK_NAMES_H */
