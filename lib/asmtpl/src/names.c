// SPDX-License-Identifier: GPL-2.0
/*
 * Stable names of architectures, kinds and diagnostic codes.  They appear
 * in the plugin's records and asmscan's output: never rename one without
 * bumping the record format version.
 */
#include <string.h>

#include "internal.h"

static const char *const arch_names[] = {
	[ASMTPL_ARCH_X86_64] = "x86_64",
	[ASMTPL_ARCH_ARM64] = "arm64",
	[ASMTPL_ARCH_I386] = "i386",
	/* LLVM's triple for the same thing is i386-...-code16 */
	[ASMTPL_ARCH_I386_CODE16] = "i386-code16",
};

static const char *const kind_names[] = {
	[ASMTPL_KIND_PLAIN] = "plain",
	[ASMTPL_KIND_ALTERNATIVE] = "alternative",
	[ASMTPL_KIND_JUMP_TABLE] = "jump-table",
	[ASMTPL_KIND_STATIC_CALL] = "static-call",
	[ASMTPL_KIND_BUG_TABLE] = "bug-table",
	[ASMTPL_KIND_EXTABLE] = "extable",
	[ASMTPL_KIND_LOCK_PREFIX] = "lock-prefix",
	[ASMTPL_KIND_OTHER_SECTION] = "other-section",
};

static const char *const diag_names[ASMTPL_DIAG_COUNT_] = {
	[ASMTPL_DIAG_UNBALANCED_POP] = "unbalanced-popsection",
	[ASMTPL_DIAG_UNCLOSED_PUSH] = "unclosed-pushsection",
	[ASMTPL_DIAG_ENDS_IN_OTHER_SECTION] = "ends-in-other-section",
	[ASMTPL_DIAG_UNTERMINATED_STRING] = "unterminated-string",
	[ASMTPL_DIAG_UNTERMINATED_COMMENT] = "unterminated-comment",
	[ASMTPL_DIAG_UNTERMINATED_BLOCK] = "unterminated-block",
	[ASMTPL_DIAG_STRAY_END] = "stray-block-end",
	[ASMTPL_DIAG_UNKNOWN_MACRO] = "unknown-macro",
	[ASMTPL_DIAG_UNKNOWN_DIRECTIVE] = "unknown-directive",
	[ASMTPL_DIAG_UNEVALUATED_CONDITION] = "unevaluated-condition",
	[ASMTPL_DIAG_UNEVALUATED_COUNT] = "unevaluated-count",
	[ASMTPL_DIAG_OPERAND_STATEMENT] = "operand-statement",
	[ASMTPL_DIAG_PREVIOUS_WITHOUT_SECTION] = "previous-without-section",
	[ASMTPL_DIAG_TEXT_SECTION] = "explicit-text-section",
	[ASMTPL_DIAG_DATA_FILL] = "data-fill-in-code",
	[ASMTPL_DIAG_LIMIT] = "limit-reached",
	[ASMTPL_DIAG_MACRO_REDEFINED] = "macro-redefined",
	[ASMTPL_DIAG_ENDS_IN_OTHER_CODE_SIZE] = "ends-in-other-code-size",
};

const char *asmtpl_arch_name(enum asmtpl_arch arch)
{
	if ((unsigned)arch < ARRAY_SIZE(arch_names))
		return arch_names[arch];
	return "unknown";
}

int asmtpl_arch_parse(const char *name, enum asmtpl_arch *arch)
{
	if (!name)
		return ASMTPL_ERR_INVAL;
	if (!strcmp(name, "x86_64") || !strcmp(name, "x86-64")) {
		*arch = ASMTPL_ARCH_X86_64;
		return ASMTPL_OK;
	}
	if (!strcmp(name, "arm64") || !strcmp(name, "aarch64")) {
		*arch = ASMTPL_ARCH_ARM64;
		return ASMTPL_OK;
	}
	if (!strcmp(name, "i386")) {
		*arch = ASMTPL_ARCH_I386;
		return ASMTPL_OK;
	}
	if (!strcmp(name, "i386-code16")) {
		*arch = ASMTPL_ARCH_I386_CODE16;
		return ASMTPL_OK;
	}
	return ASMTPL_ERR_INVAL;
}

const char *asmtpl_kind_name(enum asmtpl_kind kind)
{
	if ((unsigned)kind < ARRAY_SIZE(kind_names))
		return kind_names[kind];
	return "unknown";
}

const char *asmtpl_diag_name(enum asmtpl_diag_code code)
{
	if ((unsigned)code < ASMTPL_DIAG_COUNT_ && diag_names[code])
		return diag_names[code];
	return "unknown";
}
