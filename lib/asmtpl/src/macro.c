// SPDX-License-Identifier: GPL-2.0
/*
 * GAS macros: ".macro name a, b=default, c:req, d:vararg" ... ".endm",
 * invoked as "name x, y" (or "name x y"), removed by ".purgem name".
 * Expansion substitutes "\a" with the argument, "\()" with nothing and
 * "\@" with the count of macros expanded so far (gas/macro.c).  Names are
 * compared without case, as gas does.  The kernel's arm64 read_sysreg_s()
 * defines "mrs_s" inside the very template that uses it, then purges it.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MACRO_MAX_PARAMS 32

struct param {
	char *name;
	char *dflt;
	bool vararg;
};

struct asmtpl_macro {
	char *name;
	struct param params[MACRO_MAX_PARAMS];
	unsigned nparams;
	char *body;
	size_t blen;
};

static char *dup_range(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static bool same_name(const char *a, size_t alen, const char *b)
{
	size_t i;

	for (i = 0; i < alen; i++) {
		char x = a[i], y = b[i];

		if (y == '\0')
			return false;
		if (x >= 'A' && x <= 'Z')
			x = (char)(x - 'A' + 'a');
		if (y >= 'A' && y <= 'Z')
			y = (char)(y - 'A' + 'a');
		if (x != y)
			return false;
	}
	return b[alen] == '\0';
}

static void macro_free(struct asmtpl_macro *m)
{
	unsigned i;

	if (!m)
		return;
	for (i = 0; i < m->nparams; i++) {
		free(m->params[i].name);
		free(m->params[i].dflt);
	}
	free(m->name);
	free(m->body);
	free(m);
}

struct asmtpl_macro *asmtpl_macros_find(const struct asmtpl_macros *m,
					const char *name, size_t len)
{
	size_t i;

	for (i = m->n; i-- > 0;)
		if (same_name(name, len, m->v[i]->name))
			return m->v[i];
	return NULL;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Parses "name a, b=1, c:req" into mac; returns ASMTPL_ERR_INVAL on junk. */
static int parse_header(struct asmtpl_macro *mac, const char *h, size_t n)
{
	size_t i = 0, start;

	while (i < n && is_space(h[i]))
		i++;
	start = i;
	while (i < n && asmtpl_is_symbol_char(h[i]))
		i++;
	if (i == start)
		return ASMTPL_ERR_INVAL;
	mac->name = dup_range(h + start, i - start);
	if (!mac->name)
		return ASMTPL_ERR_NOMEM;
	while (i < n) {
		struct param *p;
		size_t nstart, nend;

		while (i < n && (is_space(h[i]) || h[i] == ','))
			i++;
		if (i >= n)
			break;
		nstart = i;
		while (i < n && asmtpl_is_symbol_char(h[i]))
			i++;
		nend = i;
		if (nend == nstart)
			return ASMTPL_ERR_INVAL;
		if (mac->nparams >= MACRO_MAX_PARAMS)
			return ASMTPL_ERR_INVAL;
		p = &mac->params[mac->nparams++];
		p->name = dup_range(h + nstart, nend - nstart);
		if (!p->name)
			return ASMTPL_ERR_NOMEM;
		if (i < n && h[i] == ':') {
			size_t q = ++i;

			while (i < n && asmtpl_is_symbol_char(h[i]))
				i++;
			if (i - q == 6 && !strncmp(h + q, "vararg", 6))
				p->vararg = true;
		}
		while (i < n && is_space(h[i]))
			i++;
		if (i < n && h[i] == '=') {
			size_t d = ++i;

			while (i < n && h[i] != ',' && !is_space(h[i]))
				i++;
			p->dflt = dup_range(h + d, i - d);
			if (!p->dflt)
				return ASMTPL_ERR_NOMEM;
		}
	}
	return ASMTPL_OK;
}

int asmtpl_macros_define(struct asmtpl_macros *m, const char *header,
			 size_t hlen, const char *body, size_t blen)
{
	struct asmtpl_macro *mac = calloc(1, sizeof(*mac));
	int err;

	if (!mac)
		return ASMTPL_ERR_NOMEM;
	err = parse_header(mac, header, hlen);
	/*
	 * gas refuses to redefine a macro ("macro m already defined") and
	 * keeps the first; the interpreter's own ".irp" bodies may nest.
	 */
	if (!err && strcmp(mac->name, ".irp") &&
	    asmtpl_macros_find(m, mac->name, strlen(mac->name)))
		err = ASMTPL_MACRO_EXISTS;
	if (!err && m->n >= ASMTPL_MAX_MACROS)
		err = ASMTPL_MACRO_EXISTS;
	if (!err) {
		mac->body = dup_range(body, blen);
		mac->blen = blen;
		if (!mac->body)
			err = ASMTPL_ERR_NOMEM;
	}
	if (!err && m->n == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 8;
		struct asmtpl_macro **v = realloc(m->v, cap * sizeof(*v));

		if (!v)
			err = ASMTPL_ERR_NOMEM;
		else {
			m->v = v;
			m->cap = cap;
		}
	}
	if (err) {
		macro_free(mac);
		return err;
	}
	m->v[m->n++] = mac;
	return ASMTPL_OK;
}

bool asmtpl_macros_purge(struct asmtpl_macros *m, const char *name,
			 size_t len)
{
	size_t i;

	for (i = m->n; i-- > 0;) {
		if (same_name(name, len, m->v[i]->name)) {
			macro_free(m->v[i]);
			memmove(&m->v[i], &m->v[i + 1],
				(m->n - i - 1) * sizeof(m->v[0]));
			m->n--;
			return true;
		}
	}
	return false;
}

int asmtpl_macros_copy(struct asmtpl_macros *dst,
		       const struct asmtpl_macros *src)
{
	size_t i;

	for (i = 0; i < src->n; i++) {
		const struct asmtpl_macro *s = src->v[i];
		struct asmtpl_macro *d;
		unsigned j;

		if (dst->n == dst->cap) {
			size_t cap = dst->cap ? dst->cap * 2 : 8;
			struct asmtpl_macro **v = realloc(dst->v, cap * sizeof(*v));

			if (!v)
				return ASMTPL_ERR_NOMEM;
			dst->v = v;
			dst->cap = cap;
		}
		d = calloc(1, sizeof(*d));
		if (!d)
			return ASMTPL_ERR_NOMEM;
		dst->v[dst->n++] = d;
		d->name = dup_range(s->name, strlen(s->name));
		d->body = dup_range(s->body, s->blen);
		d->blen = s->blen;
		if (!d->name || !d->body)
			return ASMTPL_ERR_NOMEM;
		for (j = 0; j < s->nparams; j++) {
			d->params[j].vararg = s->params[j].vararg;
			d->params[j].name = dup_range(s->params[j].name,
						      strlen(s->params[j].name));
			if (!d->params[j].name)
				return ASMTPL_ERR_NOMEM;
			d->nparams = j + 1;
			if (s->params[j].dflt) {
				d->params[j].dflt = dup_range(s->params[j].dflt,
							      strlen(s->params[j].dflt));
				if (!d->params[j].dflt)
					return ASMTPL_ERR_NOMEM;
			}
		}
	}
	return ASMTPL_OK;
}

void asmtpl_macros_free(struct asmtpl_macros *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		macro_free(m->v[i]);
	free(m->v);
	memset(m, 0, sizeof(*m));
}

struct arg {
	const char *s;
	size_t n;
	bool set;
};

/* Splits invocation arguments at top-level commas, or at blanks if none. */
static unsigned split_args(const char *s, size_t n, struct arg *args,
			   unsigned max, bool by_comma)
{
	unsigned count = 0;
	size_t i = 0;

	while (i < n && count < max) {
		size_t start, end;
		int parens = 0;
		bool quote = false;

		while (i < n && is_space(s[i]))
			i++;
		if (i >= n)
			break;
		start = i;
		while (i < n) {
			char c = s[i];

			if (c == '"')
				quote = !quote;
			else if (!quote && c == '(')
				parens++;
			else if (!quote && c == ')')
				parens--;
			else if (!quote && parens <= 0 &&
				 (by_comma ? c == ',' : is_space(c)))
				break;
			i++;
		}
		end = i;
		while (end > start && is_space(s[end - 1]))
			end--;
		args[count].s = s + start;
		args[count].n = end - start;
		args[count].set = true;
		count++;
		if (i < n)
			i++;	/* the separator */
	}
	return count;
}

struct outbuf {
	char *p;
	size_t n, cap;
};

static int out_add(struct outbuf *o, const char *s, size_t n)
{
	if (n > SIZE_MAX / 4 - o->n)
		return ASMTPL_ERR_NOMEM;
	if (o->n + n + 1 > o->cap) {
		size_t cap = o->cap ? o->cap : 128;
		char *p;

		while (cap < o->n + n + 1)
			cap *= 2;
		p = realloc(o->p, cap);
		if (!p)
			return ASMTPL_ERR_NOMEM;
		o->p = p;
		o->cap = cap;
	}
	memcpy(o->p + o->n, s, n);
	o->n += n;
	o->p[o->n] = '\0';
	return ASMTPL_OK;
}

/* One byte: stored in place while there is room (most of an expansion). */
static int out_char(struct outbuf *o, char c)
{
	if (o->n + 2 > o->cap)
		return out_add(o, &c, 1);
	o->p[o->n++] = c;
	o->p[o->n] = '\0';
	return ASMTPL_OK;
}

int asmtpl_macro_expand(const struct asmtpl_macro *mac, const char *args,
			size_t alen, unsigned long counter, char **out,
			size_t *outlen)
{
	struct arg given[MACRO_MAX_PARAMS] = { { 0 } };
	struct arg bound[MACRO_MAX_PARAMS] = { { 0 } };
	struct outbuf o = { 0 };
	bool has_comma = memchr(args, ',', alen) != NULL;
	unsigned n, i, next = 0;
	size_t k;

	n = split_args(args, alen, given, MACRO_MAX_PARAMS,
		       has_comma || mac->nparams <= 1);
	for (i = 0; i < n; i++) {
		const char *eq = memchr(given[i].s, '=', given[i].n);
		unsigned j;

		/* "name=value" binds by keyword. */
		if (eq) {
			size_t nl = (size_t)(eq - given[i].s);

			for (j = 0; j < mac->nparams; j++)
				if (same_name(given[i].s, nl, mac->params[j].name))
					break;
			if (j < mac->nparams) {
				bound[j].s = eq + 1;
				bound[j].n = given[i].n - nl - 1;
				bound[j].set = true;
				continue;
			}
		}
		if (next < mac->nparams) {
			if (mac->params[next].vararg) {
				/* The rest of the line, commas and all. */
				bound[next].s = given[i].s;
				bound[next].n = (size_t)(args + alen - given[i].s);
				bound[next].set = true;
				next = mac->nparams;
				break;
			}
			bound[next++] = given[i];
		}
	}
	for (k = 0; k < mac->blen; k++) {
		char c = mac->body[k];
		int err = ASMTPL_OK;

		if (c == '\\' && k + 1 < mac->blen) {
			const char *nm = mac->body + k + 1;
			size_t len = 0;

			if (nm[0] == '(' && k + 2 < mac->blen && nm[1] == ')') {
				k += 2;
				continue;
			}
			if (nm[0] == '@') {
				char num[24];
				int w = 0;
				unsigned long v = counter;
				char tmp[24];

				do {
					tmp[w++] = (char)('0' + v % 10);
					v /= 10;
				} while (v && w < 23);
				for (i = 0; i < (unsigned)w; i++)
					num[i] = tmp[w - 1 - i];
				err = out_add(&o, num, (size_t)w);
				k += 1;
				if (err)
					goto fail;
				continue;
			}
			while (k + 1 + len < mac->blen &&
			       asmtpl_is_symbol_char(nm[len]) && nm[len] != '.' &&
			       nm[len] != '$')
				len++;
			for (i = 0; i < mac->nparams; i++)
				if (len && same_name(nm, len, mac->params[i].name))
					break;
			if (len && i < mac->nparams) {
				if (bound[i].set)
					err = out_add(&o, bound[i].s, bound[i].n);
				else if (mac->params[i].dflt)
					err = out_add(&o, mac->params[i].dflt,
						      strlen(mac->params[i].dflt));
				k += len;
				if (err)
					goto fail;
				continue;
			}
		}
		if (out_char(&o, c))
			goto fail;
	}
	if (out_add(&o, "\n", 1))
		goto fail;
	*out = o.p;
	*outlen = o.n;
	return ASMTPL_OK;
fail:
	free(o.p);
	return ASMTPL_ERR_NOMEM;
}
