// SPDX-License-Identifier: GPL-2.0
/*
 * asmtpl-eval — run the template model on templates read from stdin.
 *
 * Input: records separated by NUL bytes; each record is one byte, 'E' for
 * an extended asm (GCC substitutes operands) or 'B' for basic asm / text
 * exactly as the assembler sees it, followed by the template.  Output: one
 * JSON object per record on its own line, in input order.  A record with
 * another first byte is answered with {"error": ...} and counted.
 *
 * Exit codes: 0 all records analysed, 1 some record was malformed,
 * 2 usage error or out of memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asmtpl.h"

static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

static void print_result(FILE *out, const struct asmtpl_result *r)
{
	unsigned i;

	fprintf(out, "{\"str_count\":%u,\"est_insns\":%u,\"other_insns\":%u,"
		"\"pad_uncertain\":%u,\"kind\":\"%s\",\"sections\":[",
		r->str_count, r->est_insns, r->other_insns, r->pad_uncertain,
		asmtpl_kind_name(r->kind));
	for (i = 0; i < r->nsections; i++) {
		if (i)
			fputc(',', out);
		json_string(out, r->sections[i]);
	}
	fprintf(out, "],\"sections_dropped\":%u,\"diagnostics\":[",
		r->sections_dropped);
	for (i = 0; i < r->ndiags; i++)
		fprintf(out, "%s{\"code\":\"%s\",\"offset\":%zu}", i ? "," : "",
			asmtpl_diag_name(r->diags[i].code), r->diags[i].offset);
	fprintf(out, "],\"diagnostics_dropped\":%u}\n", r->diags_dropped);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: asmtpl-eval [--arch x86_64|i386|i386-code16|arm64]"
		   " < records\n"
		   "  records: NUL-separated, each 'E' or 'B' then the template\n");
}

int main(int argc, char **argv)
{
	enum asmtpl_arch arch = ASMTPL_ARCH_X86_64;
	struct asmtpl_ctx *ctx;
	char *buf = NULL;
	size_t cap = 0, len = 0, start;
	int i, status = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--arch") && i + 1 < argc) {
			if (asmtpl_arch_parse(argv[++i], &arch)) {
				fprintf(stderr, "asmtpl-eval: --arch %s: unknown architecture\n",
					argv[i]);
				return 2;
			}
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "asmtpl-eval: unknown argument '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		}
	}
	for (;;) {
		size_t n;

		if (len == cap) {
			char *p;

			cap = cap ? cap * 2 : 1 << 16;
			p = realloc(buf, cap);
			if (!p) {
				fprintf(stderr, "asmtpl-eval: out of memory\n");
				free(buf);
				return 2;
			}
			buf = p;
		}
		n = fread(buf + len, 1, cap - len, stdin);
		if (!n)
			break;
		len += n;
	}
	ctx = asmtpl_ctx_new(arch);
	if (!ctx) {
		fprintf(stderr, "asmtpl-eval: out of memory\n");
		free(buf);
		return 2;
	}
	for (start = 0; start < len;) {
		const char *nul = memchr(buf + start, '\0', len - start);
		size_t end = nul ? (size_t)(nul - buf) : len;
		struct asmtpl_result res;
		char kind = buf[start];

		if (kind != 'E' && kind != 'B') {
			printf("{\"error\":\"record does not start with E or B\"}\n");
			status = 1;
		} else if (asmtpl_analyze(ctx, buf + start + 1, end - start - 1,
					  kind == 'E' ? ASMTPL_SYNTAX_EXTENDED :
							ASMTPL_SYNTAX_BASIC, &res)) {
			fprintf(stderr, "asmtpl-eval: out of memory\n");
			status = 2;
			break;
		} else {
			print_result(stdout, &res);
		}
		start = end + 1;
	}
	asmtpl_ctx_free(ctx);
	free(buf);
	return status;
}
