// SPDX-License-Identifier: GPL-2.0
/*
 * GAS expressions over intervals.
 *
 * The kernel pads an ALTERNATIVE with
 *     .skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90
 * i.e. by how much the replacement is longer than the original.  Neither
 * length is known before assembly, but both are bounded (an x86
 * instruction is 1 to 15 bytes, an arm64 one exactly 4), so every value
 * here is an interval [lo, hi]: the padding is known to be positive when
 * the original is empty and the replacement is not, and known to be zero
 * when both hold the same fixed-size code.
 *
 * Precedence is gas's (gas/doc/as.texi, "Infix Operators"), from high to
 * low: * / % << >>; | & ^ !; + - == != <> < > <= >=; && ||.  A true
 * comparison is -1.  A position minus a position in the same section is
 * absolute; since a position's bounds are running sums of the minimum and
 * maximum sizes before it, the distance between two is bounded by the
 * differences of the sums, not by the (much wider) interval difference.
 */
#include <string.h>

#include "internal.h"

#define MAX_EXPR_DEPTH 256

struct parser {
	const char *s;
	size_t len, pos;
	asmtpl_symbol_fn sym;
	void *arg;
	int depth;
};

struct asmtpl_value asmtpl_value_exact(int64_t v)
{
	struct asmtpl_value r = { -1, true, v, v };
	return r;
}

struct asmtpl_value asmtpl_value_unknown(void)
{
	struct asmtpl_value r = { -1, false, 0, 0 };
	return r;
}

bool asmtpl_value_is_exact(struct asmtpl_value v)
{
	return v.known && v.sec < 0 && v.lo == v.hi;
}

static struct asmtpl_value range(int64_t lo, int64_t hi)
{
	struct asmtpl_value r = { -1, true, lo, hi };
	return r;
}

static bool is_abs(struct asmtpl_value v)
{
	return v.known && v.sec < 0;
}

static void skip_space(struct parser *p)
{
	while (p->pos < p->len &&
	       (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\r'))
		p->pos++;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

static struct asmtpl_value parse_number(struct parser *p)
{
	const char *s = p->s;
	size_t i = p->pos, start = p->pos;
	uint64_t v = 0;
	int base = 10;

	while (i < p->len && is_digit(s[i]))
		i++;
	/* "1b" / "1f": a local label reference, not a number. */
	if (i < p->len && (s[i] == 'b' || s[i] == 'f' || s[i] == 'B' || s[i] == 'F') &&
	    (i + 1 >= p->len || !asmtpl_is_symbol_char(s[i + 1]))) {
		struct asmtpl_value r = p->sym(p->arg, s + start, i + 1 - start);

		p->pos = i + 1;
		return r;
	}
	i = start;
	if (s[i] == '0' && i + 1 < p->len && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
		base = 16;
		i += 2;
	} else if (s[i] == '0' && i + 1 < p->len && (s[i + 1] == 'b' || s[i + 1] == 'B')) {
		base = 2;
		i += 2;
	} else if (s[i] == '0') {
		base = 8;
	}
	while (i < p->len && digit_value(s[i]) < base) {
		v = v * (uint64_t)base + (uint64_t)digit_value(s[i]);
		i++;
	}
	p->pos = i;
	/* Trailing junk such as "10q" makes the value unknown, not wrong. */
	if (i < p->len && asmtpl_is_symbol_char(s[i])) {
		while (p->pos < p->len && asmtpl_is_symbol_char(s[p->pos]))
			p->pos++;
		return asmtpl_value_unknown();
	}
	return asmtpl_value_exact((int64_t)v);
}

static struct asmtpl_value parse_binary(struct parser *p, int level);

static struct asmtpl_value neg(struct asmtpl_value a)
{
	if (!is_abs(a) || a.lo == INT64_MIN)
		return asmtpl_value_unknown();
	return range(-a.hi, -a.lo);
}

static struct asmtpl_value parse_unary(struct parser *p)
{
	struct asmtpl_value v;
	char c;

	skip_space(p);
	if (p->pos >= p->len)
		return asmtpl_value_unknown();
	/*
	 * Each nesting (a parenthesis or a unary operator) costs five stack
	 * frames; ALTERNATIVE_3's padding nests about 20 deep.
	 */
	if (++p->depth > MAX_EXPR_DEPTH) {
		p->depth--;
		p->pos = p->len;
		return asmtpl_value_unknown();
	}
	c = p->s[p->pos];
	if (c == '-' || c == '~' || c == '!' || c == '+') {
		p->pos++;
		v = parse_unary(p);
		if (c == '-')
			v = neg(v);
		else if (c == '~')
			v = is_abs(v) && v.lo != INT64_MIN ?
				range(-v.hi - 1, -v.lo - 1) : asmtpl_value_unknown();
		else if (c == '!')
			v = !is_abs(v) ? asmtpl_value_unknown() :
			    (v.lo > 0 || v.hi < 0) ? asmtpl_value_exact(0) :
			    (v.lo == 0 && v.hi == 0) ? asmtpl_value_exact(1) : range(0, 1);
	} else if (c == '(') {
		p->pos++;
		v = parse_binary(p, 4);
		skip_space(p);
		if (p->pos < p->len && p->s[p->pos] == ')')
			p->pos++;
		else
			v = asmtpl_value_unknown();
	} else if (is_digit(c)) {
		v = parse_number(p);
	} else if (c == '\'' && p->pos + 1 < p->len) {
		v = asmtpl_value_exact((unsigned char)p->s[p->pos + 1]);
		p->pos += 2;
	} else if (c == '%') {
		/* An operand GCC substitutes later: its value is unknown. */
		p->pos++;
		if (p->pos < p->len && !asmtpl_is_symbol_char(p->s[p->pos]) &&
		    p->s[p->pos] != '[')
			p->pos++;
		while (p->pos < p->len && asmtpl_is_symbol_char(p->s[p->pos]))
			p->pos++;
		if (p->pos < p->len && p->s[p->pos] == '[') {
			while (p->pos < p->len && p->s[p->pos] != ']')
				p->pos++;
			if (p->pos < p->len)
				p->pos++;
		}
		v = asmtpl_value_unknown();
	} else if (asmtpl_is_symbol_char(c)) {
		size_t start = p->pos;

		while (p->pos < p->len && asmtpl_is_symbol_char(p->s[p->pos]))
			p->pos++;
		v = p->sym(p->arg, p->s + start, p->pos - start);
	} else if (c == '"') {
		/* A string where a number was expected. */
		p->pos++;
		while (p->pos < p->len && p->s[p->pos] != '"')
			p->pos++;
		if (p->pos < p->len)
			p->pos++;
		v = asmtpl_value_unknown();
	} else {
		v = asmtpl_value_unknown();
		p->pos = p->len;
	}
	p->depth--;
	return v;
}

enum op {
	OP_NONE, OP_MUL, OP_DIV, OP_MOD, OP_SHL, OP_SHR, OP_OR, OP_AND, OP_XOR,
	OP_ORNOT, OP_ADD, OP_SUB, OP_EQ, OP_NE, OP_LT, OP_GT, OP_LE, OP_GE,
	OP_LAND, OP_LOR,
};

/* Reads the operator at p->pos without consuming it; *n is its length. */
static enum op peek_op(struct parser *p, size_t *n, int *level)
{
	const char *s = p->s + p->pos;
	size_t left = p->len - p->pos;
	char c = left ? s[0] : '\0';
	char d = left > 1 ? s[1] : '\0';

	*n = 1;
	switch (c) {
	case '*': *level = 1; return OP_MUL;
	case '/': *level = 1; return OP_DIV;
	case '%': *level = 1; return OP_MOD;
	case '<':
		if (d == '<') { *n = 2; *level = 1; return OP_SHL; }
		if (d == '=') { *n = 2; *level = 3; return OP_LE; }
		if (d == '>') { *n = 2; *level = 3; return OP_NE; }
		*level = 3;
		return OP_LT;
	case '>':
		if (d == '>') { *n = 2; *level = 1; return OP_SHR; }
		if (d == '=') { *n = 2; *level = 3; return OP_GE; }
		*level = 3;
		return OP_GT;
	case '|':
		if (d == '|') { *n = 2; *level = 4; return OP_LOR; }
		*level = 2;
		return OP_OR;
	case '&':
		if (d == '&') { *n = 2; *level = 4; return OP_LAND; }
		*level = 2;
		return OP_AND;
	case '^': *level = 2; return OP_XOR;
	case '!':
		if (d == '=') { *n = 2; *level = 3; return OP_NE; }
		*level = 2;
		return OP_ORNOT;
	case '+': *level = 3; return OP_ADD;
	case '-': *level = 3; return OP_SUB;
	case '=':
		if (d == '=') { *n = 2; *level = 3; return OP_EQ; }
		break;
	default:
		break;
	}
	return OP_NONE;
}

static struct asmtpl_value add(struct asmtpl_value a, struct asmtpl_value b)
{
	struct asmtpl_value r;

	if (!a.known || !b.known || (a.sec >= 0 && b.sec >= 0))
		return asmtpl_value_unknown();
	if (__builtin_add_overflow(a.lo, b.lo, &r.lo) ||
	    __builtin_add_overflow(a.hi, b.hi, &r.hi))
		return asmtpl_value_unknown();
	r.known = true;
	r.sec = a.sec >= 0 ? a.sec : b.sec;
	return r;
}

static struct asmtpl_value sub(struct asmtpl_value a, struct asmtpl_value b)
{
	struct asmtpl_value r;
	int64_t d1, d2;

	if (!a.known || !b.known)
		return asmtpl_value_unknown();
	if (a.sec >= 0 && b.sec >= 0) {
		if (a.sec != b.sec)
			return asmtpl_value_unknown();
		if (__builtin_sub_overflow(a.lo, b.lo, &d1) ||
		    __builtin_sub_overflow(a.hi, b.hi, &d2))
			return asmtpl_value_unknown();
		return range(d1 < d2 ? d1 : d2, d1 < d2 ? d2 : d1);
	}
	if (b.sec >= 0)
		return asmtpl_value_unknown();
	if (__builtin_sub_overflow(a.lo, b.hi, &r.lo) ||
	    __builtin_sub_overflow(a.hi, b.lo, &r.hi))
		return asmtpl_value_unknown();
	r.known = true;
	r.sec = a.sec;
	return r;
}

static struct asmtpl_value mul(struct asmtpl_value a, struct asmtpl_value b)
{
	int64_t p[4], lo, hi;
	int i;

	if (!is_abs(a) || !is_abs(b))
		return asmtpl_value_unknown();
	if (__builtin_mul_overflow(a.lo, b.lo, &p[0]) ||
	    __builtin_mul_overflow(a.lo, b.hi, &p[1]) ||
	    __builtin_mul_overflow(a.hi, b.lo, &p[2]) ||
	    __builtin_mul_overflow(a.hi, b.hi, &p[3]))
		return asmtpl_value_unknown();
	lo = hi = p[0];
	for (i = 1; i < 4; i++) {
		if (p[i] < lo)
			lo = p[i];
		if (p[i] > hi)
			hi = p[i];
	}
	return range(lo, hi);
}

/* -1 true, 0 false, [-1, 0] when the intervals do not decide. */
static struct asmtpl_value compare(enum op op, struct asmtpl_value a,
				   struct asmtpl_value b)
{
	struct asmtpl_value d = sub(a, b);
	bool yes, no;

	if (!is_abs(d))
		return asmtpl_value_unknown();
	switch (op) {
	case OP_EQ: yes = d.lo == 0 && d.hi == 0; no = d.lo > 0 || d.hi < 0; break;
	case OP_NE: no = d.lo == 0 && d.hi == 0; yes = d.lo > 0 || d.hi < 0; break;
	case OP_LT: yes = d.hi < 0; no = d.lo >= 0; break;
	case OP_GT: yes = d.lo > 0; no = d.hi <= 0; break;
	case OP_LE: yes = d.hi <= 0; no = d.lo > 0; break;
	default: yes = d.lo >= 0; no = d.hi < 0; break;	/* OP_GE */
	}
	if (yes)
		return asmtpl_value_exact(-1);
	if (no)
		return asmtpl_value_exact(0);
	return range(-1, 0);
}

static struct asmtpl_value apply(enum op op, struct asmtpl_value a,
				 struct asmtpl_value b)
{
	int64_t x, y;

	switch (op) {
	case OP_ADD: return add(a, b);
	case OP_SUB: return sub(a, b);
	case OP_MUL: return mul(a, b);
	case OP_EQ: case OP_NE: case OP_LT: case OP_GT: case OP_LE: case OP_GE:
		return compare(op, a, b);
	case OP_AND:
		/* "x & -1" and "x & 0" decide a masked select without x. */
		if (asmtpl_value_is_exact(b) && b.lo == -1 && is_abs(a))
			return a;
		if (asmtpl_value_is_exact(a) && a.lo == -1 && is_abs(b))
			return b;
		if ((asmtpl_value_is_exact(a) && a.lo == 0) ||
		    (asmtpl_value_is_exact(b) && b.lo == 0))
			return asmtpl_value_exact(0);
		break;
	case OP_OR: case OP_XOR:
		if (asmtpl_value_is_exact(a) && a.lo == 0 && is_abs(b))
			return b;
		if (asmtpl_value_is_exact(b) && b.lo == 0 && is_abs(a))
			return a;
		break;
	case OP_LAND: case OP_LOR:
		if (is_abs(a) && is_abs(b)) {
			bool at = a.lo > 0 || a.hi < 0, af = a.lo == 0 && a.hi == 0;
			bool bt = b.lo > 0 || b.hi < 0, bf = b.lo == 0 && b.hi == 0;

			if (op == OP_LAND) {
				if (af || bf)
					return asmtpl_value_exact(0);
				if (at && bt)
					return asmtpl_value_exact(1);
			} else {
				if (at || bt)
					return asmtpl_value_exact(1);
				if (af && bf)
					return asmtpl_value_exact(0);
			}
			return range(0, 1);
		}
		return asmtpl_value_unknown();
	default:
		break;
	}
	if (!asmtpl_value_is_exact(a) || !asmtpl_value_is_exact(b))
		return asmtpl_value_unknown();
	x = a.lo;
	y = b.lo;
	switch (op) {
	case OP_DIV:
		if (y == 0 || (x == INT64_MIN && y == -1))
			return asmtpl_value_unknown();
		return asmtpl_value_exact(x / y);
	case OP_MOD:
		if (y == 0 || (x == INT64_MIN && y == -1))
			return asmtpl_value_unknown();
		return asmtpl_value_exact(x % y);
	case OP_SHL:
		if (y < 0 || y > 63)
			return asmtpl_value_unknown();
		return asmtpl_value_exact((int64_t)((uint64_t)x << y));
	case OP_SHR:
		if (y < 0 || y > 63)
			return asmtpl_value_unknown();
		return asmtpl_value_exact((int64_t)((uint64_t)x >> y));
	case OP_OR: return asmtpl_value_exact(x | y);
	case OP_AND: return asmtpl_value_exact(x & y);
	case OP_XOR: return asmtpl_value_exact(x ^ y);
	case OP_ORNOT: return asmtpl_value_exact(x | ~y);
	default: return asmtpl_value_unknown();
	}
}

static struct asmtpl_value parse_binary(struct parser *p, int level)
{
	struct asmtpl_value a;

	a = level == 1 ? parse_unary(p) : parse_binary(p, level - 1);
	for (;;) {
		struct asmtpl_value b;
		size_t n;
		int oplevel = 0;
		enum op op;

		skip_space(p);
		if (p->pos >= p->len)
			break;
		op = peek_op(p, &n, &oplevel);
		if (op == OP_NONE || oplevel != level)
			break;
		p->pos += n;
		b = level == 1 ? parse_unary(p) : parse_binary(p, level - 1);
		a = apply(op, a, b);
	}
	return a;
}

struct asmtpl_value asmtpl_expr_eval(const char *s, size_t len, size_t *end,
				     asmtpl_symbol_fn sym, void *arg)
{
	struct parser p = { s, len, 0, sym, arg, 0 };
	struct asmtpl_value v;
	int parens = 0;

	v = parse_binary(&p, 4);
	skip_space(&p);
	/* Anything left before the next top-level comma makes it unknown. */
	if (p.pos < len && s[p.pos] != ',') {
		v = asmtpl_value_unknown();
		while (p.pos < len) {
			if (s[p.pos] == '(')
				parens++;
			else if (s[p.pos] == ')')
				parens--;
			else if (s[p.pos] == ',' && parens <= 0)
				break;
			p.pos++;
		}
	}
	if (end)
		*end = p.pos;
	return v;
}
