// SPDX-License-Identifier: GPL-2.0
/*
 * asm-pass.cc — the GIMPLE pass that visits every asm statement once.
 *
 * It is inserted right after "cfg" (pass_build_cfg, in the lowering
 * passes), which every function with a body goes through exactly once and
 * before any inlining (early inlining comes later, in
 * pass_local_optimization_passes).  So each GIMPLE_ASM seen here is in the
 * function whose source holds it, and a flag set here (mode=apply) is what
 * both the early and the IPA inliner see.
 *
 * For each statement:
 *   gcc_count  = estimate_num_insns(stmt, &eni_size_weights), the inliner's
 *                own charge (asm_str_count capped at 1000, 1 for asm inline);
 *   est_insns  = asmtpl's model of the instructions really emitted in the
 *                function's section;
 *   flagged    = !asm_inline && gcc_count - est_insns >= threshold.
 *
 * Warn mode only reads the IL: code generation is unchanged.
 */
#include "asm-pass.h"
#include "asm-diag.h"
#include "asm-record.h"
#include "embed.h"
#include "edges.h"
#include "site-list.h"

static const pass_data asm_pass_data = {
	GIMPLE_PASS,		/* type */
	"asminline",		/* name (-fdump-passes) */
	OPTGROUP_NONE,		/* optinfo_flags */
	TV_NONE,		/* tv_id */
	PROP_gimple_any | PROP_cfg, /* properties_required */
	0,			/* properties_provided */
	0,			/* properties_destroyed */
	0,			/* todo_flags_start */
	0,			/* todo_flags_finish */
};

namespace {

class asm_pass : public gimple_opt_pass {
public:
	asm_pass(gcc::context *ctxt, struct asminline_plugin *pl)
		: gimple_opt_pass(asm_pass_data, ctxt), pl_(pl)
	{
	}

	bool gate(function *fun) final override;

private:
	struct asminline_plugin *pl_;
};

} /* namespace */

/*
 * Top-level asm (asm(".macro ...") at file scope) reaches the assembler
 * before every function (with the default -ftoplevel-reorder GCC prints all
 * of it first), so its .macro definitions are in force for every
 * statement: teach them all to the context before the first function.
 */
static void asm_pass_learn_toplevel(struct asminline_plugin *pl)
{
	for (asm_node *node = symtab->first_asm_symbol(); node;
	     node = compat_next_asm(node)) {
		tree str = node->asm_str;

		if (asmtpl_ctx_learn(pl->tpl_ctx, TREE_STRING_POINTER(str),
				     strlen(TREE_STRING_POINTER(str))) ==
		    ASMTPL_ERR_NOMEM)
			fatal_error(input_location,
				    "asminline: out of memory in the template model");
	}
}

static void asm_pass_ensure_ctx(struct asminline_plugin *pl)
{
	if (pl->tpl_ctx)
		return;
	pl->tpl_ctx = asmtpl_ctx_new(pl->arch);
	pl->shapes = XCNEW(struct asm_shapes);
	if (!pl->tpl_ctx)
		fatal_error(input_location,
			    "asminline: out of memory in the template model");
	asm_pass_learn_toplevel(pl);
}

/* The C name of the function: DECL_NAME, never an assembler or clone name. */
static const char *asm_pass_function_name(function *fun)
{
	const char *name = NULL;

	if (DECL_NAME(fun->decl))
		name = lang_hooks.decl_printable_name(fun->decl, 0);
	return name ? name : "<anonymous>";
}

/* asm, its other spellings, and what may follow it before the '('. */
static bool asm_pass_keyword(const char *name)
{
	static const char *const words[] = {
		"asm",	   "__asm",	   "__asm__",	   "inline",
		"__inline", "__inline__",  "volatile",	   "__volatile",
		"__volatile__", "goto",
	};

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (!strcmp(name, words[i]))
			return true;
	return false;
}

/*
 * A macro that is only another name of the asm keyword: an object-like
 * macro whose definition is asm keywords and qualifiers, or names of such
 * macros, with at least one asm — the kernel's "#define asm_inline asm
 * __inline" (or "asm" for compilers without asm inline), an alias of
 * asm_inline.  Read from the macro's definition as it stands at the end
 * of the unit (the pass runs after parsing): one #undef'd meanwhile is
 * not recognised, and the location stays GCC's.
 */
static bool asm_pass_keyword_macro(cpp_hashnode *node, int depth)
{
	const cpp_macro *m;
	bool has_asm = false;

	if (!node || !cpp_user_macro_p(node) || depth > 4)
		return false;
	m = node->value.macro;
	if (m->fun_like || m->kind != cmk_macro || !m->count)
		return false;
	for (unsigned i = 0; i < m->count; i++) {
		const cpp_token *t = &m->exp.tokens[i];
		const char *name;

		if (t->type != CPP_NAME)
			return false;
		name = (const char *)NODE_NAME(t->val.node.node);
		if (asm_pass_keyword(name))
			has_asm |= strncmp(name, "__asm", 5) == 0 ||
				   !strcmp(name, "asm");
		else if (asm_pass_keyword_macro(t->val.node.node, depth + 1))
			has_asm = true;
		else
			return false;
	}
	return has_asm;
}

/*
 * Where the asm keyword is spelled: GCC's spelling location
 * (linemap_resolve_location(LRK_SPELLING_LOCATION) unwinds each macro
 * map toward its spelling, the same walk as here), except that a macro
 * that is only another name of the keyword spells no statement: GCC's
 * spelling of "asm_inline volatile(...)" is the "#define asm_inline asm
 * __inline" line of compiler_types.h, for every such statement of a
 * kernel.  Where the walk meets the expansion of such a macro it goes on
 * from where the macro was used, the asm_inline token itself: a line of
 * the file, of a macro's definition (alternative()), or a macro argument.
 */
static location_t asm_pass_spelling(location_t loc)
{
	if (IS_ADHOC_LOC(loc))
		loc = get_location_from_adhoc_loc(line_table, loc);
	while (loc >= RESERVED_LOCATION_COUNT) {
		const line_map *map = linemap_lookup(line_table, loc);
		const line_map_macro *mm;

		if (!map || !linemap_macro_expansion_map_p(map))
			break;
		mm = linemap_check_macro(map);
		if (asm_pass_keyword_macro(MACRO_MAP_MACRO(mm), 0))
			loc = compat_macro_expansion_point(mm);
		else
			loc = linemap_macro_map_loc_unwind_toward_spelling(
				line_table, mm, loc);
	}
	return loc;
}

/*
 * Where the statement sits (the macro expansion point, which is what the
 * DWARF line table records) and where the asm keyword is spelled.
 */
static void asm_pass_locate(struct asminline_plugin *pl,
			    struct asm_record *rec, location_t loc)
{
	expanded_location xp, sp;
	const char *spelling;

	xp = expand_location(linemap_resolve_location(
		line_table, loc, LRK_MACRO_EXPANSION_POINT, NULL));
	sp = expand_location(asm_pass_spelling(loc));
	spelling = sp.file ? sp.file : xp.file;
	rec->file = srcpath_rel(&pl->paths, xp.file);
	rec->line = (unsigned)xp.line;
	rec->column = (unsigned)xp.column;
	rec->spelling_file = srcpath_rel(&pl->paths, spelling);
	rec->spelling_abs = srcpath_abs(&pl->paths, spelling);
	rec->spelling_line = sp.file ? (unsigned)sp.line : rec->line;
}

/*
 * mode=apply marks a flagged statement, and with sites= only one spelled
 * at a listed site; both counts go to the unit record.
 */
static bool asm_pass_apply(struct asminline_plugin *pl,
			   const struct asm_record *rec)
{
	long i;

	if (pl->opts.mode != ASMINLINE_MODE_APPLY)
		return false;
	if (!pl->opts.sites.n)
		return rec->flagged;
	i = site_list_find(&pl->opts.sites, rec->spelling_abs,
			   rec->spelling_line);
	if (i < 0)
		return false;
	pl->site_stmts[i]++;
	pl->site_applied[i] += rec->flagged;
	return rec->flagged;
}

/* diag-scope=file: only asm spelled in the file compiled gets a note. */
static bool asm_pass_reported(struct asminline_plugin *pl,
			      const struct asm_record *rec)
{
	if (!rec->flagged || pl->opts.diag == ASMINLINE_DIAG_NONE)
		return false;
	if (pl->opts.diag_scope == ASMINLINE_DIAG_SCOPE_ALL ||
	    (rec->spelling_abs[0] && !strcmp(rec->spelling_abs, pl->main_abs)))
		return true;
	pl->nunreported++;
	return false;
}

static void asm_pass_trace(const struct asm_record *rec)
{
	fprintf(stderr,
		"asminline: %s:%u: %s: gcc_count=%u est_insns=%u kind=%s%s%s\n",
		rec->file, rec->line, rec->function, rec->gcc_count,
		rec->tpl_res.est_insns, asmtpl_kind_name(rec->tpl_res.kind),
		rec->flagged ? " flagged" : "",
		rec->applied ? " applied" : "");
}

static void asm_pass_visit(struct asminline_plugin *pl, function *fun,
			   gasm *stmt)
{
	const struct asminline_options *opts = &pl->opts;
	struct asm_record rec;
	location_t loc = gimple_location(stmt);
	struct asm_shape *shape = NULL;
	uint64_t fp;
	int rc;

	memset(&rec, 0, sizeof(rec));
	rec.tu = pl->tu;
	rec.srctree = pl->paths.root ? pl->paths.root : "";
	rec.function = asm_pass_function_name(fun);
	rec.arch = asmtpl_arch_name(pl->arch);
	asm_pass_locate(pl, &rec, loc);

	rec.tpl = gimple_asm_string(stmt);
	rec.tpl_len = strlen(rec.tpl);
	rec.basic = compat_asm_basic_p(stmt);
	rec.asm_inline = gimple_asm_inline_p(stmt);
	rec.is_volatile = gimple_asm_volatile_p(stmt);
	rec.is_goto = gimple_asm_nlabels(stmt) > 0;
	rec.gcc_count = (unsigned)estimate_num_insns(stmt, &eni_size_weights);

	rc = asmtpl_analyze(pl->tpl_ctx, rec.tpl, rec.tpl_len,
			    rec.basic ? ASMTPL_SYNTAX_BASIC
				      : ASMTPL_SYNTAX_EXTENDED,
			    &rec.tpl_res);
	if (rc != ASMTPL_OK) {
		error_at(loc, "asminline: the template model failed on this %<asm%> (%s)",
			 rc == ASMTPL_ERR_NOMEM ? "out of memory"
						: "invalid argument");
		return;
	}

	rec.flagged = !rec.asm_inline &&
		      rec.gcc_count >= rec.tpl_res.est_insns + opts->threshold;
	fp = fingerprint_start(rec.function, rec.tpl, rec.tpl_len,
			       &rec.tpl_hash);
	rec.fingerprint = fingerprint_finish(
		fp, fingerprint_seen_add(&pl->seen, rec.tpl_hash));
	edges_note_asm(pl, &rec);

	if (asm_pass_apply(pl, &rec)) {
		/* The inliner now charges it 1: estimate_num_insns(). */
		gimple_asm_set_inline(stmt, true);
		rec.applied = true;
	}

	pl->nstmts++;
	pl->nflagged += rec.flagged;
	/* The site's fields, rendered once per distinct site of the unit. */
	if (opts->embed || pl->report.fd >= 0)
		shape = asm_shapes_get(pl->shapes, &rec);
	/* A flagged statement's where fields go into two records. */
	if (opts->embed && rec.flagged && pl->report.fd >= 0) {
		asm_record_render_where(&rec, &pl->where);
		rec.where = &pl->where;
	}
	if (opts->embed)
		embed_unit_add_asm(pl->embed, &rec, shape);
	if (asm_pass_reported(pl, &rec))
		asm_diag_collect(pl->sites, loc, &rec);
	if (opts->verbose)
		asm_pass_trace(&rec);
	if (pl->report.fd >= 0) {
		/* tu and srctree are the unit's: rendered at its first line. */
		if (!pl->asm_head.len)
			asm_record_render_head(&rec, &pl->asm_head);
		rec.head = &pl->asm_head;
		json_buf_reset(&pl->line);
		asm_record_render_json_shaped(&rec, &shape->text, &pl->line);
		report_add(&pl->report, pl->line.data, pl->line.len);
	}
}

/*
 * The work is done in the gate, which says no: a pass that runs costs the
 * pass manager's dump, todo and property steps for every function of the
 * unit (about 0.2 M instructions on kernel/fork.c), for nothing it needs.
 * execute_one_pass() sets current_pass before it asks the gate;
 * dump_passes() (-fdump-passes) asks it too, with a dummy function and
 * current_pass not set.  So -fdump-tree-asminline writes no dump and
 * -fdisable-tree-asminline does not stop the plugin (disable does).
 */
bool asm_pass::gate(function *fun)
{
	basic_block bb;

	if (current_pass != this || !fun)
		return false;
	asm_pass_ensure_ctx(pl_);
	fingerprint_seen_reset(&pl_->seen);
	FOR_EACH_BB_FN(bb, fun) {
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			if (gasm *stmt = dyn_cast<gasm *>(gsi_stmt(gsi)))
				asm_pass_visit(pl_, fun, stmt);
		}
	}
	return false;
}

opt_pass *asm_pass_create(gcc::context *ctxt, struct asminline_plugin *pl)
{
	return new asm_pass(ctxt, pl);
}

void asm_pass_finish(struct asminline_plugin *pl)
{
	if (pl->opts.verbose) {
		const char *tu = main_input_filename
					 ? srcpath_rel(&pl->paths, main_input_filename)
					 : "<stdin>";

		fprintf(stderr, "asminline: %s: %lu asm statements, %lu flagged\n",
			tu, pl->nstmts, pl->nflagged);
		if (pl->nunreported)
			fprintf(stderr,
				"asminline: %s: %lu flagged statements spelled in other files not reported (diag-scope=file)\n",
				tu, pl->nunreported);
		for (size_t i = 0; i < pl->opts.sites.n; i++)
			fprintf(stderr,
				"asminline: %s: sites: %s: %lu statements spelled there, %lu applied\n",
				tu, pl->opts.sites.v[i].item, pl->site_stmts[i],
				pl->site_applied[i]);
	}
	asmtpl_ctx_free(pl->tpl_ctx);
	pl->tpl_ctx = NULL;
	fingerprint_seen_free(&pl->seen);
	json_buf_free(&pl->line);
	json_buf_free(&pl->where);
	json_buf_free(&pl->asm_head);
	if (pl->shapes)
		asm_shapes_free(pl->shapes);
	free(pl->shapes);
	pl->shapes = NULL;
	embed_unit_free(pl->embed);
}
