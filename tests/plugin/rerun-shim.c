// SPDX-License-Identifier: GPL-2.0
/*
 * rerun-shim.c — faults for the inliner's re-run (plugin/edge-rerun*.cc)
 * injected from outside the plugin: an LD_PRELOAD library that wraps the
 * libc calls the plugin makes, in cc1 only (gcc, as and every other
 * program that loads it are left alone).  tests/plugin/rerun-faults.py
 * builds it with the compiler under test and picks the fault with
 * ASMINLINE_SHIM_FAULT:
 *
 *   fork-fail    fork() fails with EAGAIN (as at RLIMIT_NPROC);
 *   kill-start   the child is killed (SIGKILL) as it starts, before it
 *                waits for the parent's word;
 *   kill-go      the child is killed while the parent writes its word:
 *                the parent's write of the one byte "g" to a pipe first
 *                kills the child and waits until it is a zombie (its end
 *                of the pipe closed), then writes — the EPIPE case;
 *   kill-answer  the child writes half of its answer (its one write of
 *                48 bytes or more to a pipe), then is killed;
 *   stop-start   the child stops itself (SIGSTOP) as it starts: a hang;
 *   stop-answer  the child stops itself as it is about to answer;
 *   abort        the child calls abort() as it is about to answer, as
 *                one that meets an internal error in GCC would (cc1's
 *                crash handler makes it exit with status 4; its stderr
 *                is /dev/null by then);
 *   hang         the child waits in pause() for good as it is about to
 *                answer: a loop, which only SIGKILL ends.
 * The child is about to answer at its one write of 48 bytes or more to a
 * pipe: after the parent's word, its IPA passes and "inline".
 *
 * The plugin calls fork() and write() through the PLT, so these wrappers
 * (dlsym(RTLD_NEXT)) see exactly its calls; libc's own writes (stdio)
 * do not come here.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static pid_t shim_child;	/* in the parent: the child it forked */

static const char *shim_fault(void)
{
	const char *f = getenv("ASMINLINE_SHIM_FAULT");

	if (!f || strcmp(program_invocation_short_name, "cc1"))
		return "";
	return f;
}

pid_t fork(void)
{
	static pid_t (*real_fork)(void);
	const char *f = shim_fault();
	pid_t pid;

	if (!real_fork)
		real_fork = (pid_t(*)(void))dlsym(RTLD_NEXT, "fork");
	if (!strcmp(f, "fork-fail")) {
		errno = EAGAIN;
		return -1;
	}
	pid = real_fork();
	if (pid == 0 && !strcmp(f, "kill-start"))
		raise(SIGKILL);
	if (pid == 0 && !strcmp(f, "stop-start"))
		raise(SIGSTOP);
	if (pid > 0)
		shim_child = pid;
	return pid;
}

static int shim_is_pipe(int fd)
{
	struct stat st;

	return !fstat(fd, &st) && S_ISFIFO(st.st_mode);
}

/* /proc/PID/stat's state, after the command's closing parenthesis. */
static int shim_is_zombie(pid_t pid)
{
	char path[64], buf[512], *p = NULL;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 1;
	if (fgets(buf, sizeof(buf), f))
		p = strrchr(buf, ')');
	fclose(f);
	return !p || p[2] == 'Z';
}

ssize_t write(int fd, const void *buf, size_t n)
{
	static ssize_t (*real_write)(int, const void *, size_t);
	const char *f = shim_fault();

	if (!real_write)
		real_write = (ssize_t(*)(int, const void *, size_t))dlsym(
			RTLD_NEXT, "write");
	if (shim_child && n == 1 && *(const char *)buf == 'g' &&
	    !strcmp(f, "kill-go") && shim_is_pipe(fd)) {
		struct timespec ms = { 0, 1000000 };

		kill(shim_child, SIGKILL);
		for (int i = 0; i < 10000 && !shim_is_zombie(shim_child); i++)
			nanosleep(&ms, NULL);
	}
	if (!shim_child && n >= 48 && shim_is_pipe(fd)) {
		if (!strcmp(f, "kill-answer")) {
			real_write(fd, buf, n / 2);
			raise(SIGKILL);
		}
		if (!strcmp(f, "stop-answer"))
			raise(SIGSTOP);
		if (!strcmp(f, "abort"))
			abort();
		if (!strcmp(f, "hang"))
			for (;;)
				pause();
	}
	return real_write(fd, buf, n);
}
