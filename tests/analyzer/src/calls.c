// SPDX-License-Identifier: GPL-2.0
/*
 * calls.c — direct calls and tiny bodies for tests/calls.sh, compiled at
 * test time like a kernel object (-pg -mfentry: `call __fentry__` at
 * entry; -fcf-protection=branch: endbr64; -mfunction-return=thunk-extern:
 * `jmp __x86_return_thunk` for ret; -mharden-sls=all: int3 after it).
 *
 * "expect: insns=N" is the number of real instructions asmscan must count
 * in the function below it: none of the additions above is real.
 */
#define noinline __attribute__((noinline, noclone))

extern int ext_call(int);
extern void (*hook)(void);
int counter;

/*
 * noipa as well: from GCC 14 on, IPA propagates a constant return value
 * into the callers and the call goes away.
 */
/* expect: insns=1 */
__attribute__((noipa)) noinline int get_one(void)
{
	return 1;
}

/* expect: insns=1 */
noinline int add(int a, int b)
{
	return a + b;
}

/* expect: insns=1 */
noinline void bump(void)
{
	counter++;
}

/* expect: insns=0 */
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
		hook();			/* indirect: not a direct call */
	bump();
	return add(get_one(), local_tiny(x)) + not_tiny(x);
}

int caller_c(int x)
{
	bump();
	bump();
	return ext_call(add(x, x));	/* a tail call is a jmp, not a call */
}
