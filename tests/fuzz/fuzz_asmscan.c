// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for asmscan's readers: the input is one file (an ELF
 * object or program, an ar archive) and asmscan itself runs on it, in
 * process, through asmscan_main (analyzer/verbs/cmdline.c): option
 * parsing, input expansion (archives), object_open (headers, sections,
 * symbols, relocations), disassembly, the DWARF walk (libdw, libdwfl for
 * relocatable objects), the special-section tables, the cross-object
 * reports and a renderer.  Nothing here re-implements a reader, so what
 * the fuzzer reaches is what `asmscan FILE` reaches.
 *
 * The file is handed over as /proc/self/fd/N of a memfd, so no disk is
 * touched.  EI_PAD's last byte (e_ident[15], which no ELF reader looks
 * at) picks the renderer: text, JSON or SARIF.  What must hold for any
 * input: no crash, no sanitizer report, no leak, and an exit code of 0
 * or 2 (asmscan_fatal() exits 2 too, which libFuzzer reports).
 *
 * Each input runs once per verb of verbs[]: the summary (every analysis)
 * and sites (the plugin's embedded records); add the verb that reaches
 * another reader there.  A reader with an API
 * of its own (the embedded-record decoder) gets a target of its own next
 * to this one: asmscan_fuzz_executable() in CMakeLists.txt builds it with
 * every analyzer source.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cmdline.h"
#include "errors.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const formats[] = { "text", "json", "sarif" };

/*
 * NULL: no verb, the summary of every analysis; "sites": the embedded
 * asm-site records in .comment (records.c, jsonread.c) mapped to code.
 */
static const char *const verbs[] = { NULL, "sites" };

static void run_asmscan(const char *verb, const char *format, const char *path)
{
	char *argv[10];
	int argc = 0, rc;

	argv[argc++] = (char *)"asmscan";
	if (verb)
		argv[argc++] = (char *)verb;
	argv[argc++] = (char *)"-j1";
	argv[argc++] = (char *)"-o/dev/null";
	argv[argc++] = (char *)"-f";
	argv[argc++] = (char *)format;
	argv[argc++] = (char *)path;
	argv[argc] = NULL;
	optind = 0;		/* glibc: start getopt afresh */
	rc = asmscan_main(argc, argv);
	asmscan_reported_reset();
	if (rc != ASMSCAN_EXIT_OK && rc != ASMSCAN_EXIT_ERROR) {
		fprintf(stderr, "fuzz_asmscan: asmscan %s exited %d\n",
			verb ? verb : "(summary)", rc);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd;

	fd = memfd_create("asmscan-fuzz", MFD_CLOEXEC);
	if (fd < 0) {
		perror("memfd_create");
		abort();
	}
	if (size && write(fd, data, size) != (ssize_t)size) {
		perror("write");
		abort();
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		run_asmscan(verbs[i], formats[(size > 15 ? data[15] : 0) % 3], path);
	close(fd);
	return 0;
}
