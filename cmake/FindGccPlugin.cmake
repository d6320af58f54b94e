# SPDX-License-Identifier: GPL-2.0
#
# FindGccPlugin — the plugin headers of the GCC that will load the plugin.
#
# A GCC plugin only loads into the very GCC whose headers it was compiled
# against (plugin_default_version_check compares version, date stamp and
# configure arguments), so the headers are taken from that compiler:
# `$ASMINLINE_PLUGIN_GCC -print-file-name=plugin`.  ASMINLINE_PLUGIN_GCC
# defaults to CMAKE_C_COMPILER; set it to e.g. aarch64-linux-gnu-gcc-12 to
# build a plugin for a cross compiler (the .so itself is built by the host
# C++ compiler).
#
# Result variables:
#   GccPlugin_FOUND, GccPlugin_INCLUDE_DIR, GccPlugin_PLUGIN_DIR (where
#   that GCC looks for -fplugin=NAME), GccPlugin_VERSION (full version of
#   that GCC), GccPlugin_VERSION_MAJOR, GccPlugin_TARGET (its -dumpmachine
#   triple), and the INTERFACE target GccPlugin::GccPlugin.

set(ASMINLINE_PLUGIN_GCC "${CMAKE_C_COMPILER}" CACHE STRING
	"The GCC that will load the plugin (its plugin headers are used)")
# A bare name (aarch64-linux-gnu-gcc-12) is looked up on PATH.
if(NOT IS_ABSOLUTE "${ASMINLINE_PLUGIN_GCC}")
	find_program(_gp_exe NAMES "${ASMINLINE_PLUGIN_GCC}" NO_CACHE)
	if(_gp_exe)
		set(ASMINLINE_PLUGIN_GCC "${_gp_exe}" CACHE STRING
			"The GCC that will load the plugin (its plugin headers are used)" FORCE)
	endif()
endif()

set(_gp_reason "")
execute_process(COMMAND ${ASMINLINE_PLUGIN_GCC} -dumpfullversion
	OUTPUT_VARIABLE GccPlugin_VERSION OUTPUT_STRIP_TRAILING_WHITESPACE
	RESULT_VARIABLE _gp_rc ERROR_QUIET)
if(NOT _gp_rc EQUAL 0 OR NOT GccPlugin_VERSION MATCHES "^[0-9]+")
	set(_gp_reason "${ASMINLINE_PLUGIN_GCC} is not a GCC (-dumpfullversion failed): set ASMINLINE_PLUGIN_GCC to the gcc that will load the plugin")
else()
	string(REGEX MATCH "^[0-9]+" GccPlugin_VERSION_MAJOR "${GccPlugin_VERSION}")
	execute_process(COMMAND ${ASMINLINE_PLUGIN_GCC} -dumpmachine
		OUTPUT_VARIABLE GccPlugin_TARGET OUTPUT_STRIP_TRAILING_WHITESPACE
		ERROR_QUIET)
	execute_process(COMMAND ${ASMINLINE_PLUGIN_GCC} -print-file-name=plugin
		OUTPUT_VARIABLE _gp_dir OUTPUT_STRIP_TRAILING_WHITESPACE
		ERROR_QUIET)
	# Debian names the package after the major version; a cross compiler's
	# carries the target triple.
	set(_gp_pkg "gcc-${GccPlugin_VERSION_MAJOR}-plugin-dev")
	execute_process(COMMAND ${CMAKE_CXX_COMPILER} -dumpmachine
		OUTPUT_VARIABLE _gp_host OUTPUT_STRIP_TRAILING_WHITESPACE
		ERROR_QUIET)
	if(GccPlugin_TARGET AND NOT GccPlugin_TARGET STREQUAL _gp_host)
		set(_gp_pkg "${_gp_pkg}-${GccPlugin_TARGET}")
	endif()
	if(NOT IS_ABSOLUTE "${_gp_dir}" OR NOT EXISTS "${_gp_dir}/include/gcc-plugin.h")
		set(_gp_reason "GCC ${GccPlugin_VERSION} (${ASMINLINE_PLUGIN_GCC}) has no plugin headers (${_gp_dir}/include/gcc-plugin.h is missing): install the Debian package ${_gp_pkg}")
	else()
		set(GccPlugin_INCLUDE_DIR "${_gp_dir}/include")
		set(GccPlugin_PLUGIN_DIR "${_gp_dir}")
	endif()
endif()

if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
	set(_gp_reason "the plugin must be built by g++ (GCC's plugin headers are GNU C++), not ${CMAKE_CXX_COMPILER_ID}: install g++ (build-essential)")
	unset(GccPlugin_INCLUDE_DIR)
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(GccPlugin
	REQUIRED_VARS GccPlugin_INCLUDE_DIR
	VERSION_VAR GccPlugin_VERSION
	REASON_FAILURE_MESSAGE "${_gp_reason}")

if(GccPlugin_FOUND AND NOT TARGET GccPlugin::GccPlugin)
	add_library(GccPlugin::GccPlugin INTERFACE IMPORTED)
	# -isystem: GCC's own headers are not ours to make -Wextra clean.
	set_target_properties(GccPlugin::GccPlugin PROPERTIES
		INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${GccPlugin_INCLUDE_DIR}"
		INTERFACE_INCLUDE_DIRECTORIES "${GccPlugin_INCLUDE_DIR}")
endif()
