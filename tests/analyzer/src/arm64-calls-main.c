// SPDX-License-Identifier: GPL-2.0
/*
 * arm64-calls-main.c — makes arm64-calls.c a program (ET_EXEC, no libc)
 * so the test also sees calls the linker resolved, as in vmlinux.
 */
int caller_a(int), caller_b(int), caller_c(int);
void (*hook)(void);

int ext_call(int x)
{
	return x * 7;
}

int main(int argc, char **argv)
{
	(void)argv;
	return caller_a(argc) + caller_b(argc) + caller_c(argc);
}
