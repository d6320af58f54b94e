// SPDX-License-Identifier: GPL-2.0
/*
 * writer.c — more callers of objstat_account(), and a user-space store
 * through a uaccess-style macro whose asm is spelled in asm/uaccess.h.
 */
#include "asm/uaccess.h"
#include "linux/objstat.h"

int writer_write(struct objstat *s, int n)
{
	return objstat_account(s, 0, n);
}

int writer_copy(struct objstat *s, int nread, int nwrite)
{
	return objstat_account(s, nread, nwrite);
}

int writer_report(int *uptr, int a, int b)
{
	put_user_goto(a, uptr, efault);
	put_user_goto(b, uptr + 1, efault);
	return 0;
efault:
	return -14;
}
