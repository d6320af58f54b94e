# SPDX-License-Identifier: GPL-2.0
#
# FindLibDw — elfutils' libdw (elfutils/libdw.h, elfutils/libdwfl.h, -ldw).
# Result: LibDw_FOUND and the imported target LibDw::LibDw (which brings
# LibElf::LibElf along).  Fails with the Debian package: libdw-dev.

find_package(LibElf REQUIRED)
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
	pkg_check_modules(PC_LIBDW QUIET libdw)
endif()
find_path(LibDw_INCLUDE_DIR NAMES elfutils/libdw.h elfutils/libdwfl.h
	HINTS ${PC_LIBDW_INCLUDE_DIRS})
find_library(LibDw_LIBRARY NAMES dw HINTS ${PC_LIBDW_LIBRARY_DIRS})

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibDw
	REQUIRED_VARS LibDw_LIBRARY LibDw_INCLUDE_DIR
	VERSION_VAR PC_LIBDW_VERSION
	REASON_FAILURE_MESSAGE "libdw (elfutils/libdw.h, libdw.so) not found: install the Debian package libdw-dev")

if(LibDw_FOUND AND NOT TARGET LibDw::LibDw)
	add_library(LibDw::LibDw UNKNOWN IMPORTED)
	set_target_properties(LibDw::LibDw PROPERTIES
		IMPORTED_LOCATION "${LibDw_LIBRARY}"
		INTERFACE_INCLUDE_DIRECTORIES "${LibDw_INCLUDE_DIR}"
		INTERFACE_LINK_LIBRARIES LibElf::LibElf)
endif()
mark_as_advanced(LibDw_INCLUDE_DIR LibDw_LIBRARY)
