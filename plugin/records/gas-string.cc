// SPDX-License-Identifier: GPL-2.0
/*
 * gas-string.cc — the escape of a GAS string operand (gas-string.h).
 *
 * The text escaped is the JSON of the embedded records (352 KB on 6.12
 * net/core/dev.o), in which a '"' comes every few bytes and a byte to be
 * written in octal almost never.  With SSE2 (every x86-64 host) sixteen
 * bytes are looked at in one turn: a block holding none of the four kinds
 * of special byte is stored as it is; a block holding only '"' and '\\'
 * is stored, and from each of those on it is stored again one byte
 * further, after the backslash put before it (an unaligned store of
 * sixteen bytes each time, so the output has GAS_STRING_SLACK bytes of
 * room past its end).  Any other block, the last bytes of the input, and
 * every byte on other hosts go one at a time: the same bytes.
 *
 * No GCC header here: <emmintrin.h> uses malloc, which GCC's poisons.
 */
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "gas-string.h"

/* One byte as GAS reads it back: itself, after a backslash, or in octal. */
static inline char *gas_string_byte(char *p, unsigned char c)
{
	if (c == '"' || c == '\\') {
		*p++ = '\\';
		*p++ = (char)c;
	} else if (c >= 0x20 && c < 0x7f) {
		*p++ = (char)c;
	} else {
		*p++ = '\\';
		*p++ = (char)('0' + (c >> 6));
		*p++ = (char)('0' + ((c >> 3) & 7));
		*p++ = (char)('0' + (c & 7));
	}
	return p;
}

#if defined(__SSE2__)
/*
 * The block v of sixteen bytes, in which the bits of quoted (bit i: byte
 * i) are the '"' and '\\' and no byte needs octal.  Stored whole at p;
 * then at each marked byte, in order, p moves to it, a backslash goes
 * there, and the block from that byte on is stored after it, over the
 * rest of the earlier store.
 */
static inline char *gas_string_block(char *p, __m128i v, unsigned quoted)
{
	unsigned char tmp[32];
	unsigned last = 0;

	_mm_storeu_si128((__m128i *)p, v);
	if (!quoted)
		return p + 16;
	_mm_storeu_si128((__m128i *)tmp, v);
	do {
		unsigned j = (unsigned)__builtin_ctz(quoted);

		quoted &= quoted - 1;
		p += j - last;
		*p++ = '\\';
		_mm_storeu_si128((__m128i *)p,
				 _mm_loadu_si128((const __m128i *)(tmp + j)));
		last = j;
	} while (quoted);
	return p + 16 - last;
}
#endif

char *gas_string_escape(char *p, const unsigned char *s, size_t n)
{
	size_t i = 0;

#if defined(__SSE2__)
	const __m128i quote = _mm_set1_epi8('"');
	const __m128i backslash = _mm_set1_epi8('\\');
	const __m128i space = _mm_set1_epi8(0x20);
	const __m128i del = _mm_set1_epi8(0x7f);

	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(s + i));
		/* Signed bytes: 0x80 and up are below 0x20 too. */
		unsigned octal = (unsigned)_mm_movemask_epi8(_mm_or_si128(
			_mm_cmplt_epi8(v, space), _mm_cmpeq_epi8(v, del)));

		if (octal) {
			for (size_t k = i; k < i + 16; k++)
				p = gas_string_byte(p, s[k]);
			continue;
		}
		p = gas_string_block(p, v,
				     (unsigned)_mm_movemask_epi8(_mm_or_si128(
					     _mm_cmpeq_epi8(v, quote),
					     _mm_cmpeq_epi8(v, backslash))));
	}
#endif
	for (; i < n; i++)
		p = gas_string_byte(p, s[i]);
	return p;
}
