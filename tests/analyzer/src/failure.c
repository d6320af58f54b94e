// SPDX-License-Identifier: GPL-2.0
/*
 * failure.c — callees that are no inlining decision (analyzer-calls): an
 * alternative call's placeholder (6.8+ x86 "call BUG_func"), functions
 * DWARF marks noreturn (defined here, or only declared: an undefined
 * symbol of the .o), and checker hooks known by name.  Each is tiny; none
 * may be ranked.  plain_tiny is the one tiny callee a developer should
 * look at.
 */
#define noinline __attribute__((noinline))

noinline void BUG_func(void)
{
	asm volatile("ud2");	/* not __builtin_trap(): GCC would infer noreturn */
}

noinline __attribute__((noreturn)) void my_die(void)
{
	__builtin_trap();
}

/* Declared noreturn, defined elsewhere (failure-main.c). */
extern void ext_die(void) __attribute__((noreturn));

noinline void __stack_chk_fail(void)
{
	asm volatile("");
}

noinline void __ubsan_handle_shift_out_of_bounds(void *data)
{
	asm volatile("" : : "r"(data));
}

noinline int plain_tiny(int x)
{
	return x + 1;
}

int failure_caller(int x)
{
	BUG_func();
	if (x == 1)
		my_die();
	if (x == 2)
		ext_die();
	if (x == 3)
		__stack_chk_fail();
	if (x == 4)
		__ubsan_handle_shift_out_of_bounds(&x);
	return plain_tiny(x) + plain_tiny(x + 1);
}
