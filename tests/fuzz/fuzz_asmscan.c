// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for asmscan's readers: the input is one file (an ELF
 * object or program, an ar archive) and asmscan itself runs on it, in
 * process, through its own main (asmscan-main.c renames it): option
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
 * To fuzz another reader (the embedded-record decoder, say), add a row to
 * runs[] with the verb and options that reach it; a row whose verb does
 * not exist yet is skipped.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../../analyzer/asmscan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int asmscan_main(int argc, char **argv);	/* asmscan-main.c */

static const char *const formats[] = { "text", "json", "sarif" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], format[8], jobs[] = "1", out[] = "/dev/null";
	char prog[] = "asmscan", fopt[] = "-f", jopt[] = "-j", oopt[] = "-o";
	char *argv[] = { prog, jopt, jobs, oopt, out, fopt, format, path, NULL };
	int fd, rc;

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
	snprintf(format, sizeof(format), "%s",
		 formats[(size > 15 ? data[15] : 0) % 3]);

	optind = 0;		/* glibc: start getopt afresh */
	rc = asmscan_main((int)(sizeof(argv) / sizeof(argv[0])) - 1, argv);
	asmscan_reported_reset();
	close(fd);
	if (rc != ASMSCAN_EXIT_OK && rc != ASMSCAN_EXIT_ERROR) {
		fprintf(stderr, "fuzz_asmscan: asmscan exited %d\n", rc);
		abort();
	}
	return 0;
}
