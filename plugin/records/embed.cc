// SPDX-License-Identifier: GPL-2.0
/*
 * embed.cc — builds the unit's embedded strings and writes them into the
 * assembler output (see embed.h for where and why .comment).
 *
 * Each string is one .ident directive: GAS appends its operand, NUL-ended,
 * to .comment, and creates .comment the way it does for GCC's own .ident
 * when it is not there yet (-fno-ident): flags "MS", entry size 1.  (A
 * .pushsection .comment,"MS",@progbits,1 of ours would draw "setting
 * incorrect section attributes for .comment" from GAS in that case.)  The
 * operand is a GAS string, escaped as gas-string.h says.  The JSON text
 * holds no byte below 0x20 (the writer escapes those), so no string can
 * contain the NUL that ends it.
 */
#include "embed.h"
#include "fingerprint.h"
#include "gas-string.h"
#include "plugin-state.h"

static uint64_t embed_id(const char *json, size_t len)
{
	return asmtpl_fnv1a(ASMTPL_FNV_OFFSET, json, len);
}

static void embed_ids_add(struct embed_ids *ids, uint64_t id)
{
	if (ids->n == ids->cap) {
		ids->cap = ids->cap ? 2 * ids->cap : 64;
		ids->v = XRESIZEVEC(uint64_t, ids->v, ids->cap);
	}
	ids->v[ids->n++] = id;
}

/* Where id's position goes in an index of cap slots (a power of two). */
static size_t embed_ids_probe(const struct embed_ids *ids, const size_t *index,
			      size_t cap, uint64_t id)
{
	size_t i = (size_t)(id * 0x9e3779b97f4a7c15ULL >> 32) & (cap - 1);

	while (index[i] && ids->v[index[i] - 1] != id)
		i = (i + 1) & (cap - 1);
	return i;
}

/*
 * The site and edge ids are looked up at every new one: a unit of 440
 * sites (6.12's net/core/dev.c, each instrumentation_begin() a site of
 * its own) scanned the list 97,000 times.  An index of the list's
 * positions, hashed by id, rebuilt at half full.
 */
static void embed_ids_index(struct embed_ids *ids)
{
	size_t cap = ids->index_cap ? 2 * ids->index_cap : 128;

	while (2 * ids->n > cap)
		cap *= 2;
	free(ids->index);
	ids->index = XCNEWVEC(size_t, cap);
	ids->index_cap = cap;
	for (size_t k = 0; k < ids->n; k++) {
		size_t i = embed_ids_probe(ids, ids->index, cap, ids->v[k]);

		if (!ids->index[i])
			ids->index[i] = k + 1;
	}
}

static bool embed_ids_has(const struct embed_ids *ids, uint64_t id)
{
	return ids->index_cap &&
	       ids->index[embed_ids_probe(ids, ids->index, ids->index_cap,
					  id)];
}

/* Add id to a list that embed_ids_has() is asked about. */
static void embed_ids_add_indexed(struct embed_ids *ids, uint64_t id)
{
	size_t i;

	embed_ids_add(ids, id);
	if (2 * ids->n > ids->index_cap)
		embed_ids_index(ids);
	else if (!ids->index[i = embed_ids_probe(ids, ids->index,
						 ids->index_cap, id)])
		ids->index[i] = ids->n;
}

static void embed_ids_free(struct embed_ids *ids)
{
	free(ids->v);
	free(ids->index);
}

/*
 * Where the strings start: 1 MB, which glibc's malloc maps whole (above
 * its mmap threshold), so that the buffer takes no part of the compiler's
 * heap, its pages are used as they are written, and growing it remaps
 * instead of copying.  6.12 net/core/dev.o keeps 350 KB: from 64 KB in
 * the heap, its three doublings copied 450 KB (0.4 M instructions).
 */
#define EMBED_STRINGS_FIRST (1024 * 1024)

/*
 * A string is rendered straight into the unit's strings, after the last
 * one: where it starts.  (The record's object is the first value there.)
 */
static size_t embed_string_begin(struct embed_unit *e)
{
	if (!e->strings.cap)
		json_buf_reserve(&e->strings, EMBED_STRINGS_FIRST);
	e->strings.need_comma = false;
	return e->strings.len;
}

/* The id of the string rendered from start on. */
static uint64_t embed_string_id(const struct embed_unit *e, size_t start)
{
	return embed_id(e->strings.data + start, e->strings.len - start);
}

/* Keep the string being rendered: end it with its NUL. */
static void embed_string_keep(struct embed_unit *e)
{
	json_buf_raw(&e->strings, "", 1);
}

/* Drop the string rendered from start on. */
static void embed_string_drop(struct embed_unit *e, size_t start)
{
	e->strings.len = start;
	e->strings.data[start] = '\0';
}

/* Keep the JSON text json, len bytes, as a string of the unit. */
static void embed_keep(struct embed_unit *e, const char *json, size_t len)
{
	embed_string_begin(e);
	json_buf_raw(&e->strings, json, len);
	embed_string_keep(e);
}

void embed_unit_add_asm(struct embed_unit *e, const struct asm_record *rec,
			struct asm_shape *shape)
{
	const struct asmtpl_result *res = &rec->tpl_res;
	size_t start;
	uint64_t site;

	e->statements++;
	e->asm_inline += rec->asm_inline;
	e->applied += rec->applied;
	e->gcc_count += rec->gcc_count;
	e->est_insns += res->est_insns;
	if ((unsigned)res->kind < ASMTPL_KIND_COUNT_)
		e->kinds[res->kind]++;
	if (!rec->flagged)
		return;
	e->flagged++;
	e->overcount += rec->gcc_count - res->est_insns;

	/* The site once per unit (42 expansions of a macro share it)... */
	if (!shape->site_kept) {
		start = embed_string_begin(e);
		asm_record_render_site_shaped(&shape->text, &e->strings);
		site = embed_string_id(e, start);
		if (!embed_ids_has(&e->sites, site)) {
			embed_string_keep(e);
			embed_ids_add_indexed(&e->sites, site);
		} else {
			embed_string_drop(e, start);
		}
		shape->site_kept = true;
		shape->site = site;
	}
	site = shape->site;
	/* ... the statement every time. */
	start = embed_string_begin(e);
	asm_record_render_stmt(rec, site, &e->strings);
	embed_ids_add(&e->stmts, embed_string_id(e, start));
	embed_string_keep(e);
}

void embed_unit_add_edge(struct embed_unit *e, const char *json, size_t len)
{
	uint64_t id = embed_id(json, len);

	/* Identical edges of one unit: one string, the id listed twice. */
	if (embed_ids_has(&e->edges, id)) {
		embed_ids_add(&e->edges, id);
	} else {
		embed_keep(e, json, len);
		embed_ids_add_indexed(&e->edges, id);
	}
}

/* -DNAME or -DNAME=VALUE on the command line. */
static bool embed_cmdline_defines(const char *name)
{
	size_t n = strlen(name);

	for (unsigned i = 0; i < save_decoded_options_count; i++) {
		const struct cl_decoded_option *o = &save_decoded_options[i];

		if (o->opt_index == OPT_D && o->arg &&
		    !strncmp(o->arg, name, n) &&
		    (o->arg[n] == '\0' || o->arg[n] == '='))
			return true;
	}
	return false;
}

const char *embed_unit_unsupported(bool *say)
{
	*say = false;
	if (in_lto_p)
		return "lto1 sees no asm statement (they were read at compile time)";
	/*
	 * The kernel carries some shared objects whole, .comment included,
	 * as data: the vDSO image (vdso2c, mapped into every process; built
	 * -fPIC on x86, with -DBUILD_VDSO on every architecture) and kexec's
	 * purgatory (-fpic).  objcopy -S keeps .comment.
	 */
	if (embed_cmdline_defines("BUILD_VDSO"))
		return "a vDSO object (-DBUILD_VDSO): the kernel maps the whole vDSO image into every process";
	if (flag_pic && !flag_pie)
		return "code for a shared object (-fpic/-fPIC without -fpie): the kernel carries its vDSO and kexec purgatory whole, as data";
	*say = true;
	if (flag_generate_lto && !flag_fat_lto_objects)
		return "a slim LTO object (-flto without -ffat-lto-objects) holds no code; "
		       "the link-time objects are not compiled with this plugin";
	return NULL;
}

static void embed_uint(struct json_buf *b, const char *key,
		       unsigned long long v)
{
	json_key(b, key);
	json_uint(b, v);
}

static void embed_id_array(struct json_buf *b, const char *key,
			   const struct embed_ids *ids)
{
	char id[FINGERPRINT_HEX_LEN + 1];

	json_key(b, key);
	json_begin_array(b);
	for (size_t i = 0; i < ids->n; i++) {
		fingerprint_hex(ids->v[i], id);
		json_string(b, id, FINGERPRINT_HEX_LEN);
	}
	json_end_array(b);
}

/* The unit record: what the compilation saw, and which stmts are its. */
static void embed_render_unit(const struct embed_unit *e,
			      const struct embed_unit_meta *m,
			      struct json_buf *b)
{
	json_begin_object(b);
	json_key(b, "record");
	json_cstring(b, "unit");
	embed_uint(b, "format_version", EMBED_UNIT_FORMAT_VERSION);
	json_key(b, "tu");
	json_cstring(b, m->tu);
	json_key(b, "srctree");
	json_cstring(b, m->srctree);
	json_key(b, "arch");
	json_cstring(b, m->arch);
	json_key(b, "plugin");
	json_cstring(b, ASMINLINE_VERSION);
	json_key(b, "mode");
	json_cstring(b, m->mode);
	embed_uint(b, "threshold", m->threshold);
	/* Only with sites=: a site no unit applies is a typo, or unflagged. */
	if (m->sites && m->sites->n) {
		json_key(b, "sites");
		json_begin_array(b);
		for (size_t i = 0; i < m->sites->n; i++) {
			json_begin_object(b);
			json_key(b, "site");
			json_cstring(b, m->sites->v[i].item);
			embed_uint(b, "statements", m->site_stmts[i]);
			embed_uint(b, "applied", m->site_applied[i]);
			json_end_object(b);
		}
		json_end_array(b);
	}
	json_key(b, "rerun");
	json_cstring(b, m->rerun);
	if (m->rerun_error) {
		json_key(b, "rerun_error");
		json_cstring(b, m->rerun_error);
	}
	embed_uint(b, "statements", e->statements);
	embed_uint(b, "asm_inline", e->asm_inline);
	embed_uint(b, "flagged", e->flagged);
	embed_uint(b, "applied", e->applied);
	embed_uint(b, "gcc_count", e->gcc_count);
	embed_uint(b, "est_insns", e->est_insns);
	embed_uint(b, "overcount", e->overcount);
	json_key(b, "kinds");
	json_begin_object(b);
	for (unsigned k = 0; k < ASMTPL_KIND_COUNT_; k++)
		if (e->kinds[k])
			embed_uint(b, asmtpl_kind_name((enum asmtpl_kind)k),
				   e->kinds[k]);
	json_end_object(b);
	embed_id_array(b, "stmts", &e->stmts);
	/* Left out when empty: a unit record of before edges reads the same. */
	if (e->edges.n)
		embed_id_array(b, "edges", &e->edges);
	json_end_object(b);
}

/*
 * Input bytes escaped per chunk; the buffer holds the worst case, 4 each,
 * and the escaper's slack.
 */
#define EMBED_CHUNK 2048

/*
 * One .ident directive holding EMBED_PREFIX and the JSON text, escaped
 * into a stack buffer a chunk at a time and written one fwrite per chunk.
 */
static size_t embed_put_string(FILE *out, const char *json, size_t len)
{
	static const char head[] = "\t.ident\t\"" EMBED_PREFIX;
	const unsigned char *s = (const unsigned char *)json;
	char buf[sizeof(head) + 4 * EMBED_CHUNK + GAS_STRING_SLACK + 2];
	char *p = buf + sizeof(head) - 1;

	memcpy(buf, head, sizeof(head) - 1);
	for (size_t i = 0; i < len; i += EMBED_CHUNK) {
		size_t n = len - i < EMBED_CHUNK ? len - i : EMBED_CHUNK;

		if (i)
			p = buf;
		p = gas_string_escape(p, s + i, n);
		if (i + n < len)
			fwrite(buf, 1, (size_t)(p - buf), out);
	}
	*p++ = '"';
	*p++ = '\n';
	fwrite(buf, 1, (size_t)(p - buf), out);
	return sizeof(EMBED_PREFIX) - 1 + len + 1;
}

size_t embed_unit_write(struct embed_unit *e, const struct embed_unit_meta *m,
			FILE *out)
{
	size_t bytes = 0;

	for (size_t off = 0; off < e->strings.len;) {
		size_t len = strlen(e->strings.data + off);

		bytes += embed_put_string(out, e->strings.data + off, len);
		off += len + 1;
	}
	json_buf_reset(&e->scratch);
	embed_render_unit(e, m, &e->scratch);
	bytes += embed_put_string(out, e->scratch.data, e->scratch.len);
	return bytes;
}

void embed_unit_free(struct embed_unit *e)
{
	json_buf_free(&e->strings);
	json_buf_free(&e->scratch);
	embed_ids_free(&e->sites);
	embed_ids_free(&e->stmts);
	embed_ids_free(&e->edges);
	memset(e, 0, sizeof(*e));
}

void embed_finish_unit(struct asminline_plugin *pl, const char *rerun,
		       const char *rerun_error)
{
	struct embed_unit_meta meta;
	const char *why;
	size_t bytes;
	bool say;

	if (!pl->opts.embed || seen_error())
		return;
	why = embed_unit_unsupported(&say);
	if (why) {
		if (pl->opts.verbose)
			fprintf(stderr, "asminline: %s: nothing embedded: %s\n",
				srcpath_rel(&pl->paths, main_input_filename),
				why);
		/* A note: the build goes on, and -Werror does not stop it. */
		if (say)
			inform(UNKNOWN_LOCATION,
			       "asminline: records are not embedded in this object: %s "
			       "(%<-fplugin-arg-asminline-embed=0%> silences this)",
			       why);
		return;
	}
	if (!asm_out_file)
		return;

	meta.tu = srcpath_rel(&pl->paths, main_input_filename);
	meta.srctree = pl->paths.root ? pl->paths.root : "";
	meta.sites = &pl->opts.sites;
	meta.site_stmts = pl->site_stmts;
	meta.site_applied = pl->site_applied;
	meta.arch = asmtpl_arch_name(pl->arch);
	meta.mode = pl->opts.mode == ASMINLINE_MODE_APPLY ? "apply" : "warn";
	meta.threshold = pl->opts.threshold;
	meta.rerun = rerun;
	meta.rerun_error = rerun_error;
	bytes = embed_unit_write(pl->embed, &meta, asm_out_file);
	if (pl->opts.verbose)
		fprintf(stderr,
			"asminline: %s: embedded %lu site, %lu stmt, %lu edge and 1 unit record(s) in .comment (%lu bytes)\n",
			meta.tu, (unsigned long)pl->embed->sites.n,
			(unsigned long)pl->embed->stmts.n,
			(unsigned long)pl->embed->edges.n, (unsigned long)bytes);
	embed_unit_free(pl->embed);
}
