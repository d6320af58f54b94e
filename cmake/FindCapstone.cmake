# SPDX-License-Identifier: GPL-2.0
#
# FindCapstone — the capstone disassembler, through its pkg-config file
# (capstone.pc; include it as <capstone/capstone.h>).
# Result: Capstone_FOUND, Capstone_VERSION and the imported target
# Capstone::Capstone.  Fails with the Debian package: libcapstone-dev (and
# pkg-config when that is what is missing).

find_package(PkgConfig QUIET)
set(_cs_reason "")
if(NOT PKG_CONFIG_FOUND)
	set(_cs_reason "pkg-config is needed to find capstone: install the Debian packages pkg-config and libcapstone-dev")
else()
	pkg_check_modules(PC_CAPSTONE QUIET IMPORTED_TARGET capstone)
	if(NOT PC_CAPSTONE_FOUND)
		set(_cs_reason "capstone (capstone.pc) not found by pkg-config: install the Debian package libcapstone-dev")
	endif()
endif()

set(Capstone_VERSION "${PC_CAPSTONE_VERSION}")
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Capstone
	REQUIRED_VARS PC_CAPSTONE_FOUND
	VERSION_VAR Capstone_VERSION
	REASON_FAILURE_MESSAGE "${_cs_reason}")

if(Capstone_FOUND AND NOT TARGET Capstone::Capstone)
	add_library(Capstone::Capstone INTERFACE IMPORTED)
	set_target_properties(Capstone::Capstone PROPERTIES
		INTERFACE_LINK_LIBRARIES PkgConfig::PC_CAPSTONE)
endif()
