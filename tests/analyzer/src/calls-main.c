// SPDX-License-Identifier: GPL-2.0
/*
 * calls-main.c — makes calls.c a program (ET_EXEC with -no-pie) so the
 * test also sees calls that the linker resolved, as in vmlinux.  The
 * kernel-like thunks and __fentry__ are defined here.
 */
int caller_a(int), caller_b(int), caller_c(int);
void (*hook)(void);

int ext_call(int x)
{
	return x * 7;
}

__asm__(".text\n"
	".globl __fentry__\n.type __fentry__, @function\n__fentry__:\n\tret\n"
	".size __fentry__, .-__fentry__\n"
	".globl __x86_return_thunk\n.type __x86_return_thunk, @function\n"
	"__x86_return_thunk:\n\tret\n.size __x86_return_thunk, .-__x86_return_thunk\n");

int main(int argc, char **argv)
{
	(void)argv;
	return caller_a(argc) + caller_b(argc) + caller_c(argc);
}
