// SPDX-License-Identifier: GPL-2.0
/*
 * edge-rerun.cc — ask GCC's IPA inliner itself which refused calls it
 * takes once the flagged asm is charged as "asm inline".
 *
 * edge-limits.cc re-runs the inliner's rule for one call on the figures
 * the inliner had when it judged that call.  Which call it judges first,
 * and how big the callee has grown by then, is the order of its priority
 * queue (edge_badness, fed by time estimates, private to ipa-inline.cc):
 * in mode=apply a call may be taken while its callee is still small where
 * in warn mode the callee grew first, and the other way round.  Deriving
 * that order again would be rewriting the inliner; running it is exact.
 *
 * At the first regular IPA pass that can read the IPA summaries (they
 * have just been computed, nothing that reads them has run:
 * edge_rerun_fork_first()) the plugin forks.  The child waits: only
 * when the parent's own "inline" has refused a call for size whose callee
 * holds flagged asm (a call an edge record will be written for) is it told
 * to go on; otherwise it leaves, having cost a fork.  Then it:
 *   - points every descriptor it could write through (stdout, stderr,
 *     the assembler output, the report, an open dump) at /dev/null and
 *     turns every dump and -fopt-info stream off: nothing it does is seen;
 *   - marks every flagged statement of every body "asm inline", as
 *     mode=apply does, and computes the summary of each function whose
 *     body changed again, as ipa_fn_summary_generate did
 *     (inline_analyze_function);
 *   - lets the pass manager go on: the IPA passes up to "inline" run as
 *     they would;
 *   - as "inline" starts, takes the calls the early inliner left (it ran
 *     in warn mode, before the fork) that it would have taken without the
 *     over-count — its own look, right after it ran (edges.cc) — as IPA
 *     decisions (inline_call), so that the IPA inliner meets the callers
 *     and callees as mode=apply's early inliner left them (before ipa-cp
 *     these inline clones make it fail);
 *   - at the next pass writes the outcome of every call edge to a pipe
 *     and leaves with _exit() (no atexit handler, no stdio flush).
 * The parent (edge-rerun-proc.cc) reads the answers within a bounded time
 * and writes the records with them.  A call is known by its statement — the same address in both processes: the bodies
 * were built before the fork and neither changes them before
 * inline_transform — and by the function it sits in after inlining, by
 * symbol name (objects made after the fork share no addresses).
 *
 * A child that fails (an ICE, a signal, a short answer, no answer in
 * time) answers nothing and the model's verdict stands; the records say
 * so.  Not run with -flto (no IPA inliner in this process), in mode=apply
 * (nothing is over-counted), with rerun=0, when no body holds a flagged
 * statement, or when no call reaches one (edges_may_judge(): then no
 * fork either, whose page copies cost more than the re-run's work).
 *
 * The child writes nothing but its answer, and nothing the parent shares
 * with it (open file descriptions, the assembler output's offset) changes
 * before it is told to go on: the parent may kill it at any moment
 * without a trace in the compilation.
 */
#include "edge-rerun.h"
#include "edge-rerun-switch.h"
#include "edge-asm.h"
#include "plugin-state.h"

#include <dirent.h>
#include <signal.h>
#include <sys/prctl.h>

/*
 * What travels through the pipe: one per call edge, then an end mark,
 * whose "inlined" says how the child got to "inline": 1 running the IPA
 * passes itself (edge_rerun_child_run), 0 through the pass manager.
 */
struct edge_rerun_wire {
	uint64_t stmt;
	uint64_t root;
	uint64_t inlined;
};

#define EDGE_RERUN_END_STMT UINT64_MAX

static uint64_t edge_rerun_root(cgraph_edge *e)
{
	cgraph_node *to = e->caller->inlined_to ? e->caller->inlined_to
						: e->caller;
	const char *name = to->asm_name();

	return asmtpl_fnv1a(ASMTPL_FNV_OFFSET, name, strlen(name));
}

/*
 * The regular IPA passes that run before "devirt" (GCC 12's passes.def
 * order) and that neither read a function summary nor charge an asm:
 *   analyzer       -fanalyzer's diagnostics: it reads bodies, changes
 *                  nothing;
 *   odr            ODR types of C++ (none in C);
 *   whole-program  symbol visibility, from the declarations;
 *   profile_estimate  node frequencies from the call graph and the
 *                  profile histogram (made before the fork, the same in
 *                  both processes);
 *   icf            compares bodies statement by statement: an asm's
 *                  template, operands and flags, "asm inline" among them,
 *                  never its size.  Two asm statements it may find equal
 *                  have the same template, so either both are flagged or
 *                  neither (the rule is the template's): marking them
 *                  first or later changes no comparison.  Without a
 *                  profile read from a file ipa_merge_profiles() changes
 *                  no count of the body that stays.
 * Their work does not depend on what the child changes, so the child
 * starts after them instead of doing it again: it forks right after
 * "icf" (edges.cc puts a pass there), before "devirt" and "cp", whose
 * clones do depend on sizes.  With a profile (-fprofile-use,
 * -fauto-profile) it forks before the first regular IPA pass, as it
 * always did: true then.
 */
bool edge_rerun_fork_first(void)
{
	/*
	 * For tests/plugin/rerun-fork.sh: the fork where it was before, to
	 * compare the records of both (the tests' copy of the plugin only).
	 */
	return flag_branch_probabilities || flag_auto_profile ||
	       edge_rerun_switch(EDGE_RERUN_SWITCH_FORK_FIRST);
}

/* ---- the child ---- */

/* fd, if open for writing, now writes to null. */
static void edge_rerun_silence_fd(int fd, int null)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl >= 0 && (fl & O_ACCMODE) != O_RDONLY)
		dup2(null, fd);
}

/* Every descriptor open for writing, except the pipe, now writes nowhere. */
static void edge_rerun_silence(int keep)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	DIR *d = opendir("/proc/self/fd");
	struct dump_file_info *dfi;
	struct dirent *de;

	if (null < 0)
		_exit(3);
	if (d) {
		while ((de = readdir(d)) != NULL) {
			int fd = atoi(de->d_name);

			if (de->d_name[0] >= '0' && de->d_name[0] <= '9' &&
			    fd != keep && fd != null && fd != dirfd(d))
				edge_rerun_silence_fd(fd, null);
		}
		closedir(d);
	} else {
		for (int fd = 0; fd < 1024; fd++)
			if (fd != keep && fd != null)
				edge_rerun_silence_fd(fd, null);
	}
	/*
	 * Dumps opened from now on would be new files: none is opened.  The
	 * table is dense; past its end get_dump_file_info() says NULL.
	 */
	for (int phase = 0;
	     (dfi = g->get_dumps()->get_dump_file_info(phase)) != NULL; phase++) {
		dfi->pstate = 0;
		dfi->alt_state = 0;
	}
}

/* mode=apply after the fact: flagged statements become "asm inline". */
static unsigned long edge_rerun_apply(struct asminline_plugin *pl,
				      struct edges_state *st)
{
	unsigned long marked = 0;
	cgraph_node *node;

	FOR_EACH_DEFINED_FUNCTION(node) {
		function *fn;
		basic_block bb;
		bool changed = false;

		if (node->alias || !gimple_has_body_p(node->decl))
			continue;
		fn = DECL_STRUCT_FUNCTION(node->decl);
		if (!fn || !fn->cfg)
			continue;
		FOR_EACH_BB_FN(bb, fn) {
			for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
			     !gsi_end_p(gsi); gsi_next(&gsi)) {
				gasm *stmt = dyn_cast<gasm *>(gsi_stmt(gsi));

				if (stmt && edge_asm_flagged(pl, st, stmt)) {
					gimple_asm_set_inline(stmt, true);
					changed = true;
					marked++;
				}
			}
		}
		/* The summary of this body, again (ipa_fn_summary_generate). */
		if (changed && opt_for_fn(node->decl, optimize))
			inline_analyze_function(node);
	}
	return marked;
}

/*
 * The child, as its "inline" starts: the calls the early inliner left that
 * it would have taken without the over-count (its own look, edges.cc)
 * become IPA decisions (inline_call merges the summaries).  Measured on 25
 * kernel objects: recall 85.4 % without this step, 95.8 % with it, no
 * false positive either way (docs/results/edges.md).
 */
void edge_rerun_early(struct edges_state *st)
{
	for (size_t i = 0; i < st->nearly; i++) {
		const struct edge_early_look *l = &st->early[i];
		cgraph_node *node;

		if (!l->fits || !(node = cgraph_node::get(l->caller)))
			continue;
		for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
			if (e->call_stmt != l->stmt || !e->inline_failed ||
			    !e->callee ||
			    e->callee->ultimate_alias_target()->decl != l->callee ||
			    !ipa_fn_summaries->get(e->callee->ultimate_alias_target()))
				continue;
			inline_call(e, true, NULL, NULL, true);
			break;
		}
	}
}

/*
 * The child's first steps: wait for the parent's word, then silence and
 * apply.  Not inlined, and named, so that bench/plugin-overhead.sh can
 * have callgrind count the child's own work only (--zero-before: a forked
 * child inherits its parent's counts).
 */
void __attribute__((noinline))
edge_rerun_child_start(struct asminline_plugin *pl, struct edges_state *st,
		       int go, int answer, pid_t parent)
{
	char word = 0;
	ssize_t n;

	/*
	 * Never outlive the compiler: killed with it (the kernel sends the
	 * signal when the parent dies), or gone if it died before this.
	 */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(0);
	signal(SIGPIPE, SIG_DFL);
	do
		n = read(go, &word, 1);
	while (n < 0 && errno == EINTR);
	if (n != 1 || word != 'g')
		_exit(0);	/* nothing to judge: the parent needs no answer */
	close(go);
	edge_rerun_silence(answer);
	st->rerun.state = EDGE_RERUN_CHILD;
	st->rerun.fd = answer;
	if (!edge_rerun_apply(pl, st))
		_exit(5);	/* nothing flagged to change: no answer */
}

static void edge_rerun_write(int fd, const void *p, size_t n)
{
	const char *c = (const char *)p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			_exit(4);
		c += w;
		n -= (size_t)w;
	}
}

/*
 * The child, after "inline": every call edge's outcome, then leave.  The
 * answer is built whole and written at once, not a write() per edge.
 */
void edge_rerun_child_answer(struct edges_state *st)
{
	vec<edge_rerun_wire> out = vNULL;
	struct edge_rerun_wire w;
	cgraph_node *node;

	FOR_EACH_FUNCTION(node) {
		if (node->alias || node->thunk)
			continue;
		for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
			if (!e->call_stmt)
				continue;
			w.stmt = (uint64_t)(uintptr_t)e->call_stmt;
			w.root = edge_rerun_root(e);
			w.inlined = !e->inline_failed;
			out.safe_push(w);
		}
	}
	w.stmt = EDGE_RERUN_END_STMT;
	w.root = 0;
	w.inlined = st->rerun.direct;
	out.safe_push(w);
	edge_rerun_write(st->rerun.fd, out.address(),
			 out.length() * sizeof(w));
	_exit(0);
}

/*
 * The child's way from the fork to "inline": the regular IPA passes in
 * between, run as the pass manager runs them (execute_one_pass(),
 * GCC 12 to 16) but without what only watches or tidies: around each
 * IPA pass the pass manager walks every function body three times
 * (clear_last_verified, update_properties_after_pass, and
 * execute_function_todo() with TODO_verify_il, a push_cfun() each, which
 * with checking off verifies nothing and frees dominators no IPA pass
 * leaves behind), sets up dumps and timers, and collects garbage: about
 * 2 M instructions of the child's 25 M on kernel/fork.c.  What the
 * decisions depend on is kept: each pass's gate, its execute(), the
 * TODO_remove_functions it or its pass_data asks for, the transforms
 * queued for later (never applied: the child leaves after "inline"),
 * and the new functions processed.
 *
 * Only where nothing else could differ: GCC's plugin events off (another
 * plugin's gate override or pass hook would be skipped), no -fdisable-
 * or -fenable- (override_gate_status() is GCC's own), and every pass up
 * to "inline" one of those below with no properties to update and no
 * other todo; else the pass manager runs them, as before.
 */
static const char *const edge_rerun_direct_passes[] = {
	"devirt", "cp", "sra", "cdtor", "fnsummary", "inline",
};

/*
 * The todo flags those passes have: TODO_mark_first_instance is the pass
 * manager's mark, no todo (it makes the walk of execute_todo() happen,
 * which then does nothing but free dominators).
 */
#define EDGE_RERUN_DIRECT_TODO                                                 \
	(TODO_dump_symtab | TODO_remove_functions | TODO_mark_first_instance)

static bool edge_rerun_direct_known(const opt_pass *p)
{
	if (p->type != IPA_PASS || p->sub || !p->name ||
	    p->properties_provided || p->properties_destroyed ||
	    (p->todo_flags_start & ~TODO_mark_first_instance) ||
	    (p->todo_flags_finish & ~EDGE_RERUN_DIRECT_TODO))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(edge_rerun_direct_passes); i++)
		if (!strcmp(p->name, edge_rerun_direct_passes[i]))
			return true;
	return false;
}

static bool edge_rerun_direct_possible(const opt_pass *from,
				       const opt_pass *before,
				       const opt_pass *after)
{
	const opt_pass *p;

	/*
	 * (tests/plugin/rerun-direct.sh compares with the pass manager, in
	 * the tests' copy of the plugin.)
	 */
	if (flag_plugin_added ||
	    edge_rerun_switch(EDGE_RERUN_SWITCH_PASS_MANAGER))
		return false;
	for (unsigned i = 0; i < save_decoded_options_count; i++)
		if (save_decoded_options[i].opt_index == OPT_fdisable_ ||
		    save_decoded_options[i].opt_index == OPT_fenable_)
			return false;
	for (p = from->next; p && p != after; p = p->next)
		if (p != before && !edge_rerun_direct_known(p))
			return false;
	return p == after;
}

/* One regular IPA pass, as execute_one_pass() would run it here. */
static void edge_rerun_direct_one(opt_pass *p)
{
	unsigned todo;

	current_pass = p;
	if (p->gate(NULL)) {
		in_gimple_form = false;
		todo = p->execute(NULL) | p->todo_flags_finish;
		if (todo & ~EDGE_RERUN_DIRECT_TODO)
			_exit(6);	/* not what was checked: no answer */
		if (todo & TODO_remove_functions)
			symtab->remove_unreachable_nodes(NULL);
		if (((ipa_opt_pass_d *)p)->function_transform) {
			cgraph_node *node;

			FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node)
				if (!node->inlined_to)
					node->ipa_transforms_to_apply.safe_push(
						(ipa_opt_pass_d *)p);
		}
		symtab->process_new_functions();
	}
	current_pass = NULL;
	symtab->process_new_functions();	/* execute_ipa_pass_list() */
}

bool edge_rerun_child_run(struct edges_state *st, opt_pass *from,
			  opt_pass *before, opt_pass *after)
{
	if (!edge_rerun_direct_possible(from, before, after))
		return false;
	st->rerun.direct = true;
	for (opt_pass *p = from->next; p != after; p = p->next) {
		if (p == before) {
			st->inline_started = true;
			edge_rerun_early(st);
			continue;
		}
		edge_rerun_direct_one(p);
	}
	edge_rerun_child_answer(st);	/* does not return */
	return true;
}

/* ---- the answers, in the parent ---- */

/*
 * The answers by (statement, function), in an open-addressed table: the
 * child answers for every call edge of the unit (thousands), the parent
 * asks about its few refused ones; sorting them all cost more than the
 * asking (0.6 M instructions on 6.12's fs/namei.o).  A call statement is
 * never NULL: stmt 0 marks an empty slot.
 */
static size_t edge_rerun_hash(uintptr_t stmt, uint64_t root, size_t cap)
{
	uint64_t h = (uint64_t)stmt * 0x9e3779b97f4a7c15ULL ^
		     root * 0xff51afd7ed558ccdULL;

	return (size_t)(h >> 20) & (cap - 1);
}

static struct edge_rerun_answer *edge_rerun_slot(const struct edge_rerun *r,
						 uintptr_t stmt, uint64_t root)
{
	size_t i = edge_rerun_hash(stmt, root, r->cap);

	while (r->answers[i].stmt &&
	       (r->answers[i].stmt != stmt || r->answers[i].root != root))
		i = (i + 1) & (r->cap - 1);
	return &r->answers[i];
}

/*
 * A function inlined twice into the same function brings the same call
 * statement twice: one answer per (statement, function), -1 where the
 * copies were decided differently (the key cannot tell them apart).
 */
bool edge_rerun_parse(struct edge_rerun *r, const void *bytes, size_t len)
{
	const struct edge_rerun_wire *w = (const struct edge_rerun_wire *)bytes;
	size_t nw = len / sizeof(*w);

	if (len % sizeof(*w) || !nw || w[nw - 1].stmt != EDGE_RERUN_END_STMT)
		return false;
	r->direct = w[nw - 1].inlined != 0;
	r->n = 0;
	for (r->cap = 16; r->cap < 2 * nw; r->cap *= 2)
		;
	/*
	 * Only the keys cleared: calloc() clears a block this large with
	 * "rep stosb", each byte an instruction to callgrind (0.2 M on 6.12
	 * net/core/dev.o); a slot's other fields are written when it is taken.
	 */
	r->answers = XNEWVEC(struct edge_rerun_answer, r->cap);
	for (size_t i = 0; i < r->cap; i++)
		r->answers[i].stmt = 0;
	for (size_t i = 0; i + 1 < nw; i++) {
		struct edge_rerun_answer *a;
		int inlined = w[i].inlined != 0;

		if (!w[i].stmt)
			continue;	/* no call has it: not a call */
		a = edge_rerun_slot(r, (uintptr_t)w[i].stmt, w[i].root);
		if (!a->stmt) {
			a->stmt = (uintptr_t)w[i].stmt;
			a->root = w[i].root;
			a->inlined = inlined;
			r->n++;
		} else if (a->inlined != inlined) {
			a->inlined = -1;
		}
	}
	return true;
}

int edge_rerun_lookup(struct edges_state *st, cgraph_edge *e)
{
	struct edge_rerun *r = &st->rerun;
	const struct edge_rerun_answer *hit;

	if (r->outcome != EDGE_RERUN_ANSWERED || !e->call_stmt || !r->n)
		return -1;
	hit = edge_rerun_slot(r, (uintptr_t)e->call_stmt, edge_rerun_root(e));
	return hit->stmt ? hit->inlined : -1;	/* -1 also for a split answer */
}
