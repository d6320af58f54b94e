# SPDX-License-Identifier: GPL-2.0
#
# AsminlineMissingTool — what a test runs instead of its command when a
# tool it needs was not found at configure time (AsminlineTest.cmake):
#   cmake -DTEST=NAME -DTOOL=python3 -P AsminlineMissingTool.cmake
# It fails, naming the test, the tool and the way out, so that a test
# this machine cannot run is a failure to see, never a test that is not
# there.
message(FATAL_ERROR "${TEST}: FAIL: needs ${TOOL}, which configuration did not find: "
	"install it (scripts/dev/setup.sh) and configure again, or configure with "
	"-DASMINLINE_TESTS_WITHOUT_PYTHON=ON to leave out the tests that need it")
