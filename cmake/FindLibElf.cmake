# SPDX-License-Identifier: GPL-2.0
#
# FindLibElf — elfutils' libelf (libelf.h, gelf.h, -lelf).
# Result: LibElf_FOUND and the imported target LibElf::LibElf.
# Fails with the Debian package that provides it: libelf-dev.

find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
	pkg_check_modules(PC_LIBELF QUIET libelf)
endif()
find_path(LibElf_INCLUDE_DIR NAMES gelf.h libelf.h
	HINTS ${PC_LIBELF_INCLUDE_DIRS})
find_library(LibElf_LIBRARY NAMES elf HINTS ${PC_LIBELF_LIBRARY_DIRS})

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibElf
	REQUIRED_VARS LibElf_LIBRARY LibElf_INCLUDE_DIR
	VERSION_VAR PC_LIBELF_VERSION
	REASON_FAILURE_MESSAGE "libelf (gelf.h, libelf.so) not found: install the Debian package libelf-dev")

if(LibElf_FOUND AND NOT TARGET LibElf::LibElf)
	add_library(LibElf::LibElf UNKNOWN IMPORTED)
	set_target_properties(LibElf::LibElf PROPERTIES
		IMPORTED_LOCATION "${LibElf_LIBRARY}"
		INTERFACE_INCLUDE_DIRECTORIES "${LibElf_INCLUDE_DIR}")
endif()
mark_as_advanced(LibElf_INCLUDE_DIR LibElf_LIBRARY)
