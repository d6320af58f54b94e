// SPDX-License-Identifier: GPL-2.0
/*
 * report-main.c — the verbs that read their inputs once and print one
 * report: copies, calls, tables, sites and the summary of all (their
 * rows of the verb table, report-main.h; their printers are render/'s).
 * Every input is read (one bad input is reported, the others still are),
 * and after an error no result is printed (render_withheld); the exit
 * code is the worst seen.
 */
#include "report-main.h"

#include "analysis.h"
#include "errors.h"
#include "input.h"
#include "output.h"
#include "render.h"
#include "util.h"

static int report_main(const struct asmscan_options *opts)
{
	struct input_list inputs = { 0 };
	struct report rep;
	int rc;

	input_expand(opts, &inputs);
	analysis_run(opts, &inputs, &rep);
	analysis_report(&rep);
	rc = output_write(opts->output, render_report, &rep);
	analysis_free(&rep);
	input_list_free(&inputs);
	return rc > asmscan_status() ? rc : asmscan_status();
}

const struct asmscan_verb copies_verb = {
	.name = "copies",
	.bit = VB_COPIES,
	.args = "FILE...",
	.want = ASMSCAN_WANT_COPIES,
	.top = ASMSCAN_DEFAULT_TOP,
	.summary = "functions meant to be inlined that exist out of line",
	.help =
	"From DWARF: each subprogram declared inline (DW_AT_inline) with\n"
	"concrete out-of-line instances, grouped by declaration, with the\n"
	"units they come from and the direct calls that reach them.  From\n"
	"symbols (with or without DWARF): local function names defined more\n"
	"than once, and GCC's .isra/.constprop/.part/.cold clones.  Padding\n"
	"symbols (__pfx_, __cfi_) are part of the function after them.\n",
	.usage = NULL,
	.run = report_main,
};

const struct asmscan_verb calls_verb = {
	.name = "calls",
	.bit = VB_CALLS,
	.args = "FILE...",
	.want = ASMSCAN_WANT_CALLS,
	.top = ASMSCAN_DEFAULT_TOP,
	.summary = "direct calls to tiny functions, ranked by call sites",
	.help =
	"A tiny function has a body of at most N real instructions (-N,\n"
	"default 3): endbr64, the ftrace call at entry, NOPs, int3, ret and\n"
	"jmp __x86_return_thunk do not count; on arm64 bti, the PAC hints\n"
	"(paciasp, autiasp ...), NOPs (ftrace's patchable entry) and ret do\n"
	"not.  Calls to __fentry__, retpoline thunks, static-call trampolines,\n"
	"placeholders (BUG_func) and failure paths (DW_AT_noreturn,\n"
	"__stack_chk_fail, fortify, UBSan and KASAN reports) are counted but\n"
	"not ranked.  --all lists every callee, tiny or not (marked *).\n",
	.usage = NULL,
	.run = report_main,
};

const struct asmscan_verb tables_verb = {
	.name = "tables",
	.bit = VB_TABLES,
	.args = "FILE...",
	.want = ASMSCAN_WANT_TABLES,
	.top = ASMSCAN_DEFAULT_TOP,
	.summary = "special-section entries per function, and in out-of-line copies",
	.help =
	"Reads .altinstructions, .smp_locks, __ex_table, __bug_table,\n"
	"__jump_table, .static_call_sites, .retpoline_sites and .return_sites\n"
	"with the layout the file's DWARF describes, else the built-in one of\n"
	"Linux 5.10 to mainline its entries fit, within the kernel's own bounds\n"
	"symbols, and counts the entries in each function and in out-of-line\n"
	"copies of inline functions.  An entry the kernel would not act on is\n"
	"counted apart with the reason; a table no layout fits is refused with\n"
	"a note, never misread.\n",
	.usage = NULL,
	.run = report_main,
};

const struct asmscan_verb sites_verb = {
	.name = "sites",
	.bit = VB_SITES,
	.args = "FILE...",
	.want = ASMSCAN_WANT_SITES,
	.top = ASMSCAN_DEFAULT_TOP,
	.summary = "flagged asm sites from the plugin's embedded records, ranked",
	.help =
	"Reads the records asminline.so embeds in .comment (vmlinux, .o, .ko:\n"
	"no extra file needed) and groups the flagged asm statements into\n"
	"sites, where the asm keyword is spelled.  For each: statements,\n"
	"units, functions, GCC's charge and the instructions emitted; the\n"
	"functions whose DWARF line table holds its expansion points (where\n"
	"its code went, inlined or not); the out-of-line copies of inline\n"
	"functions holding it and the calls reaching them; the refused calls\n"
	"the plugin attributed to it (blocked-by-asm edges).  Ranked by what it\n"
	"blocks: those edges, then calls and copies.  A file without records\n"
	"(no plugin, embed=0, Clang) says so.\n",
	.usage = NULL,
	.run = report_main,
};

/* asmscan without a verb: every analysis, ten rows a table. */
const struct asmscan_verb summary_verb = {
	.bit = VB_SUMMARY,
	.want = ASMSCAN_WANT_ALL,
	.top = ASMSCAN_SUMMARY_TOP,
	.run = report_main,
};
