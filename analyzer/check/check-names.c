// SPDX-License-Identifier: GPL-2.0
/*
 * check-names.c — the names of check's kinds and states, as the baseline
 * file, JSON and SARIF spell them (check.h).  Apart from check.c so that
 * the baseline reader and writer need nothing of the analyses.
 */
#include "check-names.h"

const char *check_kind_name(enum check_kind kind)
{
	switch (kind) {
	case CHECK_ASM:
		return "asm";
	case CHECK_EDGE:
		return "edge";
	case CHECK_COPY:
	case CHECK_KINDS:
		break;
	}
	return "copy";
}

const char *check_state_name(enum check_state state)
{
	switch (state) {
	case CHECK_NEW:
		return "new";
	case CHECK_UNCHANGED:
		return "unchanged";
	case CHECK_UNVERIFIED:
		return "unverified";
	case CHECK_CONTEXT:
		return "context";
	case CHECK_FIXED:
	case CHECK_STATES:
		break;
	}
	return "fixed";
}
