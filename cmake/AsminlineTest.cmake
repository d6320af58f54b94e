# SPDX-License-Identifier: GPL-2.0
#
# AsminlineTest — the one helper that registers every test.
#
#   asminline_add_test(NAME name LABELS label... COMMAND cmd arg...
#                      [TIMEOUT seconds] [WORKING_DIRECTORY dir])
#
# Invariants kept for every test:
#   - at least one label, each from the project's set (unit plugin analyzer
#     e2e fuzz slow), so `ctest -L`/`-LE` selections mean something;
#   - a timeout (default 120 s), times ASMINLINE_TEST_TIMEOUT_SCALE (3 in
#     a sanitizer build: every asmscan and asmtpl call runs two to three
#     times slower under ASan, and CI shares its two cores; 1 otherwise);
#   - exit code 77 means "skipped" (the test printed why);
#   - its own working directory, created at configure time under
#     <build>/tests/work/<name> (a relative WORKING_DIRECTORY is taken under
#     <build>/tests/work too), so `ctest -j` never lets two tests share
#     scratch files.  The directory is also exported as ASMINLINE_TEST_WORKDIR,
#     and one under <build>/tests/work holds the marker file
#     .asminline-test-workdir (the test's name): tests/lib's clean_workdir
#     and testlib.workdir() empty the current directory only when it is
#     that directory and holds the marker, so a test run by hand, or with
#     the variable copied into a shell, never empties a checkout;
#   - a test that needs python3 (a COMMAND word ending in .py, python3 or
#     ${Python3_EXECUTABLE}) is registered whatever this machine has: with
#     no python3 found it is registered under its name to fail, saying so
#     (AsminlineMissingTool.cmake), so that `ctest` shows it and a CI run
#     fails; only -DASMINLINE_TESTS_WITHOUT_PYTHON=ON leaves such tests out,
#     and configuration lists them.  asminline_tests_summary(), called once
#     after every test is registered, says how many were either.

set(ASMINLINE_TEST_LABELS unit plugin analyzer e2e fuzz slow)
option(ASMINLINE_TESTS_WITHOUT_PYTHON
	"With no python3: leave out the tests that need it instead of registering them to fail" OFF)
find_package(Python3 3.7 COMPONENTS Interpreter)
set(ASMINLINE_MISSING_TOOL_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/AsminlineMissingTool.cmake)
if(NOT DEFINED ASMINLINE_TEST_TIMEOUT_SCALE)
	if(ASMINLINE_SANITIZE)
		set(ASMINLINE_TEST_TIMEOUT_SCALE 3)
	else()
		set(ASMINLINE_TEST_TIMEOUT_SCALE 1)
	endif()
endif()

function(asminline_add_test)
	cmake_parse_arguments(PARSE_ARGV 0 T "" "NAME;TIMEOUT;WORKING_DIRECTORY"
		"LABELS;COMMAND")
	if(T_UNPARSED_ARGUMENTS)
		message(FATAL_ERROR "asminline_add_test: unexpected arguments: ${T_UNPARSED_ARGUMENTS}")
	endif()
	if(NOT T_NAME OR NOT T_COMMAND OR NOT T_LABELS)
		message(FATAL_ERROR "asminline_add_test: NAME, LABELS and COMMAND are required")
	endif()
	foreach(label IN LISTS T_LABELS)
		if(NOT label IN_LIST ASMINLINE_TEST_LABELS)
			message(FATAL_ERROR "asminline_add_test(${T_NAME}): unknown label '${label}' (known: ${ASMINLINE_TEST_LABELS})")
		endif()
	endforeach()
	if(NOT T_TIMEOUT)
		set(T_TIMEOUT 120)
	endif()
	math(EXPR T_TIMEOUT "${T_TIMEOUT} * ${ASMINLINE_TEST_TIMEOUT_SCALE}")
	if(NOT T_WORKING_DIRECTORY)
		set(T_WORKING_DIRECTORY ${T_NAME})
	endif()
	if(NOT IS_ABSOLUTE "${T_WORKING_DIRECTORY}")
		set(T_WORKING_DIRECTORY
			"${CMAKE_BINARY_DIR}/tests/work/${T_WORKING_DIRECTORY}")
	endif()
	set(_needs_python FALSE)
	foreach(word IN LISTS T_COMMAND)
		if(word MATCHES "\\.py$" OR word STREQUAL "python3" OR
		   (Python3_EXECUTABLE AND word STREQUAL Python3_EXECUTABLE))
			set(_needs_python TRUE)
		endif()
	endforeach()
	if(_needs_python AND NOT Python3_Interpreter_FOUND)
		if(ASMINLINE_TESTS_WITHOUT_PYTHON)
			set_property(GLOBAL APPEND PROPERTY ASMINLINE_TESTS_LEFT_OUT ${T_NAME})
			return()
		endif()
		set_property(GLOBAL APPEND PROPERTY ASMINLINE_TESTS_NO_TOOL ${T_NAME})
		set(T_COMMAND ${CMAKE_COMMAND} -DTEST=${T_NAME} -DTOOL=python3
			-P ${ASMINLINE_MISSING_TOOL_SCRIPT})
	endif()
	file(MAKE_DIRECTORY "${T_WORKING_DIRECTORY}")
	string(FIND "${T_WORKING_DIRECTORY}/" "${CMAKE_BINARY_DIR}/tests/work/" _at)
	if(_at EQUAL 0)
		file(WRITE "${T_WORKING_DIRECTORY}/.asminline-test-workdir" "${T_NAME}\n")
	endif()

	add_test(NAME ${T_NAME} COMMAND ${T_COMMAND}
		WORKING_DIRECTORY "${T_WORKING_DIRECTORY}")
	set_tests_properties(${T_NAME} PROPERTIES
		LABELS "${T_LABELS}"
		TIMEOUT ${T_TIMEOUT}
		SKIP_RETURN_CODE 77
		ENVIRONMENT "ASMINLINE_TEST_WORKDIR=${T_WORKING_DIRECTORY}")
endfunction()

# Once every test is registered: the tests python3's absence changed.
function(asminline_tests_summary)
	get_property(failing GLOBAL PROPERTY ASMINLINE_TESTS_NO_TOOL)
	get_property(left_out GLOBAL PROPERTY ASMINLINE_TESTS_LEFT_OUT)
	if(failing)
		list(LENGTH failing n)
		list(JOIN failing ", " names)
		message(WARNING "python3 (3.7 or later) not found: ${n} tests that need it are "
			"registered to fail: ${names}.  Install python3 (scripts/dev/setup.sh), or "
			"configure with -DASMINLINE_TESTS_WITHOUT_PYTHON=ON to leave them out.")
	endif()
	if(left_out)
		list(LENGTH left_out n)
		list(JOIN left_out ", " names)
		message(STATUS "python3 not found: ${n} tests left out "
			"(ASMINLINE_TESTS_WITHOUT_PYTHON=ON): ${names}")
	endif()
endfunction()
