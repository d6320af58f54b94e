// SPDX-License-Identifier: GPL-2.0
/* failure-main.c — the rest of the program failure.c links into. */
extern int failure_caller(int x);

void ext_die(void)
{
	for (;;)
		;
}

int main(int argc, char **argv)
{
	(void)argv;
	return failure_caller(argc);
}
