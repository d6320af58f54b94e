# SPDX-License-Identifier: GPL-2.0
#
# FindLibiberty — GNU's libiberty (binutils' and GCC's utility library),
# for its demangler: rust_demangle() of <libiberty/demangle.h>, which
# reads Rust's v0 (_R...) and legacy (_ZN...17h<hash>E) symbol names, as
# binutils' nm -C and objdump -C do.  Debian ships it as a static archive
# (libiberty.a) without a pkg-config file.
# Result: Libiberty_FOUND and the imported target Libiberty::Libiberty.
# Fails with the Debian package: libiberty-dev.

find_path(Libiberty_INCLUDE_DIR libiberty/demangle.h)
find_library(Libiberty_LIBRARY NAMES libiberty.a iberty)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Libiberty
	REQUIRED_VARS Libiberty_LIBRARY Libiberty_INCLUDE_DIR
	REASON_FAILURE_MESSAGE "libiberty (libiberty/demangle.h, libiberty.a) not found: install the Debian package libiberty-dev")

if(Libiberty_FOUND AND NOT TARGET Libiberty::Libiberty)
	add_library(Libiberty::Libiberty UNKNOWN IMPORTED)
	set_target_properties(Libiberty::Libiberty PROPERTIES
		IMPORTED_LOCATION "${Libiberty_LIBRARY}"
		INTERFACE_INCLUDE_DIRECTORIES "${Libiberty_INCLUDE_DIR}")
endif()
mark_as_advanced(Libiberty_INCLUDE_DIR Libiberty_LIBRARY)
