// SPDX-License-Identifier: GPL-2.0
/*
 * arm64-calls.c — direct calls and tiny bodies on AArch64 for
 * tests/arm64.sh, compiled at test time with the arm64 kernel's code
 * generation flags: -mbranch-protection=pac-ret+bti (`bti c` at entry,
 * paciasp/autiasp around a body that saves the link register) and
 * -fpatchable-function-entry=2 (ftrace's two NOPs at entry).  None of
 * those, nor ret, is part of a body; the oracle (objdump_arm64.py) counts
 * the rest of what objdump shows in each function.
 */
#define noinline __attribute__((noinline, noclone))

extern int ext_call(int);
extern void (*hook)(void);
int counter;

/*
 * noipa as well: from GCC 14 on, IPA propagates a constant return value
 * into the callers and the call goes away.
 */
__attribute__((noipa)) noinline int get_one(void)
{
	return 1;
}

noinline int add(int a, int b)
{
	return a + b;
}

noinline void bump(void)
{
	counter++;
}

noinline void nothing(void)
{
	__asm__ volatile("");
}

static noinline int local_tiny(int x)
{
	return x ^ 0x5a;
}

noinline int not_tiny(int x)
{
	int s = 0;

	for (int i = 0; i < x; i++)
		s += ext_call(i) * local_tiny(i);
	return s;
}

int caller_a(int x)
{
	bump();
	nothing();
	return get_one() + add(x, 2) + local_tiny(x) + ext_call(x);
}

int caller_b(int x)
{
	if (x > 3)
		hook();			/* indirect (blr): not a direct call */
	bump();
	return add(get_one(), local_tiny(x)) + not_tiny(x);
}

int caller_c(int x)
{
	bump();
	bump();
	return ext_call(add(x, x));	/* a tail call is a b, not a bl */
}
