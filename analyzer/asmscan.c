// SPDX-License-Identifier: GPL-2.0
/*
 * asmscan.c — main: options, libelf setup, then each input in turn
 * (elfutils' skeleton).  One unreadable input is reported and the others
 * are still read; the exit code is the worst seen.
 *
 * This is a shell: for every ELF file (object, executable, shared object,
 * or each member of an ar archive) it prints a one-line summary.  The
 * planned analyses (out-of-line copies of inline functions, the plugin's
 * asm-site records, diff, check) are not implemented yet, and the verbs
 * that will run them say so.
 */
#include "asmscan.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <capstone/capstone.h>
#include <elfutils/version.h>

#include "elf-summary.h"

static const char asmscan_usage[] =
	"Usage: asmscan [OPTION]... FILE...\n"
	"Summarise ELF files (vmlinux, .o, .ko, ar archives) for asminline.\n"
	"\n"
	"  -h, --help     print this help and exit\n"
	"  -V, --version  print the version and the libraries in use, and exit\n"
	"\n"
	"For each FILE (each member of an archive) one line is printed:\n"
	"  FILE: ELF64 x86-64 relocatable, N function symbols, DWARF N units\n"
	"\n"
	"Verbs planned but NOT IMPLEMENTED yet: diff, check; and the analyses of\n"
	"out-of-line inline functions and of the plugin's asm records.\n"
	"\n"
	"Exit status: 0 every input was read; 1 a gating verb found something new\n"
	"(no such verb yet); 2 usage error or an input could not be read (2 wins).\n";

/* Verbs that will exist; each refuses honestly until it is written. */
static const char *const asmscan_planned_verbs[] = { "diff", "check" };

__attribute__((format(printf, 1, 2)))
static int asmscan_usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("asmscan: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'asmscan --help' for more information.\n", stderr);
	return ASMSCAN_EXIT_ERROR;
}

static void asmscan_print_version(void)
{
	int major, minor;

	cs_version(&major, &minor);
	printf("asmscan %s\n", ASMSCAN_VERSION);
	printf("libelf/libdw (elfutils) %d.%d, capstone %d.%d\n",
	       _ELFUTILS_VERSION / 1000, _ELFUTILS_VERSION % 1000, major,
	       minor);
}

static int asmscan_parse_args(int argc, char **argv,
			      struct asmscan_options *opts)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "+hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			fputs(asmscan_usage, stdout);
			exit(ASMSCAN_EXIT_OK);
		case 'V':
			asmscan_print_version();
			exit(ASMSCAN_EXIT_OK);
		default:
			/* A long option as typed ("--help=x" too), else -c. */
			if (!strncmp(argv[optind - 1], "--", 2))
				return asmscan_usage_error("bad option '%s'",
							   argv[optind - 1]);
			return asmscan_usage_error("unknown option '-%c'",
						   optopt);
		}
	}
	if (optind >= argc)
		return asmscan_usage_error("no input files");
	for (size_t i = 0; i < sizeof(asmscan_planned_verbs) /
				       sizeof(asmscan_planned_verbs[0]);
	     i++) {
		if (!strcmp(argv[optind], asmscan_planned_verbs[i])) {
			fprintf(stderr, "asmscan: %s: not implemented yet\n",
				argv[optind]);
			return ASMSCAN_EXIT_ERROR;
		}
	}
	opts->inputs = (const char *const *)&argv[optind];
	opts->ninputs = (size_t)(argc - optind);
	return ASMSCAN_EXIT_OK;
}

static int asmscan_elf(Elf *elf, const char *name)
{
	struct elf_summary sum;
	const char *err = elf_summary_read(elf, &sum);

	if (err) {
		asmscan_error(name, "cannot read ELF", err);
		return ASMSCAN_EXIT_ERROR;
	}
	elf_summary_print_text(stdout, name, &sum);
	return ASMSCAN_EXIT_OK;
}

/* Each member of an ar archive, as "archive(member)". */
static int asmscan_archive(int fd, Elf *ar, const char *path)
{
	Elf_Cmd cmd = ELF_C_READ_MMAP;
	Elf *sub;
	int rc = ASMSCAN_EXIT_OK;

	while ((sub = elf_begin(fd, cmd, ar))) {
		Elf_Arhdr *hdr = elf_getarhdr(sub);
		const char *member = hdr && hdr->ar_name ? hdr->ar_name : "?";
		size_t len = strlen(path) + strlen(member) + 3;
		char *name = malloc(len);

		if (!name) {
			asmscan_error(path, "cannot read archive", strerror(ENOMEM));
			elf_end(sub);
			return ASMSCAN_EXIT_ERROR;
		}
		snprintf(name, len, "%s(%s)", path, member);
		/* "/" and "//" are the symbol and long-name tables. */
		if (member[0] != '/') {
			if (elf_kind(sub) == ELF_K_ELF) {
				int r = asmscan_elf(sub, name);

				rc = r > rc ? r : rc;
			} else {
				asmscan_error(name, "cannot read member",
					      "not an ELF object");
				rc = ASMSCAN_EXIT_ERROR;
			}
		}
		free(name);
		cmd = elf_next(sub);
		elf_end(sub);
	}
	return rc;
}

static int asmscan_input(const char *path)
{
	struct stat st;
	int fd, rc;
	Elf *elf;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		asmscan_error(path, "cannot open", strerror(errno));
		return ASMSCAN_EXIT_ERROR;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		asmscan_error(path, "cannot read",
			      S_ISDIR(st.st_mode) ? strerror(EISDIR)
						  : "not a regular file");
		close(fd);
		return ASMSCAN_EXIT_ERROR;
	}
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf) {
		asmscan_error(path, "cannot read ELF", elf_errmsg(-1));
		close(fd);
		return ASMSCAN_EXIT_ERROR;
	}
	switch (elf_kind(elf)) {
	case ELF_K_ELF:
		rc = asmscan_elf(elf, path);
		break;
	case ELF_K_AR:
		rc = asmscan_archive(fd, elf, path);
		break;
	default:
		asmscan_error(path, "cannot read",
			      "not an ELF file or ar archive");
		rc = ASMSCAN_EXIT_ERROR;
		break;
	}
	elf_end(elf);
	close(fd);
	return rc;
}

int main(int argc, char **argv)
{
	struct asmscan_options opts = { 0 };
	int rc = asmscan_parse_args(argc, argv, &opts);

	if (rc != ASMSCAN_EXIT_OK)
		return rc;
	if (elf_version(EV_CURRENT) == EV_NONE) {
		asmscan_error("libelf", "cannot initialise", elf_errmsg(-1));
		return ASMSCAN_EXIT_ERROR;
	}
	for (size_t i = 0; i < opts.ninputs; i++) {
		int r = asmscan_input(opts.inputs[i]);

		rc = r > rc ? r : rc;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		asmscan_error("stdout", "cannot write", strerror(errno));
		return ASMSCAN_EXIT_ERROR;
	}
	return rc;
}
