// SPDX-License-Identifier: GPL-2.0
/*
 * asminline.cc — plugin entry: GPL marker, plugin_info, plugin_init.
 *
 * Order as in the kernel's scripts/gcc-plugins: the strict version check
 * first (a plugin only works in the GCC it was built for), then every
 * argument is parsed (any error fails plugin_init, and GCC stops), then
 * the callbacks are registered.  With "disable" the arguments are still
 * checked, but nothing is registered.
 */
#include "plugin-state.h"
#include "site-list.h"
#include "embed.h"
#include "edges.h"
#include "asm-pass.h"
#include "asm-diag.h"
#include "target.h"

/* The two symbols GCC looks up; everything else is hidden (exports.map). */
__attribute__((visibility("default"))) int plugin_is_GPL_compatible;

static struct plugin_info asminline_plugin_info = {
	.version = ASMINLINE_VERSION,
	.help = asminline_help,
};

/* One compiler run is one translation unit: one state. */
static struct asminline_plugin asminline_state;

/*
 * The report gets the unit's records only if it compiled: no error, and
 * no warning -Werror made one (counted apart from errors; cc1 exits with
 * an error either way, and the driver removes the object).  A fatal error
 * or an internal one leaves cc1 before PLUGIN_FINISH: nothing is written
 * either.
 */
static void asminline_finish_report(struct asminline_plugin *pl)
{
	bool compiled = !seen_error() && !werrorcount;
	unsigned long n = report_flush(&pl->report, compiled);

	if (!compiled && n && pl->opts.verbose)
		fprintf(stderr, "asminline: %s: the unit did not compile: its %lu records are not written to the report\n",
			pl->tu ? pl->tu : "<unit>", n);
	report_close(&pl->report);
}

static void asminline_finish(void *gcc_data, void *user_data)
{
	struct asminline_plugin *pl = (struct asminline_plugin *)user_data;

	(void)gcc_data;
	asm_pass_finish(pl);
	edges_finish(pl);
	asminline_finish_report(pl);
	free(pl->embed);
	free(pl->sites);
	free(pl->site_stmts);
	free(pl->site_applied);
	site_list_free(&pl->opts.sites);
	free(pl->opts.sites_flag);
	srcpath_free(&pl->paths);
}

/* The end of the unit: the assembler output is still open. */
static void asminline_finish_unit(void *gcc_data, void *user_data)
{
	struct asminline_plugin *pl = (struct asminline_plugin *)user_data;

	const char *rerun, *rerun_error;

	(void)gcc_data;
	rerun = edges_unit_rerun(pl->edges, &rerun_error);
	embed_finish_unit(pl, rerun, rerun_error);
	asm_diag_finish_unit(pl);
}

/*
 * GCC's plugin events, off while the plugin needs none.  Once any plugin
 * is loaded (flag_plugin_added), GCC sends every event of every pass of
 * every function, and every declaration and type the front end finishes,
 * through invoke_plugin_callbacks_full(), registered or not: some 164,000
 * calls and 4.9 M instructions on kernel/fork.c, a third of what the
 * plugin added to it.  Nothing else reads the flag (plugin.h, GCC 12 to
 * 16).  The plugin's work runs in passes of its own (asm-pass.cc,
 * edges.cc), which the pass manager runs whatever the flag; it needs
 * events only at the unit's start (this one) and end.  So when no other
 * plugin has a callback, the flag is cleared now, and set again by the
 * front end's post_compilation_parsing_cleanups hook, which compile_file()
 * calls right after the last function was compiled, before it returns
 * on errors and before PLUGIN_FINISH_UNIT: that event and PLUGIN_FINISH
 * are sent as before.  Not with -fsyntax-only or in WPA, where
 * compile_file() returns before that hook.  A plugin that registers its
 * first callback only after the unit has started (none of the kernel's
 * does) is not called until the unit ends.
 */
static void (*asminline_saved_cleanups)(void);

static void asminline_events_on(void)
{
	lang_hooks.decls.post_compilation_parsing_cleanups =
		asminline_saved_cleanups;
	flag_plugin_added = true;
	if (asminline_saved_cleanups)
		asminline_saved_cleanups();
}

static bool asminline_events_off(const char *name)
{
	bool others;

	/* Ours aside (PLUGIN_FINISH is back before anything can run). */
	unregister_callback(name, PLUGIN_FINISH);
	others = plugins_active_p();
	register_callback(name, PLUGIN_FINISH, asminline_finish,
			  &asminline_state);
	if (others || flag_syntax_only || flag_wpa)
		return false;
	asminline_saved_cleanups =
		lang_hooks.decls.post_compilation_parsing_cleanups;
	lang_hooks.decls.post_compilation_parsing_cleanups = asminline_events_on;
	flag_plugin_added = false;
	return true;
}

/*
 * The options are final: the code size -m32/-m16 chose is known.  Every
 * plugin's plugin_init() has run, and the front end has not started
 * parsing: the moment to know whether GCC's events are needed.
 */
static void asminline_start_unit(void *gcc_data, void *user_data)
{
	struct asminline_plugin *pl = (struct asminline_plugin *)user_data;
	bool off;

	(void)gcc_data;
	pl->arch = asminline_target_arch(pl->arch);
	pl->main_abs = srcpath_abs(&pl->paths, main_input_filename);
	pl->tu = srcpath_rel(&pl->paths, main_input_filename);
	if (pl->opts.verbose)
		fprintf(stderr, "asminline: %s: file names relative to %s%s%s\n",
			srcpath_rel(&pl->paths, main_input_filename),
			pl->paths.root ? pl->paths.root : "nothing (as GCC names them)",
			pl->paths.root ? ", from " : "",
			pl->paths.root ? pl->paths.root_from : "");
	unregister_callback(pl->plugin_name, PLUGIN_START_UNIT);
	off = asminline_events_off(pl->plugin_name);
	register_callback(pl->plugin_name, PLUGIN_FINISH_UNIT,
			  asminline_finish_unit, pl);
	if (pl->opts.verbose)
		fprintf(stderr, "asminline: GCC's plugin events %s\n",
			off ? "off until the unit's end (no other plugin has a callback)"
			    : "on (another plugin has a callback, or -fsyntax-only)");
}

/* srctree= and sites= against the file system (srcpath.h, site-list.h). */
static int asminline_setup_paths(struct asminline_plugin *pl, const char *name)
{
	const struct site_list *sites = &pl->opts.sites;
	const char *why = NULL;
	size_t bad;

	if (!srcpath_init(&pl->paths, pl->opts.srctree, &why)) {
		char *flag = concat("-fplugin-arg-", name, "-srctree=",
				    pl->opts.srctree, NULL);

		error("%qs: %s", flag, why);
		free(flag);
		return 1;
	}
	if (!sites->n)
		return 0;
	if (!site_list_resolve(&pl->opts.sites, &pl->paths, &bad)) {
		/* A typo in FILE: say so in every unit rather than match nothing. */
		const struct site_want *w = &sites->v[bad];

		if (w->file[0] == '/')
			error("%qs: %qs names no file", pl->opts.sites_flag,
			      w->file);
		else if (pl->paths.root)
			error("%qs: %qs names no file in the source tree %qs "
			      "nor in the compile directory %qs",
			      pl->opts.sites_flag, w->file, pl->paths.root,
			      pl->paths.cwd);
		else
			error("%qs: %qs names no file in the compile directory "
			      "%qs, and no source tree is known "
			      "(%<-fplugin-arg-%s-srctree=DIR%> gives one)",
			      pl->opts.sites_flag, w->file, pl->paths.cwd, name);
		return 1;
	}
	pl->site_stmts = XCNEWVEC(unsigned long, sites->n);
	pl->site_applied = XCNEWVEC(unsigned long, sites->n);
	return 0;
}

static int asminline_setup(struct asminline_plugin *pl, const char *name)
{
	if (asmtpl_arch_parse(ASMINLINE_TARGET_ARCH, &pl->arch) != ASMTPL_OK) {
		error("asminline: built for an unsupported target %qs",
		      ASMINLINE_TARGET_ARCH);
		return 1;
	}
	if (asminline_setup_paths(pl, name))
		return 1;
	pl->embed = XCNEW(struct embed_unit);
	pl->sites = XCNEW(struct asm_sites);
	pl->report.fd = -1;
	if (pl->opts.report_path) {
		int err = report_open(&pl->report, pl->opts.report_path);

		if (err) {
			/* Name the flag, as for every bad argument. */
			char *flag = concat("-fplugin-arg-", name, "-report=",
					    pl->opts.report_path, NULL);

			error("%qs: cannot open report: %s", flag,
			      xstrerror(err));
			free(flag);
			return 1;
		}
	}
	return 0;
}

/*
 * "12.2.0 (Debian 12.2.0-14+deb12u1)": the version and, where the
 * configure arguments give one, the distribution's package version — the
 * part of them that changes with every rebuild of the same GCC.
 */
static void asminline_describe_gcc(const struct plugin_gcc_version *v,
				   char *buf, size_t n)
{
	static const char key[] = "--with-pkgversion=";
	const char *p = v->configuration_arguments
				? strstr(v->configuration_arguments, key)
				: NULL;
	size_t len = 0;

	if (p) {
		p += sizeof(key) - 1;
		if (*p == '\'' || *p == '"') {
			const char *end = strchr(p + 1, *p);

			len = end ? (size_t)(end - p - 1) : 0;
			p++;
		} else {
			len = strcspn(p, " ");
		}
	}
	if (len)
		snprintf(buf, n, "%s (%.*s)", v->basever, (int)len, p);
	else
		snprintf(buf, n, "%s", v->basever);
}

__attribute__((visibility("default"))) int
plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *ver)
{
	struct asminline_plugin *pl = &asminline_state;
	struct register_pass_info pass_info;

	/* Version, date stamp, revision and configure arguments must match. */
	if (!plugin_default_version_check(ver, &gcc_version)) {
		char built[160], here[160];

		asminline_describe_gcc(&gcc_version, built, sizeof(built));
		asminline_describe_gcc(ver, here, sizeof(here));
		error("asminline: this plugin was built for GCC %s targeting %s, "
		      "not for this compiler (GCC %s%s); "
		      "rebuild it with CMake option %<ASMINLINE_PLUGIN_GCC%> naming this gcc",
		      built, ASMINLINE_TARGET_TRIPLE, here,
		      strcmp(built, here) ? "" : ", configured differently");
		return 1;
	}

	if (!asminline_options_parse(&pl->opts, info))
		return 1;
	if (pl->opts.help)
		fputs(asminline_help, stderr);

	register_callback(info->base_name, PLUGIN_INFO, NULL,
			  &asminline_plugin_info);
	if (pl->opts.disable)
		return 0;

	if (asminline_setup(pl, info->base_name))
		return 1;

	pass_info.pass = asm_pass_create(g, pl);
	pass_info.reference_pass_name = "cfg";
	pass_info.ref_pass_instance_number = 1;
	pass_info.pos_op = PASS_POS_INSERT_AFTER;
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &pass_info);
	pl->plugin_name = info->base_name;
	register_callback(info->base_name, PLUGIN_START_UNIT,
			  asminline_start_unit, pl);
	edges_register(pl, info->base_name);
	/* PLUGIN_FINISH_UNIT at the start of the unit (asminline_start_unit). */
	register_callback(info->base_name, PLUGIN_FINISH, asminline_finish, pl);
	return 0;
}
