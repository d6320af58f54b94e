// SPDX-License-Identifier: GPL-2.0
/*
 * genman.c — writes a man page from its template and the option table the
 * program itself is built from, so the page cannot drift from --help.
 *
 *	genman TEMPLATE OUT VERSION [ASMSCAN]
 *
 * Compiled once per page: with GENMAN_ASMSCAN against
 * analyzer/verbs/asmscan-options.def (asmscan(1)), with GENMAN_ASMINLINE against
 * plugin/base/options.def (asminline(7)).  The template is roff; genman copies
 * it and replaces
 *   a line "@OPTIONS@"  by one .TP entry per option of the table,
 *   a line "@VERBS@"    by the verbs, as the built ASMSCAN lists them
 *                       ("asmscan help", then "asmscan help VERB" for
 *                       each): the verb table stays in asmscan.c,
 *   "@VERSION@"         anywhere, by VERSION.
 * Table text is escaped for roff ('\' as \e, '-' as \-, a line never
 * starts with '.' or '\'').  Exit 0, or 1 with a message on stderr.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct genman_option {
	char short_name;	/* asmscan: 0 for a long option only */
	const char *name;	/* asmscan: long name; asminline: the key */
	const char *arg;	/* asmscan: "FMT" or ""; asminline: "=VALUE" or "" */
	const char *help;	/* "\n" separates lines */
};

#if defined(GENMAN_ASMSCAN)
static const struct genman_option genman_options[] = {
#define ASMSCAN_OPTION(id, sh, lo, arg, verbs, help) { sh, lo, arg, help },
#include "asmscan-options.def"
#undef ASMSCAN_OPTION
};
#define GENMAN_PREFIX "\\-\\-"
#elif defined(GENMAN_ASMINLINE)
static const struct genman_option genman_options[] = {
#define ASMINLINE_ARG(key, value, help) { 0, key, value, help },
#include "options.def"
#undef ASMINLINE_ARG
};
#define GENMAN_PREFIX "\\-fplugin\\-arg\\-asminline\\-"
#else
#error "define GENMAN_ASMSCAN or GENMAN_ASMINLINE"
#endif

#define GENMAN_NOPTIONS (sizeof(genman_options) / sizeof(genman_options[0]))
#define GENMAN_MAX_OUTPUT (1 << 20)	/* of one asmscan run */

static void die(const char *what, const char *why)
{
	fprintf(stderr, "genman: %s: %s\n", what, why);
	exit(1);
}

/* Text of a table or of asmscan's help, escaped for roff, up to len bytes. */
static void roff_text(FILE *out, const char *s, size_t len, bool line_start)
{
	for (size_t i = 0; i < len && s[i]; i++) {
		char c = s[i];

		if (line_start && (c == '.' || c == '\''))
			fputs("\\&", out);
		if (c == '\\')
			fputs("\\e", out);
		else if (c == '-')
			fputs("\\-", out);
		else
			fputc(c, out);
		line_start = c == '\n';
	}
}

static void roff_str(FILE *out, const char *s, bool line_start)
{
	roff_text(out, s, strlen(s), line_start);
}

/*
 * One .TP per option: the tag in bold with its argument in italics, the
 * help as filled text (its "\n"s become spaces when the page is set).
 */
static void write_options(FILE *out)
{
	for (size_t i = 0; i < GENMAN_NOPTIONS; i++) {
		const struct genman_option *o = &genman_options[i];

		fputs(".TP\n", out);
		if (o->short_name)
			fprintf(out, "\\fB\\-%c\\fR, ", o->short_name);
		fputs("\\fB" GENMAN_PREFIX, out);
		roff_str(out, o->name, false);
		fputs("\\fR", out);
		if (o->arg[0] == '=') {
			fputs("=\\fI", out);
			roff_str(out, o->arg + 1, false);
			fputs("\\fR", out);
		} else if (o->arg[0]) {
			fputs(" \\fI", out);
			roff_str(out, o->arg, false);
			fputs("\\fR", out);
		}
		fputc('\n', out);
		roff_str(out, o->help, true);
		fputc('\n', out);
	}
}

/* The standard output of argv (exit status 0 required), NUL-terminated. */
static char *run(char *const argv[])
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	int fd[2], status;
	pid_t pid;
	ssize_t n;

	if (!buf)
		die(argv[0], "out of memory");
	if (pipe(fd))
		die("pipe", strerror(errno));
	pid = fork();
	if (pid < 0)
		die("fork", strerror(errno));
	if (pid == 0) {
		dup2(fd[1], STDOUT_FILENO);
		close(fd[0]);
		close(fd[1]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	while ((n = read(fd[0], buf + len, cap - len - 1)) > 0 ||
	       (n < 0 && errno == EINTR)) {
		if (n < 0)
			continue;
		len += (size_t)n;
		if (len + 1 == cap) {
			if (cap >= GENMAN_MAX_OUTPUT)
				die(argv[0], "output too long");
			cap *= 2;
			buf = realloc(buf, cap);
			if (!buf)
				die(argv[0], "out of memory");
		}
	}
	close(fd[0]);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		die(argv[0], "did not run, or failed");
	buf[len] = '\0';
	return buf;
}

/*
 * One entry per verb.  "asmscan help" lists them after a line that starts
 * with "Verbs", as "  NAME  SUMMARY", up to a blank line; "asmscan help
 * NAME" prints a usage line, the summary, a blank line, then the verb's
 * help up to "\nThe global options".  The help keeps its line breaks.
 */
static void write_verbs(FILE *out, const char *asmscan)
{
	char *const list_argv[] = { (char *)asmscan, (char *)"help", NULL };
	char *list = run(list_argv);
	char *line = strstr(list, "\nVerbs");
	unsigned nverbs = 0;

	if (!line || !(line = strchr(line + 1, '\n')))
		die(asmscan, "'asmscan help' lists no verbs");
	for (line++; line[0] == ' ' && line[1] == ' '; ) {
		char *eol = strchr(line, '\n');
		char *name = line + 2;
		size_t nlen = strcspn(name, " \n");
		char *summary = name + nlen + strspn(name + nlen, " ");
		char verb[64];
		char *help_argv[] = { (char *)asmscan, (char *)"help", verb, NULL };
		char *help, *body, *end;

		if (!eol || nlen == 0 || nlen >= sizeof(verb))
			die(asmscan, "a verb line of 'asmscan help' is malformed");
		memcpy(verb, name, nlen);
		verb[nlen] = '\0';
		help = run(help_argv);
		body = strstr(help, "\n\n");
		end = strstr(help, "\nThe global options");
		if (!body || !end || end < body)
			die(verb, "'asmscan help VERB' is not laid out as expected");
		body += 2;

		fputs(".TP\n.B ", out);
		roff_str(out, verb, false);
		fputc('\n', out);
		roff_text(out, summary, (size_t)(eol - summary), true);
		fputs(".\n.RS\n.PP\n.nf\n", out);
		roff_text(out, body, (size_t)(end - body) + 1, true);
		fputs(".fi\n.RE\n", out);
		free(help);
		nverbs++;
		line = eol + 1;
	}
	if (!nverbs)
		die(asmscan, "'asmscan help' lists no verbs");
	free(list);
}

int main(int argc, char **argv)
{
	const char *asmscan = argc > 4 ? argv[4] : NULL;
	FILE *in, *out;
	char *line = NULL, *tmp;
	size_t cap = 0;
	ssize_t n;

	if (argc < 4 || argc > 5) {
		fprintf(stderr, "usage: genman TEMPLATE OUT VERSION [ASMSCAN]\n");
		return 1;
	}
	in = fopen(argv[1], "r");
	if (!in)
		die(argv[1], strerror(errno));
	/* Written aside and renamed: a failed run leaves no page behind. */
	if (asprintf(&tmp, "%s.tmp", argv[2]) < 0)
		die(argv[2], "out of memory");
	out = fopen(tmp, "w");
	if (!out)
		die(tmp, strerror(errno));
	while ((n = getline(&line, &cap, in)) > 0) {
		const char *p, *at;

		if (!strcmp(line, "@OPTIONS@\n")) {
			write_options(out);
			continue;
		}
		if (!strcmp(line, "@VERBS@\n")) {
			if (!asmscan)
				die(argv[1], "@VERBS@ needs the asmscan to ask");
			write_verbs(out, asmscan);
			continue;
		}
		p = line;
		while ((at = strstr(p, "@VERSION@"))) {
			fwrite(p, 1, (size_t)(at - p), out);
			fputs(argv[3], out);
			p = at + strlen("@VERSION@");
		}
		fputs(p, out);
	}
	free(line);
	if (ferror(in))
		die(argv[1], "read error");
	fclose(in);
	if (fflush(out) || ferror(out) || fclose(out))
		die(tmp, "write error");
	if (rename(tmp, argv[2]))
		die(argv[2], strerror(errno));
	free(tmp);
	return 0;
}
