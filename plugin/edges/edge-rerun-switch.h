/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edge-rerun-switch.h — the inliner's re-run taken another way than it
 * would be, for tests that compare the two ways' records.
 *
 * Only the tests' copy of the plugin (the CMake target asminline_test,
 * built from edge-rerun-switch.cc with ASMINLINE_TEST_SWITCHES) reads
 * them, from the environment; in the plugin that is built, installed and
 * packaged (asminline.so) every switch is off, whatever the environment
 * says, and no variable name is in the file.  Faults (a child that aborts
 * or hangs) are not switches: the tests inject them from outside the
 * plugin (tests/plugin/rerun-shim.c).
 */
#ifndef ASMINLINE_EDGE_RERUN_SWITCH_H
#define ASMINLINE_EDGE_RERUN_SWITCH_H

enum edge_rerun_switch {
	/* Fork before the first regular IPA pass, as with a profile. */
	EDGE_RERUN_SWITCH_FORK_FIRST,
	/* The child goes to "inline" through the pass manager. */
	EDGE_RERUN_SWITCH_PASS_MANAGER,
	/* Fork although no call can reach flagged asm. */
	EDGE_RERUN_SWITCH_ALWAYS_FORK,
};

/* Whether the switch is on: never, but in the tests' copy. */
bool edge_rerun_switch(enum edge_rerun_switch s);

#endif /* ASMINLINE_EDGE_RERUN_SWITCH_H */
