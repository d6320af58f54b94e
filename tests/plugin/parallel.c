// SPDX-License-Identifier: GPL-2.0
/*
 * parallel.c — input of the parallel-append test (parallel.sh): compiled
 * 64 times at once with -DUNIT=n.  unitN_large holds one ~6 KB template
 * (larger than PIPE_BUF, 4096), so a torn append would show.
 */
#define CAT_(a, b, c) a##b##c
#define CAT(a, b, c) CAT_(a, b, c)
#define FN(name) CAT(unit, UNIT, name)

#define X16 "# xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
#define X64 X16 X16 X16 X16
#define X256 X64 X64 X64 X64

void FN(_small)(int *p)
{
	asm volatile("nop");
	asm volatile("nop");
	asm volatile("incl %0" : "+m"(*p));
	asm volatile(".pushsection .discard.x,\"a\"\n.long 0\n.popsection\nnop");
}

void FN(_large)(void)
{
	asm volatile(X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 "nop");
	asm volatile("nop\n\tnop");
}
