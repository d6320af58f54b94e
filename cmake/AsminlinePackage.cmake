# SPDX-License-Identifier: GPL-2.0
#
# AsminlinePackage — a Debian package of what `cmake --install` installs:
#
#   cmake --build build --target package     (or: cd build && cpack -G DEB)
#
# gives build/asminline_VERSION_ARCH.deb with asminline.so in GCC's plugin
# directory, /usr/bin/asmscan and the two man pages.  Depends:
#   - the shared libraries asmscan links (libelf1, libdw1, libcapstone4,
#     libc6), computed by dpkg-shlibdeps when it is installed (dpkg-dev,
#     and file),
#     declared otherwise;
#   - the GCC package the plugin was built for, at that version or later:
#     `gcc-12 (>= 12.2.0-14+deb12u1)`.  Not pinned with "=": a security
#     update of the compiler would then hold it back or remove asminline.
#     The plugin still loads only into the very compiler it was built for
#     (plugin_default_version_check compares version, date stamp and
#     configure arguments, which name the Debian revision); into an updated
#     one it refuses to load with an error naming both and how to rebuild.
#     Found with dpkg-query -S on ASMINLINE_PLUGIN_GCC; left out with a
#     message when that GCC is not from a Debian package.

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME asminline)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "asminline")
set(CPACK_PACKAGE_CONTACT "asminline developers <asminline@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
	"find inline asm that misleads GCC's inliner, and measure asm_inline")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
	"asminline.so, a GCC plugin, reports the inline asm statements whose\n"
	"inliner charge (one per template line) exceeds the instructions they\n"
	"emit, as in the Linux kernel's LOCK_PREFIX and exception-table macros,\n"
	"and can build a tree as if they were asm_inline.  asmscan reads vmlinux,\n"
	"objects and archives and reports out-of-line copies of inline functions,\n"
	"calls to tiny functions and the kernel's special sections per function.")
string(REPLACE ";" "" CPACK_DEBIAN_PACKAGE_DESCRIPTION
	"${CPACK_DEBIAN_PACKAGE_DESCRIPTION}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(_pkg_depends "")
find_program(ASMINLINE_DPKG_SHLIBDEPS dpkg-shlibdeps)
# CPack runs file(1) on every installed file before dpkg-shlibdeps.
find_program(ASMINLINE_FILE file)
if(ASMINLINE_DPKG_SHLIBDEPS AND ASMINLINE_FILE)
	set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
elseif(TARGET asmscan)
	list(APPEND _pkg_depends libc6 libelf1 libdw1 libcapstone4)
endif()

if(TARGET asminline)
	get_filename_component(_pkg_gcc "${ASMINLINE_PLUGIN_GCC}" REALPATH)
	execute_process(COMMAND dpkg-query -S "${_pkg_gcc}"
		OUTPUT_VARIABLE _pkg_owner OUTPUT_STRIP_TRAILING_WHITESPACE
		RESULT_VARIABLE _pkg_rc ERROR_QUIET)
	string(REGEX MATCH "^[^:,]+" _pkg_owner "${_pkg_owner}")
	if(_pkg_rc EQUAL 0 AND _pkg_owner)
		execute_process(COMMAND dpkg-query -W -f=\${Version} ${_pkg_owner}
			OUTPUT_VARIABLE _pkg_gcc_version
			OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
	endif()
	if(_pkg_gcc_version)
		list(APPEND _pkg_depends "${_pkg_owner} (>= ${_pkg_gcc_version})")
	else()
		message(STATUS "asminline package: ${_pkg_gcc} is not from a Debian package; the .deb will not depend on a GCC")
	endif()
endif()
string(REPLACE ";" ", " CPACK_DEBIAN_PACKAGE_DEPENDS "${_pkg_depends}")

include(CPack)
