// SPDX-License-Identifier: GPL-2.0
/* tables-main.c — makes tables.c a program (see tables.c). */
void ext_thunk(void)
{
}

int user(int *v);

int main(void)
{
	int v = 0;

	return user(&v);
}
