// SPDX-License-Identifier: GPL-2.0
/*
 * machine.c — the machines asmscan reads, by ELF e_machine (machine.h).
 */
#include <elf.h>

#include "machine.h"

static const struct machine *const machines[MACHINE_COUNT] = {
	&machine_x86_64,
	&machine_arm64,
};

const struct machine *machine_find(unsigned e_machine)
{
	for (unsigned i = 0; i < MACHINE_COUNT; i++)
		if (machines[i]->e_machine == e_machine)
			return machines[i];
	return NULL;
}

unsigned machine_index(const struct machine *m)
{
	for (unsigned i = 0; i < MACHINE_COUNT; i++)
		if (machines[i] == m)
			return i;
	return 0;
}
