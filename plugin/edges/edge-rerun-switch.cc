// SPDX-License-Identifier: GPL-2.0
/*
 * edge-rerun-switch.cc — edge-rerun-switch.h's switches: compiled twice,
 * without ASMINLINE_TEST_SWITCHES into asminline.so (every switch off, no
 * getenv), with it into the tests' copy (plugin/CMakeLists.txt), where
 * ASMINLINE_TEST_RERUN_<NAME> in the environment turns one on (the
 * estimates' check is always on there).
 */
#include "edge-rerun-switch.h"

#include <stdlib.h>

#ifdef ASMINLINE_TEST_SWITCHES
bool edge_rerun_switch(enum edge_rerun_switch s)
{
	switch (s) {
	case EDGE_RERUN_SWITCH_FORK_FIRST:
		return getenv("ASMINLINE_TEST_RERUN_FORK_FIRST") != NULL;
	case EDGE_RERUN_SWITCH_PASS_MANAGER:
		return getenv("ASMINLINE_TEST_RERUN_PASS_MANAGER") != NULL;
	case EDGE_RERUN_SWITCH_ALWAYS_FORK:
		return getenv("ASMINLINE_TEST_RERUN_ALWAYS_FORK") != NULL;
	case EDGE_RERUN_SWITCH_CHECK_ESTIMATES:
		return true;
	}
	return false;
}
#else
bool edge_rerun_switch(enum edge_rerun_switch s)
{
	(void)s;
	return false;
}
#endif
