// SPDX-License-Identifier: GPL-2.0
/*
 * asminline-bench — the guest side of `experiment.sh runtime`: a static
 * program that runs as /init of a small initramfs, times a fixed number of
 * operations of each workload (system calls whose kernel paths hold the
 * asm sites the plugin converts), prints one machine-readable line per
 * workload and powers the machine off.  It runs natively too (the tests do,
 * with small counts): only as PID 1 does it mount anything or power off.
 *
 * Under QEMU TCG with -icount shift=0 the guest's CLOCK_MONOTONIC advances
 * one nanosecond per executed instruction, so "ns" is an instruction count.
 *
 * With profile=FILE (one kernel symbol a line) it also counts, per
 * workload, the calls that reach each symbol: through the ftrace function
 * profiler (set_ftrace_filter + function_profile_enabled; enabling resets
 * its counters) where ftrace accepts the symbol, else through a kprobe
 * event (kprobe_profile's nhit; read before and after, subtracted by the
 * reader) — the kernel's `inline` implies notrace, so out-of-line copies
 * of inline functions are invisible to ftrace but not to kprobes.  The raw
 * tracefs text is printed as it is, prefixed; scripts/experiment/runtime/report.py
 * parses it.
 *
 * Output (format 1), one record a line, "KEY=VALUE" fields:
 *   asminline-bench format=1 label=L profile=0|1 repeat=N scale=S settle=S pid1=0|1
 *   uname release=R machine=M
 *   workload name=W run=I ops=N ns=T
 *   count symbol=S method=ftrace|kprobe|none [event=E]
 *   trace workload=W run=I phase=before|after file=F | RAW LINE
 *   error what=TEXT errno=E
 *   end status=0|1
 * Invariants: every workload line's ops is exactly the count that ran;
 * "end" is the last line, written once, after everything else.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define BENCH_FORMAT 1
#define BENCH_MAX_SYMBOLS 4096
#define TRACEFS "/sys/kernel/tracing"

struct bench_opts {
	const char *label;
	const char *out;
	const char *dir;
	const char *profile;
	double scale;
	long repeat;
	long settle;
	long kprobes;
	unsigned int selected; /* bit per workload */
	long ops[16];		/* 0: the default times scale */
};

struct bench_ctx {
	FILE *out;
	char path[4096];
	int status;
	int nsyms;
	char *syms[BENCH_MAX_SYMBOLS];
	char method[BENCH_MAX_SYMBOLS]; /* 'f' ftrace, 'k' kprobe, 0 none */
	int have_ftrace, have_kprobe;
	long max_kprobes;
	int pid1;
};

typedef int (*workload_fn)(struct bench_ctx *ctx, long ops);

static void bench_error(struct bench_ctx *ctx, const char *fmt, ...)
{
	char what[512];
	va_list ap;
	int e = errno;
	char *p;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	for (p = what; *p; p++)
		if (*p == ' ' || *p == '\n')
			*p = '_';
	fprintf(ctx->out, "error what=%s errno=%d\n", what, e);
	ctx->status = 1;
}

/* As /init, a line on the console (not the results port) per step. */
static void progress(const struct bench_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	if (!ctx->pid1)
		return;
	va_start(ap, fmt);
	fputs("asminline-bench: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int wl_getpid(struct bench_ctx *ctx, long ops)
{
	(void)ctx;
	/* syscall(), not getpid(): a libc may cache the answer. */
	for (long i = 0; i < ops; i++)
		syscall(SYS_getpid);
	return 0;
}

/* perf bench sched pipe's shape: two processes, one byte each way. */
static int wl_pipe(struct bench_ctx *ctx, long ops)
{
	int ab[2], ba[2], st;
	char c = 0;
	pid_t pid;

	if (pipe(ab) || pipe(ba)) {
		bench_error(ctx, "pipe");
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		bench_error(ctx, "fork");
		return -1;
	}
	if (pid == 0) {
		for (long i = 0; i < ops; i++)
			if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	for (long i = 0; i < ops; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1) {
			bench_error(ctx, "pipe round trip");
			break;
		}
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
		bench_error(ctx, "pipe child");
		return -1;
	}
	return 0;
}

static long futex(int *uaddr, int op, int val)
{
	return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

/*
 * Futex ping-pong between two processes over a shared page: the parent
 * hands the turn over (turn = 1, FUTEX_WAKE) and sleeps in FUTEX_WAIT
 * until the child hands it back.  Not FUTEX_PRIVATE: the word is shared.
 */
static int wl_futex(struct bench_ctx *ctx, long ops)
{
	int *turn, st;
	pid_t pid;

	turn = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (turn == MAP_FAILED) {
		bench_error(ctx, "mmap shared");
		return -1;
	}
	*turn = 0;
	pid = fork();
	if (pid < 0) {
		bench_error(ctx, "fork");
		munmap(turn, 4096);
		return -1;
	}
	if (pid == 0) {
		for (long i = 0; i < ops; i++) {
			while (__atomic_load_n(turn, __ATOMIC_ACQUIRE) == 0)
				futex(turn, FUTEX_WAIT, 0);
			__atomic_store_n(turn, 0, __ATOMIC_RELEASE);
			futex(turn, FUTEX_WAKE, 1);
		}
		_exit(0);
	}
	for (long i = 0; i < ops; i++) {
		__atomic_store_n(turn, 1, __ATOMIC_RELEASE);
		futex(turn, FUTEX_WAKE, 1);
		while (__atomic_load_n(turn, __ATOMIC_ACQUIRE) == 1)
			futex(turn, FUTEX_WAIT, 1);
	}
	munmap(turn, 4096);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
		bench_error(ctx, "futex child");
		return -1;
	}
	return 0;
}

static int wl_open(struct bench_ctx *ctx, long ops)
{
	for (long i = 0; i < ops; i++) {
		int fd = open(ctx->path, O_RDONLY);

		if (fd < 0) {
			bench_error(ctx, "open %s", ctx->path);
			return -1;
		}
		close(fd);
	}
	return 0;
}

static int wl_stat(struct bench_ctx *ctx, long ops)
{
	struct stat st;

	for (long i = 0; i < ops; i++)
		if (stat(ctx->path, &st)) {
			bench_error(ctx, "stat %s", ctx->path);
			return -1;
		}
	return 0;
}

/* One 64-byte pwrite and one 64-byte pread of the same file. */
static int wl_rw(struct bench_ctx *ctx, long ops)
{
	char buf[64];
	int fd = open(ctx->path, O_RDWR);

	if (fd < 0) {
		bench_error(ctx, "open %s", ctx->path);
		return -1;
	}
	memset(buf, 'a', sizeof(buf));
	for (long i = 0; i < ops; i++)
		if (pwrite(fd, buf, sizeof(buf), 0) != sizeof(buf) ||
		    pread(fd, buf, sizeof(buf), 0) != sizeof(buf)) {
			bench_error(ctx, "pwrite/pread %s", ctx->path);
			close(fd);
			return -1;
		}
	close(fd);
	return 0;
}

/* Map a page, fault it in, unmap it. */
static int wl_mmap(struct bench_ctx *ctx, long ops)
{
	for (long i = 0; i < ops; i++) {
		volatile char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED) {
			bench_error(ctx, "mmap");
			return -1;
		}
		p[0] = 1;
		munmap((void *)p, 4096);
	}
	return 0;
}

/* send() 64 bytes on one end of an AF_UNIX stream pair, recv() them. */
static int wl_socket(struct bench_ctx *ctx, long ops)
{
	char buf[64];
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
		bench_error(ctx, "socketpair");
		return -1;
	}
	memset(buf, 'b', sizeof(buf));
	for (long i = 0; i < ops; i++)
		if (send(sv[0], buf, sizeof(buf), 0) != sizeof(buf) ||
		    recv(sv[1], buf, sizeof(buf), MSG_WAITALL) != sizeof(buf)) {
			bench_error(ctx, "send/recv");
			break;
		}
	close(sv[0]);
	close(sv[1]);
	return 0;
}

/*
 * Default counts: each about 10^8 guest instructions (Linux 6.12 under
 * QEMU TCG, docs/reference/runtime.md), a few seconds of host time.
 */
static const struct workload {
	const char *name;
	workload_fn fn;
	long ops;
} workloads[] = {
	{ "getpid", wl_getpid, 300000 }, { "pipe", wl_pipe, 10000 },
	{ "futex", wl_futex, 10000 },	 { "open", wl_open, 20000 },
	{ "stat", wl_stat, 30000 },	 { "rw", wl_rw, 40000 },
	{ "mmap", wl_mmap, 6000 },	 { "socket", wl_socket, 30000 },
};
#define NWORKLOADS (sizeof(workloads) / sizeof(workloads[0]))

/* Write a whole string to a tracefs file; 0 or -errno. */
static int tracefs_write(const char *file, const char *s, int append)
{
	char path[256];
	int fd, r = 0;
	size_t n = strlen(s);

	snprintf(path, sizeof(path), TRACEFS "/%s", file);
	fd = open(path, O_WRONLY | (append ? O_APPEND : O_TRUNC));
	if (fd < 0)
		return -errno;
	if (write(fd, s, n) != (ssize_t)n)
		r = -errno;
	if (close(fd) && !r)
		r = -errno;
	return r;
}

/* Copy a tracefs file to the output, each line prefixed. */
static void tracefs_dump(struct bench_ctx *ctx, const char *file,
			 const char *wl, long run, const char *phase)
{
	char path[256], line[1024];
	FILE *f;

	snprintf(path, sizeof(path), TRACEFS "/%s", file);
	f = fopen(path, "r");
	if (!f) {
		bench_error(ctx, "read %s", path);
		return;
	}
	while (fgets(line, sizeof(line), f))
		fprintf(ctx->out, "trace workload=%s run=%ld phase=%s file=%s | %s%s",
			wl, run, phase, file, line,
			strchr(line, '\n') ? "" : "\n");
	fclose(f);
}

static void trace_dump_all(struct bench_ctx *ctx, const char *wl, long run,
			   const char *phase)
{
	DIR *d;
	struct dirent *e;
	char file[300];

	if (ctx->have_kprobe)
		tracefs_dump(ctx, "kprobe_profile", wl, run, phase);
	if (!ctx->have_ftrace || strcmp(phase, "after"))
		return;
	/* One function<CPU> file per CPU. */
	d = opendir(TRACEFS "/trace_stat");
	if (!d) {
		bench_error(ctx, "opendir trace_stat");
		return;
	}
	while ((e = readdir(d)))
		if (!strncmp(e->d_name, "function", 8)) {
			snprintf(file, sizeof(file), "trace_stat/%s", e->d_name);
			tracefs_dump(ctx, file, wl, run, phase);
		}
	closedir(d);
}

static void profile_toggle(struct bench_ctx *ctx, int on)
{
	const char *v = on ? "1" : "0";

	/* Enabling the function profiler resets its counters. */
	if (ctx->have_ftrace && tracefs_write("function_profile_enabled", v, 0))
		bench_error(ctx, "function_profile_enabled=%s", v);
	if (ctx->have_kprobe &&
	    tracefs_write("events/asminline/enable", v, 0))
		bench_error(ctx, "events/asminline/enable=%s", v);
}

/*
 * trace_stat/function<CPU> prints a name cut at 30 characters
 * (function_stat_show: "%-30.30s"): two listed symbols alike in their
 * first 30 could not be told apart there, so they go to kprobes.
 */
#define FTRACE_NAME_MAX 30

static int ftrace_name_clash(const struct bench_ctx *ctx, int i)
{
	if (strlen(ctx->syms[i]) < FTRACE_NAME_MAX)
		return 0;
	for (int j = 0; j < ctx->nsyms; j++)
		if (j != i && !strncmp(ctx->syms[i], ctx->syms[j], FTRACE_NAME_MAX))
			return 1;
	return 0;
}

static int profile_setup(struct bench_ctx *ctx, const char *file)
{
	char line[512], ev[600];
	FILE *f = fopen(file, "r");
	int nk = 0, profiler, r;

	if (!f) {
		bench_error(ctx, "open %s", file);
		return -1;
	}
	while (ctx->nsyms < BENCH_MAX_SYMBOLS && fgets(line, sizeof(line), f)) {
		line[strcspn(line, " \t\r\n")] = 0;
		if (line[0] && line[0] != '#')
			ctx->syms[ctx->nsyms++] = strdup(line);
	}
	fclose(f);
	if (access(TRACEFS "/set_ftrace_filter", W_OK) &&
	    mount("tracefs", TRACEFS, "tracefs", 0, NULL)) {
		bench_error(ctx, "mount tracefs");
		return -1;
	}
	/* No CONFIG_FUNCTION_PROFILER: every symbol goes to kprobes. */
	profiler = !access(TRACEFS "/function_profile_enabled", W_OK);
	tracefs_write("set_ftrace_filter", "", 0);
	tracefs_write("kprobe_events", "", 0);
	for (int i = 0; i < ctx->nsyms; i++) {
		/*
		 * ftrace takes the name or fails with EINVAL; the newline
		 * ends the token, so the write itself fails (a token left
		 * open is only parsed at close, whose error nobody sees).
		 */
		snprintf(ev, sizeof(ev), "%s\n", ctx->syms[i]);
		if (profiler && !ftrace_name_clash(ctx, i) &&
		    !tracefs_write("set_ftrace_filter", ev, 1)) {
			ctx->method[i] = 'f';
			ctx->have_ftrace = 1;
			fprintf(ctx->out, "count symbol=%s method=ftrace\n",
				ctx->syms[i]);
			continue;
		}
		snprintf(ev, sizeof(ev), "p:asminline/k%d %s\n", nk, ctx->syms[i]);
		r = nk < ctx->max_kprobes ? tracefs_write("kprobe_events", ev, 1) : -ENOSPC;
		if (!r) {
			ctx->method[i] = 'k';
			ctx->have_kprobe = 1;
			fprintf(ctx->out,
				"count symbol=%s method=kprobe event=asminline/k%d\n",
				ctx->syms[i], nk++);
			continue;
		}
		fprintf(ctx->out, "count symbol=%s method=none errno=%d\n", ctx->syms[i], -r);
	}
	progress(ctx, "%d symbols: %d through kprobes", ctx->nsyms, nk);
	return 0;
}

static int parse_long(const char *s, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return errno || end == s || *end || *v < 0 ? -1 : 0;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: asminline-bench [KEY=VALUE]...\n"
		"  workloads=W,W...  which to run (default all:");
	for (size_t i = 0; i < NWORKLOADS; i++)
		fprintf(f, " %s", workloads[i].name);
	fprintf(f, ")\n"
		"  W=N               operations of workload W (default: its own)\n"
		"  scale=F           multiply every default count by F (default 1)\n"
		"  repeat=N          runs of each workload (default 1)\n"
		"  settle=S          sleep S seconds before the first workload (default 0)\n"
		"  label=L           echoed in the header (default none)\n"
		"  dir=DIR           scratch directory for the file workloads (default .)\n"
		"  out=PATH          where results go (default stdout)\n"
		"  profile=FILE      count calls to the symbols in FILE (tracefs)\n"
		"  kprobes=N         at most N of them through kprobes (default 100)\n"
		"Exit codes: 0 done, 1 a workload failed, 2 usage.\n"
		"As PID 1 it mounts /proc, /sys, /dev and powers off at the end.\n");
}

static int parse_args(int argc, char **argv, struct bench_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->label = "none";
	o->dir = ".";
	o->scale = 1.0;
	o->repeat = 1;
	o->kprobes = 100;
	o->selected = (1u << NWORKLOADS) - 1;
	for (int i = 1; i < argc; i++) {
		char *a = argv[i], *eq = strchr(a, '='), *end;
		const char *v;
		size_t klen;
		long n;
		int found = 0;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			exit(0);
		}
		/*
		 * As /init, bare words are the kernel's: it hands init
		 * every parameter it does not know (nokaslr, quiet ...).
		 */
		if (!eq && getpid() == 1)
			continue;
		if (!eq) {
			fprintf(stderr, "asminline-bench: '%s': not KEY=VALUE\n", a);
			return -1;
		}
		klen = eq - a;
		v = eq + 1;
#define KEY(k) (klen == strlen(k) && !strncmp(a, k, klen))
		if (KEY("label")) {
			o->label = v;
		} else if (KEY("out")) {
			o->out = v;
		} else if (KEY("dir")) {
			o->dir = v;
		} else if (KEY("profile")) {
			o->profile = v;
		} else if (KEY("scale")) {
			errno = 0;
			o->scale = strtod(v, &end);
			if (errno || end == v || *end || !(o->scale > 0)) {
				fprintf(stderr, "asminline-bench: scale=%s: not a positive number\n", v);
				return -1;
			}
		} else if (KEY("settle")) {
			if (parse_long(v, &o->settle)) {
				fprintf(stderr, "asminline-bench: settle=%s: not a number of seconds\n", v);
				return -1;
			}
		} else if (KEY("kprobes")) {
			if (parse_long(v, &o->kprobes)) {
				fprintf(stderr, "asminline-bench: kprobes=%s: not a number\n", v);
				return -1;
			}
		} else if (KEY("repeat")) {
			if (parse_long(v, &o->repeat) || o->repeat < 1) {
				fprintf(stderr, "asminline-bench: repeat=%s: not a positive integer\n", v);
				return -1;
			}
		} else if (KEY("workloads")) {
			char *list = strdup(v), *tok, *save;

			o->selected = 0;
			for (tok = strtok_r(list, ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save)) {
				size_t w;

				for (w = 0; w < NWORKLOADS; w++)
					if (!strcmp(tok, workloads[w].name))
						break;
				if (w == NWORKLOADS) {
					fprintf(stderr, "asminline-bench: workloads: unknown workload '%s'\n", tok);
					free(list);
					return -1;
				}
				o->selected |= 1u << w;
			}
			free(list);
			if (!o->selected) {
				fprintf(stderr, "asminline-bench: workloads=: empty\n");
				return -1;
			}
		} else {
			for (size_t w = 0; w < NWORKLOADS; w++)
				if (KEY(workloads[w].name)) {
					if (parse_long(v, &n) || n < 1) {
						fprintf(stderr, "asminline-bench: %s: not a positive integer\n", a);
						return -1;
					}
					o->ops[w] = n;
					found = 1;
				}
			if (!found) {
				fprintf(stderr, "asminline-bench: unknown key in '%s'\n", a);
				usage(stderr);
				return -1;
			}
		}
#undef KEY
	}
	return 0;
}

static void pid1_setup(void)
{
	mkdir("/proc", 0555);
	mkdir("/sys", 0555);
	mkdir("/dev", 0755);
	mkdir("/tmp", 01777);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
}

/* The results go to a serial port: raw, so nothing is translated. */
static FILE *open_out(const char *path)
{
	struct termios t;
	int fd;

	if (!path)
		return stdout;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY, 0644);
	if (fd < 0)
		return NULL;
	if (isatty(fd) && !tcgetattr(fd, &t)) {
		cfmakeraw(&t);
		tcsetattr(fd, TCSANOW, &t);
	}
	return fdopen(fd, "w");
}

int main(int argc, char **argv)
{
	static struct bench_ctx ctx;
	struct bench_opts o;
	struct utsname u;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;
	int pid1 = getpid() == 1, fd;

	if (parse_args(argc, argv, &o)) {
		if (!pid1)
			return 2;
		/* As /init: say so on the console and stop the machine. */
		o.out = NULL;
		ctx.status = 2;
	}
	if (pid1)
		pid1_setup();
	/* Everything is printed at the end: no output between workloads. */
	ctx.out = open_memstream(&buf, &len);
	if (!ctx.out) {
		perror("asminline-bench: open_memstream");
		return 1;
	}
	fprintf(ctx.out, "asminline-bench format=%d label=%s profile=%d repeat=%ld scale=%g settle=%ld pid1=%d\n",
		BENCH_FORMAT, o.label, o.profile != NULL, o.repeat, o.scale,
		o.settle, pid1);
	if (!uname(&u))
		fprintf(ctx.out, "uname release=%s machine=%s\n", u.release,
			u.machine);
	if (ctx.status == 2)
		goto done;
	snprintf(ctx.path, sizeof(ctx.path), "%s/asminline-bench.%d", o.dir,
		 (int)getpid());
	fd = open(ctx.path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, "asminline-bench\n", 16) != 16) {
		bench_error(&ctx, "create %s", ctx.path);
		goto done;
	}
	close(fd);
	ctx.pid1 = pid1;
	ctx.max_kprobes = o.kprobes;
	if (o.profile && profile_setup(&ctx, o.profile))
		goto done;
	/*
	 * Let the boot's deferred work (kworkers, RCU callbacks, async
	 * probes) finish first; under -icount sleep=off the idle time costs
	 * no host time.
	 */
	if (o.settle)
		sleep(o.settle);
	for (size_t w = 0; w < NWORKLOADS; w++) {
		long ops = o.ops[w] ? o.ops[w] : (long)(workloads[w].ops * o.scale);

		if (!(o.selected & (1u << w)))
			continue;
		if (ops < 1)
			ops = 1;
		progress(&ctx, "%s, %ld operations", workloads[w].name, ops);
		/* A tenth uncounted first: caches, slabs, page tables settle. */
		if (workloads[w].fn(&ctx, ops / 10 + 1))
			break;
		for (long r = 0; r < o.repeat; r++) {
			long long t0, t1;
			int rc;

			if (o.profile) {
				trace_dump_all(&ctx, workloads[w].name, r, "before");
				profile_toggle(&ctx, 1);
			}
			t0 = now_ns();
			rc = workloads[w].fn(&ctx, ops);
			t1 = now_ns();
			if (o.profile) {
				profile_toggle(&ctx, 0);
				trace_dump_all(&ctx, workloads[w].name, r, "after");
			}
			if (rc)
				goto done;
			fprintf(ctx.out, "workload name=%s run=%ld ops=%ld ns=%lld\n",
				workloads[w].name, r, ops, t1 - t0);
		}
	}
done:
	unlink(ctx.path);
	fprintf(ctx.out, "end status=%d\n", ctx.status);
	fclose(ctx.out);
	out = open_out(o.out);
	if (!out) {
		fprintf(stderr, "asminline-bench: %s: %s\n", o.out, strerror(errno));
		out = stdout;
	}
	fwrite(buf, 1, len, out);
	fflush(out);
	if (pid1) {
		tcdrain(fileno(out));
		fsync(fileno(out));
		sync();
		reboot(RB_POWER_OFF);
	}
	return ctx.status;
}
