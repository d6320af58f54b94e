// SPDX-License-Identifier: GPL-2.0
/*
 * Runs a libFuzzer target over files and directories without libFuzzer, so
 * a committed corpus (seeds, minimised crashers) is an ordinary test.
 * Exit 0 when every input ran, 2 when an input could not be read; a
 * failing input aborts, which ctest reports with the file name printed.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path, unsigned *count)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	if (!f) {
		perror(path);
		return 2;
	}
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "replay: %s: cannot size\n", path);
		fclose(f);
		return 2;
	}
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "replay: %s: cannot read\n", path);
		free(buf);
		fclose(f);
		return 2;
	}
	fclose(f);
	fprintf(stderr, "replay: %s\n", path);
	LLVMFuzzerTestOneInput(buf, (size_t)n);
	free(buf);
	(*count)++;
	return 0;
}

static int run_path(const char *path, unsigned *count)
{
	struct stat st;
	struct dirent **names;
	int n, i, status = 0;

	if (stat(path, &st)) {
		perror(path);
		return 2;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path, count);
	n = scandir(path, &names, NULL, alphasort);
	if (n < 0) {
		perror(path);
		return 2;
	}
	for (i = 0; i < n; i++) {
		char sub[4096];

		if (names[i]->d_name[0] != '.') {
			snprintf(sub, sizeof(sub), "%s/%s", path, names[i]->d_name);
			if (run_path(sub, count))
				status = 2;
		}
		free(names[i]);
	}
	free(names);
	return status;
}

int main(int argc, char **argv)
{
	unsigned count = 0;
	int i, status = 0;

	for (i = 1; i < argc; i++)
		if (run_path(argv[i], &count))
			status = 2;
	printf("replay: %u inputs run\n", count);
	if (!count) {
		fprintf(stderr, "replay: no inputs\n");
		return 2;
	}
	return status;
}
