// SPDX-License-Identifier: GPL-2.0
/*
 * arm64-tables-main.c — makes arm64-tables.c a program (no libc): the
 * callback alternative_cb names, and an entry point.
 */
unsigned long read_offset(void);
int get_user_word(const int *p, int *out);
void check(int x);
int keyed(int x);

void alt_cb_patch_nops(void)
{
}

int main(void)
{
	int v = 0;

	check(v);
	return (int)read_offset() + get_user_word(&v, &v) + keyed(v);
}
