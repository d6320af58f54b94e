/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errors.h — asmscan's one error reporter (errors.c).  asmscan_fatal, the
 * out-of-memory path that allocates nothing, is util.h's.
 */
#ifndef ASMSCAN_ERRORS_H
#define ASMSCAN_ERRORS_H

#include "asmscan.h"

/*
 * The one error reporter.  Every message reads
 *	asmscan: FILE: what went wrong: why
 * on stderr (a note: "asmscan: FILE: note: what: why"), and is kept so that
 * the JSON and SARIF renderers can put it inside their document.  An error
 * makes the exit code 2; a note does not.  Main thread only: workers
 * collect messages in a struct asmscan_msgs and the main thread reports
 * them in input order, so the output is the same whatever -j is.
 */
enum asmscan_severity {
	ASMSCAN_NOTE,
	ASMSCAN_ERROR,
};

struct asmscan_msg {
	enum asmscan_severity severity;
	char *file, *what, *why;
};

struct asmscan_msgs {
	struct asmscan_msg *v;
	size_t n, cap;
};

void asmscan_error(const char *file, const char *what, const char *why);
__attribute__((format(printf, 3, 4)))
void asmscan_errorf(const char *file, const char *what, const char *fmt, ...);
__attribute__((format(printf, 3, 4)))
void asmscan_notef(const char *file, const char *what, const char *fmt, ...);
/*
 * A usage error: "asmscan: WHAT" and where help is, on stderr; not one of
 * the problems the documents list (nothing was read).  Returns
 * ASMSCAN_EXIT_ERROR.
 */
__attribute__((format(printf, 1, 2)))
int asmscan_usage(const char *fmt, ...);

/* Deferred messages (worker threads), reported later in order. */
__attribute__((format(printf, 5, 6)))
void asmscan_msgs_add(struct asmscan_msgs *m, enum asmscan_severity sev,
		      const char *file, const char *what, const char *fmt, ...);
void asmscan_msgs_report(struct asmscan_msgs *m);	/* and empties m */
void asmscan_msgs_free(struct asmscan_msgs *m);

/* Everything reported so far, for the renderers. */
const struct asmscan_msgs *asmscan_reported(void);
/* ASMSCAN_EXIT_ERROR once an error was reported, else ASMSCAN_EXIT_OK. */
int asmscan_status(void);
/* How many errors were reported so far (notes not counted). */
size_t asmscan_errors(void);
/* Forget what was reported (an in-process driver running main again). */
void asmscan_reported_reset(void);

#endif /* ASMSCAN_ERRORS_H */
