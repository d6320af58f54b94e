// SPDX-License-Identifier: GPL-2.0
/*
 * peer-plugin.cc — a second plugin for tests/plugin/events.sh: it counts
 * the GCC events it registered for (every pass executed, every
 * declaration the front end finished) and says the counts at
 * PLUGIN_FINISH, so that a test sees asminline.so leave another
 * plugin's events alone.
 */
#include "gcc-plugin.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

static unsigned long peer_passes, peer_decls;

static void peer_pass(void *, void *)
{
	peer_passes++;
}

static void peer_decl(void *, void *)
{
	peer_decls++;
}

static void peer_finish(void *, void *)
{
	fprintf(stderr, "peer: %lu passes, %lu declarations\n", peer_passes,
		peer_decls);
}

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *)
{
	register_callback(info->base_name, PLUGIN_PASS_EXECUTION, peer_pass,
			  NULL);
	register_callback(info->base_name, PLUGIN_FINISH_DECL, peer_decl, NULL);
	register_callback(info->base_name, PLUGIN_FINISH, peer_finish, NULL);
	return 0;
}
