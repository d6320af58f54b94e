// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of asmscan's base parts, each on its contract alone: the JSON
 * writer (escaping, nesting, pretty), the strict JSON reader (what it
 * accepts and refuses), the text table (alignment, [N others], TOTAL, the
 * same printed with ttable_limit), the baseline file (parse, print,
 * refuse), srctree (the tree of a record's path, paths relative to it,
 * --site matching, GCC's names of relative records) and the radix sort
 * of key pairs (against qsort).  No ELF, no plugin: the verbs' tests
 * cover the rest.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "json.h"
#include "jsonread.h"
#include "records.h"
#include "sort.h"
#include "srctree.h"
#include "texttable.h"
#include "util.h"

static int failures, checks;

__attribute__((format(printf, 2, 3)))
static void expect(bool ok, const char *fmt, ...)
{
	va_list ap;

	checks++;
	if (ok)
		return;
	failures++;
	fputs("test_analyzer_base: FAIL: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* What print(f, arg) writes, as a string (caller frees). */
static char *capture(void (*print)(FILE *, void *), void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	print(f, arg);
	fclose(f);
	return buf;
}

static void write_doc(FILE *f, void *arg)
{
	struct json j;

	json_init(&j, f, *(bool *)arg);
	json_object_begin(&j);
	json_kv_string(&j, "s", "a\"b\\c\n\x01\xff");
	json_kv_int(&j, "i", -5);
	json_kv_uint(&j, "u", UINT64_MAX);
	json_kv_addr(&j, "addr", 0xffffffff81000000ull);
	json_kv_int(&j, "min", INT64_MIN);
	json_kv_int(&j, "max", INT64_MAX);
	json_kv_uint(&j, "zero", 0);
	json_kv_int(&j, "izero", 0);
	json_kv_addr(&j, "a0", 0);
	json_kv_addr(&j, "a10", 0x10);
	json_key(&j, "list");
	json_array_begin(&j);
	json_bool(&j, true);
	json_null(&j);
	json_string(&j, NULL);
	json_array_end(&j);
	json_key(&j, "empty");
	json_object_begin(&j);
	json_object_end(&j);
	json_object_end(&j);
}

static void test_json_writer(void)
{
	bool pretty = false;
	char *s = capture(write_doc, &pretty);

	expect(!strcmp(s, "{\"s\":\"a\\\"b\\\\c\\u000a\\u0001\\ufffd\",\"i\":-5,"
			  "\"u\":18446744073709551615,\"addr\":\"0xffffffff81000000\","
			  "\"min\":-9223372036854775808,\"max\":9223372036854775807,"
			  "\"zero\":0,\"izero\":0,\"a0\":\"0x0\",\"a10\":\"0x10\","
			  "\"list\":[true,null,null],\"empty\":{}}\n"),
	       "json compact: %s", s);
	free(s);
	pretty = true;
	s = capture(write_doc, &pretty);
	expect(strstr(s, "{\n  \"s\": ") == s && strstr(s, "\n  \"list\": [\n    true,\n") &&
	       !strcmp(s + strlen(s) - 2, "}\n"),
	       "json pretty: %s", s);
	free(s);
}

static const struct jv *parse(struct arena *a, const char *text, char *why)
{
	return jv_parse(a, text, strlen(text), why, 128);
}

static void test_json_reader(void)
{
	static const char *const bad[] = {
		"", "{", "{\"a\":1,}", "[1,]", "{\"a\":1} x", "{\"a\":1,\"a\":2}",
		"1.5", "1e3", "99999999999999999999", "\"\\ud800\"", "\"a\x01\"",
		"\"\\u0000\"", "tru", "[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]", "{1:2}",
		"\"\\x\"", "-", "01",
	};
	struct arena a = { 0 };
	char why[128];
	const struct jv *v;

	v = parse(&a, "{\"s\":\"\\u00e9\\ud83d\\ude00\\n\",\"i\":-9223372036854775808,"
		      "\"b\":false,\"n\":null,\"l\":[1,[2]]}", why);
	expect(v && v->type == JV_OBJECT && v->len == 5, "jv: a document: %s", v ? "" : why);
	if (v) {
		const struct jv *s = jv_get(v, "s"), *i = jv_get(v, "i"), *l = jv_get(v, "l");

		expect(s && s->type == JV_STRING && !strcmp(s->s, "\xc3\xa9\xf0\x9f\x98\x80\n"),
		       "jv: escapes decode to UTF-8");
		expect(i && i->type == JV_INT && i->i == INT64_MIN, "jv: INT64_MIN");
		expect(l && l->type == JV_ARRAY && l->len == 2 && l->items[1].type == JV_ARRAY,
		       "jv: nested arrays");
		expect(!jv_get(v, "missing") && !jv_get(s, "x"), "jv_get: absent key, not an object");
	}
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		why[0] = '\0';
		v = parse(&a, bad[k], why);
		expect(!v && why[0], "jv: '%s' should be refused with a reason", bad[k]);
	}
	/* not NUL-terminated: the reader stays inside len */
	v = jv_parse(&a, "[1]xxxx", 3, why, sizeof(why));
	expect(v && v->type == JV_ARRAY && v->len == 1, "jv: reads only len bytes");
	arena_free(&a);
}

static void print_table(FILE *f, void *arg)
{
	static const struct ttable_col cols[] = {
		{ "N", TT_NUM }, { "D", TT_DELTA }, { "NAME", TT_TEXT },
	};
	struct ttable *t = ttable_new(cols, 3, 2);

	for (int i = 0; i < 4; i++) {
		ttable_num(t, (uint64_t)(1000 * (4 - i)));
		ttable_delta(t, i % 2 ? -i : i);
		ttable_text(t, i == 0 ? "first" : "x");
	}
	ttable_print(f, t, *(size_t *)arg, true);
	ttable_free(t);
}

/* rows rows of every kind, printed with top; limited to top if asked. */
struct many {
	size_t rows, top;
	bool limit;
};

static void print_many(FILE *f, void *arg)
{
	static const struct ttable_col cols[] = {
		{ "N", TT_NUM }, { "M", TT_MAX }, { "D", TT_DELTA },
		{ "P", TT_PCT }, { "NAME", TT_TEXT }, { "NOTE", TT_TEXT },
	};
	const struct many *m = arg;
	struct ttable *t = ttable_new(cols, 6, 4);

	if (m->limit)
		ttable_limit(t, m->top);
	for (size_t i = 0; i < m->rows; i++) {
		char name[32];

		snprintf(name, sizeof(name), "row%zu", i);
		ttable_num(t, 7 * i + 1);
		ttable_num(t, i * i);
		ttable_delta(t, (int64_t)(i % 3) - 1);
		ttable_pct(t, (int64_t)i - 5, i % 4 ? i : 0);
		ttable_text(t, name);
		if (i % 2)
			ttable_blank(t);
		else
			ttable_text(t, "even");
	}
	ttable_print(f, t, m->top, true);
	ttable_free(t);
}

static void test_texttable(void)
{
	/* ttable_limit: what is printed does not change, whatever the rows */
	static const size_t rows[] = { 0, 1, 2, 3, 4, 10, 100 };
	static const size_t tops[] = { 1, 2, 3, 10 };

	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		for (size_t k = 0; k < sizeof(tops) / sizeof(tops[0]); k++) {
			struct many all = { rows[r], tops[k], false };
			struct many lim = { rows[r], tops[k], true };
			char *a = capture(print_many, &all), *b = capture(print_many, &lim);

			expect(!strcmp(a, b), "ttable_limit(%zu) of %zu rows:\n%s\nwithout:\n%s",
			       tops[k], rows[r], b, a);
			free(a);
			free(b);
		}
	}

	size_t top = 2;
	char *s = capture(print_table, &top);

	/* numbers right-aligned with thousands separators, a delta signed
	 * unless 0, the rest summed into [2 others], TOTAL of all rows */
	expect(!strcmp(s, "     N   D  NAME\n"
			  " 4,000   0  first\n"
			  " 3,000  -1  x\n"
			  " 3,000  -1  [2 others]\n"
			  "10,000  -2  TOTAL\n"),
	       "ttable: rows, [N others], TOTAL:\n%s", s);
	free(s);
}

static void test_baseline(void)
{
	const char *text = "# asmscan-baseline 1\n"
			   "asm\tb687bfd8d2f8f254\tarch_atomic_inc\tinclude/asm/atomic.h\tlock-prefix\t7\t1\n"
			   "edge\t5d0c3e8f1a2b4c6d\treader_read\tobjstat_account\treader.c\n"
			   "copy\t0f1e2d3c4b5a6978\tobjstat_account\tinclude/linux/objstat.h\n";
	static const char *const bad[] = {
		"asm\t0123456789abcdef\n",			/* no header */
		"# asmscan-baseline 9\n",			/* version */
		"# asmscan-baseline 1\nasm\t0123456789ABCDEF\tf\tx\tk\t1\t1\n",	/* upper hex */
		"# asmscan-baseline 1\nbogus\t0123456789abcdef\tx\n",	/* kind */
		"# asmscan-baseline 1\nedge\t0123456789abcdef\tx\n",	/* fields */
		"# asmscan-baseline 1\nedge\t0123456789abcdef\ta\tb\tc",	/* newline */
	};
	struct check_finding *v = NULL;
	size_t n = 0, cap = 0;
	struct arena a = { 0 };
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	bool ok = baseline_parse(in, "base.txt", &v, &n, &cap, &a);
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	fclose(in);
	expect(ok && n == 3, "baseline: three findings read (%zu)", n);
	if (ok && n == 3) {
		expect(v[0].kind == CHECK_ASM && v[0].fp == 0xb687bfd8d2f8f254ull &&
		       !strcmp(v[0].function, "arch_atomic_inc") && v[0].gcc_count == 7 &&
		       v[0].est_insns == 1, "baseline: the asm line's fields");
		expect(v[1].kind == CHECK_EDGE && !strcmp(v[1].callee, "objstat_account"),
		       "baseline: the edge line's fields");
		for (size_t i = 0; i < n; i++)
			v[i].state = CHECK_UNCHANGED;
		f = open_memstream(&out, &len);
		baseline_print(f, v, n);
		fclose(f);
		/* the version line, comments, then the lines sorted by kind */
		expect(!strncmp(out, "# asmscan-baseline 1\n", 21) &&
		       strstr(out, "\nasm\tb687bfd8d2f8f254\tarch_atomic_inc\tinclude/asm/atomic.h\tlock-prefix\t7\t1\n"
				   "copy\t0f1e2d3c4b5a6978\tobjstat_account\tinclude/linux/objstat.h\n"
				   "edge\t5d0c3e8f1a2b4c6d\treader_read\tobjstat_account\treader.c\n"),
		       "baseline: printed:\n%s", out);
		{
			struct check_finding *w = NULL;
			size_t m = 0, capw = 0;
			FILE *again = fmemopen(out, len, "r");

			expect(baseline_parse(again, "printed", &w, &m, &capw, &a) && m == n,
			       "baseline: what it prints reads back");
			fclose(again);
			free(w);
		}
		free(out);
	}
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		size_t before = n;

		in = fmemopen((void *)bad[k], strlen(bad[k]), "r");
		ok = baseline_parse(in, "bad.txt", &v, &n, &cap, &a);
		fclose(in);
		expect(!ok, "baseline: case %zu should be refused", k);
		n = before;
	}
	free(v);
	arena_free(&a);
}

static void test_srctree(void)
{
	struct arena a = { 0 };

	expect(srctree_prefix_len("/home/u/linux/arch/x86/include/asm/atomic.h") ==
	       strlen("/home/u/linux/"), "srctree: arch/ARCH/include");
	expect(srctree_prefix_len("/src/include/linux/compiler.h") == strlen("/src/"),
	       "srctree: include/linux");
	expect(srctree_prefix_len("/x/include/y/include/linux/a.h") == strlen("/x/include/y/"),
	       "srctree: the last include/linux");
	expect(srctree_prefix_len("/src/arch/linux/arch/arm64/include/asm/x.h") ==
	       strlen("/src/arch/linux/"), "srctree: arch/NAME/include only");
	expect(!srctree_prefix_len("/tmp/mod/demo.c") && !srctree_prefix_len("include/linux/a.h"),
	       "srctree: no kernel directory, or relative");
	expect(!strcmp(srctree_rel("/src/", "/src/kernel/fork.c"), "kernel/fork.c") &&
	       !strcmp(srctree_rel("/src", "/src/kernel/fork.c"), "kernel/fork.c") &&
	       !strcmp(srctree_rel("/src", "/srcx/a.c"), "/srcx/a.c") &&
	       !strcmp(srctree_rel(NULL, "./arch/x86/a.h"), "arch/x86/a.h") &&
	       !strcmp(srctree_rel(NULL, "./"), "./"),
	       "srctree_rel");
	expect(srctree_site_matches("/src", "/src/arch/x86/include/asm/atomic.h", 28,
				    "arch/x86/include/asm/atomic.h", 28) &&
	       srctree_site_matches(NULL, "/src/arch/x86/include/asm/atomic.h", 28, "asm/atomic.h", 28) &&
	       !srctree_site_matches(NULL, "/src/arch/x86/include/asm/atomic.h", 28, "m/atomic.h", 28) &&
	       !srctree_site_matches("/src", "/src/arch/x86/include/asm/atomic.h", 29,
				     "arch/x86/include/asm/atomic.h", 28),
	       "srctree_site_matches");
	expect(!strcmp(records_gcc_name(&a, "/src", "kernel/fork.c"), "/src/kernel/fork.c") &&
	       !strcmp(records_gcc_name(&a, "/src", "./arch/x86/include/generated/a.h"),
		       "./arch/x86/include/generated/a.h") &&
	       !strcmp(records_gcc_name(&a, "/src", "/tmp/mod/demo.c"), "/tmp/mod/demo.c") &&
	       !strcmp(records_gcc_name(&a, "", "kernel/fork.c"), "kernel/fork.c"),
	       "records_gcc_name");
	arena_free(&a);
}

static int pair_cmp(const void *a, const void *b)
{
	const struct sort_pair *x = a, *y = b;

	if (x->hi != y->hi)
		return x->hi < y->hi ? -1 : 1;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/*
 * sort_pairs against qsort: small and large arrays, keys with few and
 * with all bits used, many equal keys, already sorted and reversed.
 */
static void test_sort(void)
{
	static const size_t sizes[] = { 0, 1, 2, 63, 64, 65, 1000, 100000 };
	uint64_t seed = 1;

	for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
		for (int shape = 0; shape < 5; shape++) {
			size_t n = sizes[si];
			struct sort_pair *a = calloc(n ? n : 1, sizeof(*a));
			struct sort_pair *b = calloc(n ? n : 1, sizeof(*b));

			for (size_t i = 0; i < n; i++) {
				seed = seed * 6364136223846793005u + 1442695040888963407u;
				switch (shape) {
				case 0:		/* every bit */
					a[i] = (struct sort_pair){ seed, seed * 31 + i };
					break;
				case 1:		/* few distinct keys */
					a[i] = (struct sort_pair){ seed >> 62, (seed >> 20) & 3 };
					break;
				case 2:		/* indexes, as calls.c's */
					a[i] = (struct sort_pair){ (seed >> 40) % 5000,
								   ((seed >> 8) & 0xffff) | 0xffffffff00000000u };
					break;
				case 3:		/* sorted */
					a[i] = (struct sort_pair){ i / 7, i };
					break;
				default:	/* reversed */
					a[i] = (struct sort_pair){ n - i, 0 };
					break;
				}
			}
			memcpy(b, a, n * sizeof(*a));
			sort_pairs(a, n);
			if (n)
				qsort(b, n, sizeof(*b), pair_cmp);
			expect(!n || !memcmp(a, b, n * sizeof(*a)),
			       "sort_pairs: %zu keys of shape %d differ from qsort's order", n, shape);
			free(a);
			free(b);
		}
	}
}

int main(void)
{
	test_json_writer();
	test_json_reader();
	test_texttable();
	test_baseline();
	test_srctree();
	test_sort();
	if (failures) {
		fprintf(stderr, "test_analyzer_base: %d of %d checks failed\n", failures, checks);
		return 1;
	}
	printf("test_analyzer_base: PASS: %d checks\n", checks);
	return 0;
}
