/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kconfig.h — stands for the kernel's include/linux/kconfig.h, which
 * Kbuild gives every C unit as "-include $(srctree)/include/linux/
 * kconfig.h": workflow.py's in-tree compile passes it as Linux 7.2 does
 * in a tree built in place ("-include ./include/linux/kconfig.h", no
 * prefix map), and the plugin takes the source tree from it.
 */
#ifndef KCONFIG_H
#define KCONFIG_H
#define IS_ENABLED(option) 0
#endif
