// SPDX-License-Identifier: GPL-2.0
/*
 * edge-rerun-proc.cc — the inliner's re-run (edge-rerun.cc) as the parent
 * cc1 keeps it: the fork, the word that sends the child to work or away,
 * the bounded wait for its answer, the reaping, and what became of it.
 *
 * Invariants, whatever the child does (dies at any step, is killed by
 * the OOM killer, stops, loops, answers half):
 *   - the compile goes on and its output does not change: the parent
 *     never takes a signal from the child's death (SIGPIPE is ignored
 *     around its one write to the child, and EPIPE is an answer like any
 *     other), and nothing the child does is seen in an output;
 *   - it never waits without bound: the answer is read with poll() up to
 *     a deadline (rerun-timeout=SECONDS, else ASMINLINE_RERUN_TIMEOUT_FACTOR
 *     times the time cc1 had spent on the unit when it said "go", and at
 *     least ASMINLINE_RERUN_TIMEOUT_MIN seconds), then the child is killed
 *     with SIGKILL, which a stopped child cannot block either;
 *   - it leaves no process behind: every child is reaped before cc1 goes
 *     on (a child not needed is killed at once: it is only waiting in
 *     read()), or when cc1 leaves through exit() before that (a fatal
 *     error: no PLUGIN_FINISH then), and a child whose parent dies gets
 *     SIGKILL from the kernel (PR_SET_PDEATHSIG, edge_rerun_child_start);
 *   - a unit whose re-run was needed and gave no answer says so: its
 *     outcome is FAILED or TIMEOUT with the reason in why, its records
 *     carry it (edges.cc, embed.cc), and one note tells them, verbose or
 *     not (none with diag=none; never a warning, which -Werror promotes).
 */
#include "edge-rerun-proc.h"
#include "edge-rerun.h"
#include "plugin-state.h"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

const char *edge_rerun_outcome_name(enum edge_rerun_outcome o)
{
	switch (o) {
	case EDGE_RERUN_OFF:
		return "off";
	case EDGE_RERUN_NOT_NEEDED:
		return "not-needed";
	case EDGE_RERUN_ANSWERED:
		return "done";
	case EDGE_RERUN_FAILED:
		return "failed";
	case EDGE_RERUN_TIMEOUT:
		break;
	}
	return "timeout";
}

bool edge_rerun_unanswered(const struct edges_state *st)
{
	return st->rerun.outcome == EDGE_RERUN_FAILED ||
	       st->rerun.outcome == EDGE_RERUN_TIMEOUT;
}

static double edge_rerun_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void edge_rerun_init(struct edges_state *st)
{
	memset(&st->rerun, 0, sizeof(st->rerun));
	st->rerun.started = edge_rerun_now();
	st->rerun.outcome = EDGE_RERUN_OFF;
	st->rerun.go = st->rerun.fd = -1;
}

/*
 * The child not reaped yet, for exit(): fatal_error() and xmalloc()
 * failures leave cc1 through exit() without PLUGIN_FINISH.  One unit per
 * cc1, one child at a time.
 */
static pid_t edge_rerun_unreaped;

static void edge_rerun_at_exit(void)
{
	pid_t pid = edge_rerun_unreaped;

	if (pid > 0) {
		edge_rerun_unreaped = 0;
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
}

__attribute__((format(printf, 3, 4)))
static void edge_rerun_fail(struct edge_rerun *r, enum edge_rerun_outcome o,
			    const char *fmt, ...)
{
	va_list ap;

	r->outcome = o;
	va_start(ap, fmt);
	vsnprintf(r->why, sizeof(r->why), fmt, ap);
	va_end(ap);
}

bool edge_rerun_wanted(struct asminline_plugin *pl, struct edges_state *st)
{
	struct edge_rerun *r = &st->rerun;

	if (!pl->opts.rerun || pl->opts.mode != ASMINLINE_MODE_WARN ||
	    in_lto_p || flag_generate_lto || flag_generate_offload) {
		r->outcome = EDGE_RERUN_OFF;
		return false;
	}
	r->outcome = EDGE_RERUN_NOT_NEEDED;
	return st->nflagged_seen != 0;
}

void edge_rerun_start(struct asminline_plugin *pl, struct edges_state *st)
{
	struct edge_rerun *r = &st->rerun;
	int go[2], answer[2];
	pid_t self = getpid(), pid;

	/*
	 * A failure here is only a failure if a call is then judged: the
	 * reason waits in why until edge_rerun_collect() knows.
	 */
	if (pipe2(go, O_CLOEXEC) < 0) {
		snprintf(r->why, sizeof(r->why), "pipe: %s", xstrerror(errno));
		r->start_failed = true;
		return;
	}
	if (pipe2(answer, O_CLOEXEC) < 0) {
		snprintf(r->why, sizeof(r->why), "pipe: %s", xstrerror(errno));
		r->start_failed = true;
		close(go[0]);
		close(go[1]);
		return;
	}
	fflush(NULL);	/* nothing buffered is written twice */
	pid = fork();
	if (pid < 0) {
		snprintf(r->why, sizeof(r->why), "fork: %s", xstrerror(errno));
		r->start_failed = true;
		close(go[0]);
		close(go[1]);
		close(answer[0]);
		close(answer[1]);
		return;
	}
	if (pid == 0) {
		close(go[1]);
		close(answer[0]);
		edge_rerun_child_start(pl, st, go[0], answer[1], self);
		return;		/* on through the IPA passes */
	}
	close(go[0]);
	close(answer[1]);
	if (atexit(edge_rerun_at_exit) == 0)
		edge_rerun_unreaped = pid;
	r->state = EDGE_RERUN_WAITING;
	r->pid = pid;
	r->go = go[1];
	r->fd = answer[0];
}

/*
 * The word "go", written with SIGPIPE ignored: a child already dead (the
 * OOM killer, a signal as it started) closed its end, and the write fails
 * with EPIPE instead of killing cc1.  One byte into an empty pipe never
 * blocks.  cc1 has one thread: nothing else writes meanwhile.
 */
static bool edge_rerun_say_go(struct edge_rerun *r)
{
	struct sigaction ign, old;
	ssize_t n;

	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	do
		n = write(r->go, "g", 1);
	while (n < 0 && errno == EINTR);
	sigaction(SIGPIPE, &old, NULL);
	close(r->go);
	r->go = -1;
	return n == 1;
}

/* Reap the child; SIGKILL it first when kill says so. */
static int edge_rerun_reap(struct edge_rerun *r, bool kill_it)
{
	int status = 0;

	struct rusage ru;

	if (kill_it)
		kill(r->pid, SIGKILL);
	memset(&ru, 0, sizeof(ru));
	while (wait4(r->pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			status = -1;	/* ECHILD: SIGCHLD ignored, reaped */
			break;
		}
	}
	edge_rerun_unreaped = 0;
	r->child_minflt = (unsigned long)ru.ru_minflt;
	if (r->go >= 0)
		close(r->go);
	close(r->fd);
	r->go = r->fd = -1;
	r->state = EDGE_RERUN_NONE;
	return status;
}

/*
 * How long to wait for the answer, in seconds: rerun-timeout, else a
 * multiple of the time cc1 has spent on this unit so far.  The child's
 * work is a part of what the parent has done since the fork (the IPA
 * passes up to "inline", and the summaries of the bodies it changed), on
 * the same machine under the same load, so the bound follows the unit's
 * size and the machine's load; the floor absorbs the noise of small units.
 */
static unsigned edge_rerun_bound(const struct asminline_plugin *pl,
				 const struct edge_rerun *r)
{
	double bound = ASMINLINE_RERUN_TIMEOUT_FACTOR *
		       (edge_rerun_now() - r->started);

	if (pl->opts.rerun_timeout)
		return pl->opts.rerun_timeout;
	if (bound < ASMINLINE_RERUN_TIMEOUT_MIN)
		return ASMINLINE_RERUN_TIMEOUT_MIN;
	if (bound >= ASMINLINE_RERUN_TIMEOUT_MAX)
		return ASMINLINE_RERUN_TIMEOUT_MAX;
	return (unsigned)bound + 1;
}

/*
 * Read the answer up to the child's end of the pipe (it closes when the
 * child exits, however it exits) or the deadline.  Returns 1 at the end,
 * 0 at the deadline, -1 on a read error (errno).
 */
static int edge_rerun_read_until(struct edge_rerun *r, double deadline,
				 char **buf, size_t *len)
{
	size_t cap = 0;

	*buf = NULL;
	*len = 0;
	for (;;) {
		double left = deadline - edge_rerun_now();
		struct pollfd p = { r->fd, POLLIN, 0 };
		ssize_t n;
		int k;

		if (left <= 0)
			return 0;
		k = poll(&p, 1, (int)(left * 1000) + 1);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		if (k == 0)
			continue;	/* the deadline, checked above */
		if (cap - *len < 65536) {
			cap = cap ? cap * 2 : 65536;
			*buf = (char *)xrealloc(*buf, cap);
		}
		n = read(r->fd, *buf + *len, cap - *len);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			return 1;
		*len += (size_t)n;
	}
}

/* Where the unit's diagnostics go: its main file, else no place. */
static location_t edge_rerun_unit_location(void)
{
	if (!main_input_filename)
		return UNKNOWN_LOCATION;
	for (unsigned i = 0; i < LINEMAPS_ORDINARY_USED(line_table); i++) {
		const line_map_ordinary *m =
			LINEMAPS_ORDINARY_MAP_AT(line_table, i);
		const char *f = ORDINARY_MAP_FILE_NAME(m);

		if (f && !strcmp(f, main_input_filename))
			return MAP_START_LOCATION(m);
	}
	return UNKNOWN_LOCATION;
}

/*
 * Once per unit, whatever verbose says: the verdicts of this unit's
 * refused calls are the rule's, not the re-run's.  A note, also with
 * diag=warning (diag=none: nothing): the plugin's own trouble must never
 * fail the user's build, and a warning is an error under -Werror
 * (CONFIG_WERROR=y), which a GCC 12 plugin cannot exempt it from.
 */
#define EDGE_RERUN_SAY_FAILED                                                  \
	"asminline: the inliner%'s re-run failed for this unit: %s; the "      \
	"plugin%'s rule judged its refused calls instead, and its records say " \
	"%<\"rerun\": \"%s\"%>"

static void edge_rerun_say_failed(struct asminline_plugin *pl,
				  const struct edge_rerun *r)
{
	location_t loc = edge_rerun_unit_location();
	const char *what = edge_rerun_outcome_name(r->outcome);

	if (pl->opts.diag != ASMINLINE_DIAG_NONE)
		inform(loc, EDGE_RERUN_SAY_FAILED, r->why, what);
}

/* The child is gone with status: was its answer (len bytes) whole? */
static void edge_rerun_judge(struct edge_rerun *r, int status, int got,
			     int err, const char *buf, size_t len)
{
	if (got < 0)
		edge_rerun_fail(r, EDGE_RERUN_FAILED, "reading its answer: %s",
				xstrerror(err));
	else if (status != -1 && WIFSIGNALED(status))
		edge_rerun_fail(r, EDGE_RERUN_FAILED,
				"the child was killed by signal %d (%s)",
				WTERMSIG(status), strsignal(WTERMSIG(status)));
	else if (status != -1 && (!WIFEXITED(status) || WEXITSTATUS(status)))
		edge_rerun_fail(r, EDGE_RERUN_FAILED,
				"the child exited with status %d",
				WEXITSTATUS(status));
	else if (!edge_rerun_parse(r, buf, len))
		edge_rerun_fail(r, EDGE_RERUN_FAILED,
				"a short answer (%lu bytes, no end mark)",
				(unsigned long)len);
	else
		r->outcome = EDGE_RERUN_ANSWERED;
}

void edge_rerun_collect(struct asminline_plugin *pl, struct edges_state *st,
			bool needed)
{
	struct edge_rerun *r = &st->rerun;
	unsigned bound;
	double t0;
	char *buf;
	size_t len;
	int got, err, status;

	if (r->state != EDGE_RERUN_WAITING) {
		/* No child: a failure to start one matters if a call is judged. */
		if (r->start_failed && needed) {
			r->outcome = EDGE_RERUN_FAILED;
			if (pl->opts.verbose)
				fprintf(stderr, "asminline: the inliner's re-run did not start: %s; the model's verdicts stand\n",
					r->why);
			edge_rerun_say_failed(pl, r);
		}
		return;
	}
	if (!needed) {
		/* It only waits in read(): nothing of it is seen, no wait. */
		edge_rerun_reap(r, true);
		if (pl->opts.verbose)
			fprintf(stderr, "asminline: no call refused for size holds flagged asm: the inliner's re-run was not needed (the child: %lu minor page faults)\n",
				r->child_minflt);
		return;
	}
	bound = edge_rerun_bound(pl, r);
	t0 = edge_rerun_now();
	/* A child already dead fails the write: its end says so below. */
	edge_rerun_say_go(r);
	got = edge_rerun_read_until(r, t0 + bound, &buf, &len);
	err = errno;
	status = edge_rerun_reap(r, got != 1);
	if (!got)
		edge_rerun_fail(r, EDGE_RERUN_TIMEOUT,
				"no answer within %u s, the child was killed",
				bound);
	else
		edge_rerun_judge(r, status, got, err, buf, len);
	free(buf);
	if (r->outcome == EDGE_RERUN_ANSWERED) {
		if (pl->opts.verbose)
			fprintf(stderr, "asminline: the inliner's re-run answered for %lu calls in %.2f s (bound %u s; %s; %lu minor page faults)\n",
				(unsigned long)r->n, edge_rerun_now() - t0,
				bound,
				r->direct ? "the child ran the IPA passes itself"
					  : "through the pass manager",
				r->child_minflt);
		return;
	}
	free(r->answers);
	r->answers = NULL;
	r->n = 0;
	if (pl->opts.verbose)
		fprintf(stderr, "asminline: the inliner's re-run gave no answer: %s; the model's verdicts stand\n",
			r->why);
	edge_rerun_say_failed(pl, r);
}

void edge_rerun_free(struct edges_state *st)
{
	struct edge_rerun *r = &st->rerun;

	/* The unit ended before "inline" ran (an error): let it go. */
	if (r->state == EDGE_RERUN_WAITING)
		edge_rerun_reap(r, true);
	free(r->answers);
	r->answers = NULL;
	r->n = 0;
}
