/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edge-rerun-switch.h — the inliner's re-run taken another way than it
 * would be, for tests that compare the two ways' records, and the
 * plugin's own estimates checked against GCC's.
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
	/*
	 * Always on in the tests' copy, no variable: edge-limits.cc's own
	 * growth, hints and size after inlining are checked against GCC's
	 * estimate_edge_growth(), estimate_edge_hints() and
	 * estimate_size_after_inlining() on every call it judges, and a
	 * difference aborts the compile (every GCC the matrix builds for).
	 */
	EDGE_RERUN_SWITCH_CHECK_ESTIMATES,
};

/* Whether the switch is on: never, but in the tests' copy. */
bool edge_rerun_switch(enum edge_rerun_switch s);

#endif /* ASMINLINE_EDGE_RERUN_SWITCH_H */
