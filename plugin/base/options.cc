// SPDX-License-Identifier: GPL-2.0
/*
 * options.cc — strict parsing of -fplugin-arg-asminline-KEY[=VALUE].
 *
 * GCC has already split each argument at the first '=' into key and value
 * (value is NULL when there was no '=').  Every key is checked, and a key
 * may be given once: Kbuild appends KCFLAGS to flags a Makefile already
 * set, and "the last one wins" would let mode=warn quietly become
 * mode=apply.  Errors name the flag exactly as it was typed (both flags,
 * for a repeated key) and say what would have been accepted.
 */
#include "options.h"
#include "num.h"

/*
 * The help text, from options.def: one line per argument, its description
 * on the next, so that it needs no padding worked out at run time.
 */
const char asminline_help[] =
	"asminline: find inline asm whose inliner charge exceeds the code it emits\n"
#define ASMINLINE_ARG(key, value, help) \
	"  -fplugin-arg-asminline-" key value "\n      " help "\n"
#include "options.def"
#undef ASMINLINE_ARG
	;

static const char *const options_keys[] = {
#define ASMINLINE_ARG(key, value, help) key,
#include "options.def"
#undef ASMINLINE_ARG
};

#define OPTIONS_NKEYS (ARRAY_SIZE(options_keys))

static bool options_known_key(const char *key)
{
	for (size_t i = 0; i < OPTIONS_NKEYS; i++)
		if (!strcmp(options_keys[i], key))
			return true;
	return false;
}

/* "unknown argument (known: mode, report, ...)", xmalloc-ed: free it. */
static char *options_unknown_why(void)
{
	size_t len = sizeof("unknown argument (known: )");
	char *why, *p;

	for (size_t i = 0; i < OPTIONS_NKEYS; i++)
		len += strlen(options_keys[i]) + 2;
	why = (char *)xmalloc(len);
	p = stpcpy(why, "unknown argument (known: ");
	for (size_t i = 0; i < OPTIONS_NKEYS; i++)
		p = stpcpy(stpcpy(p, i ? ", " : ""), options_keys[i]);
	strcpy(p, ")");
	return why;
}

/* The flag as the user typed it, for error messages (GC-free, leaked). */
static char *options_flag(const struct plugin_name_args *info,
			  const struct plugin_argument *arg)
{
	if (arg->value)
		return concat("-fplugin-arg-", info->base_name, "-", arg->key,
			      "=", arg->value, NULL);
	return concat("-fplugin-arg-", info->base_name, "-", arg->key, NULL);
}

static bool options_bad(const struct plugin_name_args *info,
			const struct plugin_argument *arg, const char *why)
{
	char *flag = options_flag(info, arg);

	error("%qs: %s", flag, why);
	free(flag);
	return false;
}

/* Keys that take no value: "verbose", not "verbose=1". */
static bool options_flag_key(const struct plugin_name_args *info,
			     const struct plugin_argument *arg, bool *field)
{
	if (arg->value)
		return options_bad(info, arg, "this argument takes no value");
	*field = true;
	return true;
}

static bool options_need_value(const struct plugin_name_args *info,
			       const struct plugin_argument *arg,
			       const char *expected)
{
	if (arg->value && arg->value[0])
		return true;
	char *why = concat("missing value: expected ", expected, NULL);

	options_bad(info, arg, why);
	free(why);
	return false;
}

/* A key that takes 0 or 1. */
static bool options_bool_key(const struct plugin_name_args *info,
			     const struct plugin_argument *arg, bool *field)
{
	if (!options_need_value(info, arg, "0 or 1"))
		return false;
	if (!strcmp(arg->value, "0"))
		*field = false;
	else if (!strcmp(arg->value, "1"))
		*field = true;
	else
		return options_bad(info, arg, "bad value: expected 0 or 1");
	return true;
}

/* sites=FILE:LINE[,FILE:LINE...] (site-list.h). */
static bool options_sites(struct asminline_options *opts,
			  const struct plugin_name_args *info,
			  const struct plugin_argument *arg)
{
	const char *why;
	char *item, *msg;

	if (!options_need_value(info, arg, "FILE:LINE[,FILE:LINE...]"))
		return false;
	if (site_list_parse(&opts->sites, arg->value, &why, &item)) {
		opts->sites_flag = options_flag(info, arg);
		return true;
	}
	msg = concat("bad value: ", why, " in '", item,
		     "' (expected FILE:LINE[,FILE:LINE...], lines from 1)", NULL);
	options_bad(info, arg, msg);
	free(msg);
	free(item);
	return false;
}

static bool options_parse_one(struct asminline_options *opts,
			      const struct plugin_name_args *info,
			      const struct plugin_argument *arg)
{
	const char *key = arg->key;
	const char *val = arg->value;

	if (!options_known_key(key)) {
		char *why = options_unknown_why();

		options_bad(info, arg, why);
		free(why);
		return false;
	}
	if (!strcmp(key, "mode")) {
		if (!options_need_value(info, arg, "warn or apply"))
			return false;
		if (!strcmp(val, "warn"))
			opts->mode = ASMINLINE_MODE_WARN;
		else if (!strcmp(val, "apply"))
			opts->mode = ASMINLINE_MODE_APPLY;
		else
			return options_bad(info, arg,
					   "bad value: expected warn or apply");
		return true;
	}
	if (!strcmp(key, "report")) {
		if (!options_need_value(info, arg, "a file path"))
			return false;
		opts->report_path = val;
		return true;
	}
	if (!strcmp(key, "threshold")) {
		if (!options_need_value(info, arg, "a number from 1 to 1000"))
			return false;
		if (!num_parse_uint(val, 1, ASMINLINE_THRESHOLD_MAX,
					&opts->threshold))
			return options_bad(info, arg,
					   "bad value: expected a number from 1 to 1000");
		return true;
	}
	if (!strcmp(key, "diag")) {
		if (!options_need_value(info, arg, "note, warning or none"))
			return false;
		if (!strcmp(val, "note"))
			opts->diag = ASMINLINE_DIAG_NOTE;
		else if (!strcmp(val, "warning"))
			opts->diag = ASMINLINE_DIAG_WARNING;
		else if (!strcmp(val, "none"))
			opts->diag = ASMINLINE_DIAG_NONE;
		else
			return options_bad(info, arg,
					   "bad value: expected note, warning or none");
		return true;
	}
	if (!strcmp(key, "diag-scope")) {
		if (!options_need_value(info, arg, "file or all"))
			return false;
		if (!strcmp(val, "file"))
			opts->diag_scope = ASMINLINE_DIAG_SCOPE_FILE;
		else if (!strcmp(val, "all"))
			opts->diag_scope = ASMINLINE_DIAG_SCOPE_ALL;
		else
			return options_bad(info, arg,
					   "bad value: expected file or all");
		return true;
	}
	if (!strcmp(key, "srctree")) {
		if (!options_need_value(info, arg, "a directory or none"))
			return false;
		opts->srctree = val;
		return true;
	}
	if (!strcmp(key, "sites"))
		return options_sites(opts, info, arg);
	if (!strcmp(key, "embed"))
		return options_bool_key(info, arg, &opts->embed);
	if (!strcmp(key, "rerun"))
		return options_bool_key(info, arg, &opts->rerun);
	if (!strcmp(key, "rerun-timeout")) {
		if (!options_need_value(info, arg, "a number of seconds from 1 to 3600"))
			return false;
		if (!num_parse_uint(val, 1, ASMINLINE_RERUN_TIMEOUT_MAX,
					&opts->rerun_timeout))
			return options_bad(info, arg,
					   "bad value: expected a number of seconds from 1 to 3600");
		return true;
	}
	if (!strcmp(key, "verbose"))
		return options_flag_key(info, arg, &opts->verbose);
	if (!strcmp(key, "disable"))
		return options_flag_key(info, arg, &opts->disable);
	if (!strcmp(key, "help"))
		return options_flag_key(info, arg, &opts->help);

	/* In options.def but not handled above. */
	error("asminline: internal error: argument %qs has no parser", key);
	return false;
}

/* The first argument before argv[i] with its key, or NULL. */
static const struct plugin_argument *
options_earlier(const struct plugin_name_args *info, int i)
{
	for (int j = 0; j < i; j++)
		if (!strcmp(info->argv[j].key, info->argv[i].key))
			return &info->argv[j];
	return NULL;
}

static bool options_repeated(const struct plugin_name_args *info,
			     const struct plugin_argument *first,
			     const struct plugin_argument *again)
{
	char *flag = options_flag(info, again);
	char *before = options_flag(info, first);

	error("%qs: the argument was given before, as %qs: give it once", flag,
	      before);
	free(flag);
	free(before);
	return false;
}

bool asminline_options_parse(struct asminline_options *opts,
			     const struct plugin_name_args *info)
{
	bool ok = true;

	memset(opts, 0, sizeof(*opts));
	opts->mode = ASMINLINE_MODE_WARN;
	opts->threshold = ASMINLINE_THRESHOLD_DEFAULT;
	opts->diag = ASMINLINE_DIAG_NOTE;
	opts->embed = true;
	opts->rerun = true;

	/* Report every bad argument, not only the first. */
	for (int i = 0; i < info->argc; i++) {
		const struct plugin_argument *first = options_earlier(info, i);

		if (first && options_known_key(first->key))
			ok &= options_repeated(info, first, &info->argv[i]);
		else
			ok &= options_parse_one(opts, info, &info->argv[i]);
	}
	/*
	 * sites= narrows what mode=apply marks; alone it would change nothing,
	 * and a what-if that silently did not happen is worse than an error.
	 */
	if (ok && opts->sites.n && opts->mode != ASMINLINE_MODE_APPLY) {
		error("%qs: only %<-fplugin-arg-%s-mode=apply%> applies sites: add it",
		      opts->sites_flag, info->base_name);
		ok = false;
	}
	return ok;
}
