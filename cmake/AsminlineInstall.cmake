# SPDX-License-Identifier: GPL-2.0
#
# AsminlineInstall — what `cmake --install` puts where.
#
#   asminline.so  ASMINLINE_PLUGIN_INSTALL_DIR, by default the plugin
#                 directory of the GCC the plugin was built for
#                 (`$ASMINLINE_PLUGIN_GCC -print-file-name=plugin`, e.g.
#                 /usr/lib/gcc/x86_64-linux-gnu/12/plugin), the one place
#                 where that GCC finds `-fplugin=asminline`.  An absolute
#                 path, so it does not move with the prefix (DESTDIR still
#                 applies); set it to a relative path (lib/asminline) to
#                 install under the prefix and load it with
#                 `-iplugindir=PREFIX/lib/asminline -fplugin=asminline`.
#   asmscan       PREFIX/bin
#   asminline-check  PREFIX/bin: the plugin as Kbuild's CHECK (C=1)
#   man pages     PREFIX/share/man/man1/asmscan.1, man7/asminline.7
#                 (man/CMakeLists.txt)
#
# Included by the top-level CMakeLists.txt after the parts are defined.

include(GNUInstallDirs)

if(TARGET asminline)
	find_package(GccPlugin REQUIRED)
	set(ASMINLINE_PLUGIN_INSTALL_DIR "${GccPlugin_PLUGIN_DIR}" CACHE PATH
		"Where cmake --install puts asminline.so (default: the plugin directory of ASMINLINE_PLUGIN_GCC)")
	install(TARGETS asminline
		LIBRARY DESTINATION "${ASMINLINE_PLUGIN_INSTALL_DIR}")
endif()

if(TARGET asmscan)
	install(TARGETS asmscan
		RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# The Kbuild checker (make C=1 CHECK=asminline-check ...), with the plugin.
if(TARGET asminline)
	install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/bin/asminline-check
		DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
