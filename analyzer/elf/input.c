// SPDX-License-Identifier: GPL-2.0
/*
 * input.c — expand named inputs into ELF objects (see input.h).
 *
 * Archives are parsed here rather than with libelf because libelf does
 * not read thin archives ("!<thin>\n"), where each member header is
 * followed by no data and the member is a file named relative to the
 * archive.  The GNU ar layout: an 8-byte magic, then for each member a
 * 60-byte header (name[16] date[12] uid[6] gid[6] mode[8] size[10]
 * "`\n"), data padded to an even offset; "/" and "/SYM64/" are symbol
 * tables, "//" the table of long names that "/NNN" points into, and a
 * short name ends with '/'.  Every offset is checked against the file.
 */
#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <fts.h>
#include <gelf.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errors.h"
#include "machine.h"
#include "util.h"

#define AR_MAGIC "!<arch>\n"
#define AR_THIN_MAGIC "!<thin>\n"
#define AR_MAGIC_LEN 8
#define AR_HDR_LEN 60

/* What was skipped inside one named input, said once in a note. */
struct skipped {
	size_t elf32, machine, not_elf, archives, filtered;
	unsigned some_machine;
	size_t members;			/* of a named archive read whole */
	bool archive;			/* the named input is one */
};

static const char *machine_name(unsigned machine)
{
	switch (machine) {
	case EM_X86_64:
		return "x86-64";
	case EM_AARCH64:
		return "AArch64";
	case EM_386:
		return "i386";
	case EM_ARM:
		return "ARM";
	case EM_RISCV:
		return "RISC-V";
	case EM_PPC64:
		return "PowerPC64";
	case EM_S390:
		return "S/390";
	default:
		return NULL;
	}
}

static unsigned get16(const unsigned char *p, bool big)
{
	return big ? (unsigned)p[0] << 8 | p[1] : (unsigned)p[1] << 8 | p[0];
}

bool input_elf_supported(const unsigned char *e, size_t len, char *why,
			 size_t whylen)
{
	const char *m;
	unsigned machine;

	if (len < EI_NIDENT + 4 || memcmp(e, ELFMAG, SELFMAG)) {
		snprintf(why, whylen, "not an ELF file");
		return false;
	}
	machine = get16(e + 18, e[EI_DATA] == ELFDATA2MSB);
	m = machine_name(machine);
	if (e[EI_CLASS] == ELFCLASS64 && e[EI_DATA] == ELFDATA2LSB &&
	    machine_find(machine))
		return true;
	if (m)
		snprintf(why, whylen, "ELF%s %s%s object: asmscan reads little-endian ELF64 x86-64 and AArch64",
			 e[EI_CLASS] == ELFCLASS64 ? "64" : "32",
			 e[EI_DATA] == ELFDATA2MSB ? "big-endian " : "", m);
	else
		snprintf(why, whylen,
			 "ELF%s object of machine %u: asmscan reads little-endian ELF64 x86-64 and AArch64",
			 e[EI_CLASS] == ELFCLASS64 ? "64" : "32", machine);
	return false;
}

/* Same check, counting what is skipped inside a directory or archive. */
static bool member_supported(const unsigned char *e, size_t len,
			     struct skipped *sk)
{
	char why[128];

	if (input_elf_supported(e, len, why, sizeof(why)))
		return true;
	if (len < EI_NIDENT + 4 || memcmp(e, ELFMAG, SELFMAG))
		sk->not_elf++;
	else if (e[EI_CLASS] != ELFCLASS64)
		sk->elf32++;
	else
		sk->machine++, sk->some_machine = get16(e + 18, e[EI_DATA] == ELFDATA2MSB);
	return false;
}

static bool glob_any(const char **globs, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!fnmatch(globs[i], name, 0))
			return true;
	return false;
}

static bool selected(const struct asmscan_options *opts, const char *name)
{
	if (opts->ninclude && !glob_any(opts->include, opts->ninclude, name))
		return false;
	return !glob_any(opts->exclude, opts->nexclude, name);
}

/* The object added, NULL when the globs leave it out. */
static struct input_object *add(const struct asmscan_options *opts,
				struct input_list *list, struct skipped *sk,
				char *name, char *path, uint64_t off,
				uint64_t size, size_t input, bool member)
{
	struct input_object *o;

	if (!selected(opts, name)) {
		sk->filtered++;
		free(name);
		free(path);
		return NULL;
	}
	o = VEC_PUSH(list->v, list->n, list->cap);
	*o = (struct input_object){ .name = name, .path = path, .offset = off,
				    .size = size, .input = input,
				    .member = member };
	return o;
}

static void note_skipped(const char *input, const struct skipped *sk)
{
	char buf[512];
	size_t len = 0, total = sk->elf32 + sk->machine + sk->not_elf;

#define PART(...)                                                           \
	len += (size_t)snprintf(buf + len, len < sizeof(buf) ? sizeof(buf) - len : 0, \
				__VA_ARGS__)
	if (sk->elf32)
		PART("%s%zu ELF32", len ? ", " : "", sk->elf32);
	if (sk->machine) {
		const char *m = machine_name(sk->some_machine);

		PART("%s%zu of another machine (%s%s)", len ? ", " : "",
		     sk->machine, m ? m : "e.g. machine ",
		     m ? "" : "?");
	}
	if (sk->not_elf)
		PART("%s%zu archive members not ELF", len ? ", " : "",
		     sk->not_elf);
#undef PART
	if (total)
		asmscan_notef(input, "skipped",
			      "%zu object%s not ELF64 x86-64 or AArch64: %s", total,
			      total == 1 ? "" : "s", buf);
	if (sk->archives)
		asmscan_notef(input, "skipped",
			      "%zu ar archive%s (a directory is read object by object)",
			      sk->archives, sk->archives == 1 ? "" : "s");
}

/*
 * A named archive that gave no object: empty, it is said as an empty
 * directory is ("0 objects" follows); with members, none of which can be
 * read, it is an error, as a named file that is no such object is.
 */
static void archive_unread(const char *path, const struct skipped *sk)
{
	if (!sk->members)
		asmscan_notef(path, "nothing to read", "an empty archive");
	else
		asmscan_errorf(path, "cannot analyse",
			       "none of its %zu member%s is an ELF64 x86-64 or AArch64 object",
			       sk->members, sk->members == 1 ? "" : "s");
}

static bool parse_size(const char *field, size_t len, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;

	while (i < len && field[i] == ' ')
		i++;
	if (i == len || field[i] < '0' || field[i] > '9')
		return false;
	for (; i < len && field[i] >= '0' && field[i] <= '9'; i++) {
		if (v > (UINT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (uint64_t)(field[i] - '0');
	}
	for (; i < len; i++)
		if (field[i] != ' ')
			return false;
	*out = v;
	return true;
}

/* The member name of header h: short "name/", or "/NNN" in the long names. */
static char *member_name(const char *h, const char *longnames,
			 uint64_t longlen)
{
	size_t len = 16;

	if (h[0] == '/' && h[1] >= '0' && h[1] <= '9') {
		uint64_t off = 0, end;

		/*
		 * "/N": offset N in "//".  GNU ar leaves what follows the
		 * digits as it was (in thin archives, the start of the
		 * member's path: "/104           /") and reads only the number
		 * (bfd's get_extended_arelt_filename): so do we.
		 */
		for (size_t i = 1; i < 16 && h[i] >= '0' && h[i] <= '9'; i++)
			off = off * 10 + (uint64_t)(h[i] - '0');
		if (!longnames || off >= longlen)
			return NULL;
		for (end = off; end < longlen && longnames[end] != '\n'; end++)
			;
		if (end > off && longnames[end - 1] == '/')
			end--;
		if (end == off)
			return NULL;
		return xstrndup(longnames + off, end - off);
	}
	while (len && h[len - 1] == ' ')
		len--;
	if (len && h[len - 1] == '/')
		len--;
	if (!len)
		return NULL;
	return xstrndup(h, len);
}

static void expand_archive(const struct asmscan_options *opts,
			   struct input_list *list, const char *path,
			   const unsigned char *map, uint64_t size,
			   size_t input, struct skipped *sk)
{
	bool thin = !memcmp(map, AR_THIN_MAGIC, AR_MAGIC_LEN);
	const char *longnames = NULL;
	uint64_t longlen = 0, off = AR_MAGIC_LEN;
	char *dir = NULL;

	if (thin) {
		char *tmp = xstrdup(path);

		dir = xstrdup(dirname(tmp));
		free(tmp);
	}
	while (off < size) {
		const char *h = (const char *)map + off;
		uint64_t msize, data = off + AR_HDR_LEN;
		char *name;

		if (size - off < AR_HDR_LEN || memcmp(h + 58, "`\n", 2) ||
		    !parse_size(h + 48, 10, &msize)) {
			asmscan_errorf(path, "cannot read archive",
				       "member header at offset %llu %s",
				       (unsigned long long)off,
				       size - off < AR_HDR_LEN ? "truncated" : "corrupt");
			break;
		}
		/* Thin archives store only their own tables. */
		bool special = h[0] == '/' && (h[1] == ' ' || h[1] == '/' ||
					       !strncmp(h, "/SYM64/", 7));
		bool stored = !thin || special;

		if (!special)
			sk->members++;
		if (stored && msize > size - data) {
			asmscan_errorf(path, "cannot read archive",
				       "member at offset %llu extends past the end of the file",
				       (unsigned long long)off);
			break;
		}
		if (!strncmp(h, "//", 2) && (h[2] == ' ' || h[2] == '/')) {
			longnames = (const char *)map + data;
			longlen = msize;
		} else if (!special) {
			name = member_name(h, longnames, longlen);
			if (!name) {
				asmscan_errorf(path, "cannot read archive",
					       "member at offset %llu has a bad name",
					       (unsigned long long)off);
			} else if (thin) {
				/* Relative to the archive; "./" is not worth printing. */
				char *mpath = name[0] == '/' || !strcmp(dir, ".") ?
					xstrdup(name) : xasprintf("%s/%s", dir, name);
				unsigned char ehdr[64];
				ssize_t got = 0;
				int fd = open(mpath, O_RDONLY | O_CLOEXEC);

				if (fd >= 0) {
					got = pread(fd, ehdr, sizeof(ehdr), 0);
					close(fd);
				}
				if (fd < 0 || got < 0) {
					/* Report when the object is opened. */
					add(opts, list, sk, xstrdup(mpath), mpath, 0, 0,
					    input, false);
				} else if (member_supported(ehdr, (size_t)got, sk)) {
					add(opts, list, sk, xstrdup(mpath), mpath, 0, 0,
					    input, false);
				} else {
					free(mpath);
				}
				free(name);
			} else {
				if (msize && member_supported(map + data, msize, sk))
					add(opts, list, sk,
					    xasprintf("%s(%s)", path, name),
					    xstrdup(path), data, msize, input, true);
				else if (!msize)
					sk->not_elf++;
				free(name);
			}
		}
		off = data + (stored ? msize : 0);
		off += off & 1;
	}
	free(dir);
}

/* The first bytes of a file, as many as an ELF header: what it is. */
#define HEAD_BYTES 64

/*
 * A file: ELF or archive, from head, its first got bytes (got < 0: the
 * read failed); size bytes in all.  A named one is an error when it is
 * neither; one found in a directory is counted in sk.
 */
static void expand_file(const struct asmscan_options *opts,
			struct input_list *list, const char *path, int fd,
			const unsigned char *head, ssize_t got, uint64_t size,
			size_t input, bool named, struct skipped *sk)
{
	struct input_object *o;
	char why[128];

	if (got < 0) {
		if (named)
			asmscan_error(path, "cannot read", strerror(errno));
		return;
	}
	if ((size_t)got >= AR_MAGIC_LEN && (!memcmp(head, AR_MAGIC, AR_MAGIC_LEN) ||
					    !memcmp(head, AR_THIN_MAGIC, AR_MAGIC_LEN))) {
		void *map;

		if (!named) {
			sk->archives++;
			return;
		}
		map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map == MAP_FAILED) {
			asmscan_error(path, "cannot map", strerror(errno));
			return;
		}
		sk->archive = true;
		expand_archive(opts, list, path, map, size, input, sk);
		munmap(map, size);
		return;
	}
	if (named) {
		if (!input_elf_supported(head, (size_t)got, why, sizeof(why))) {
			if (!strcmp(why, "not an ELF file"))
				asmscan_error(path, "cannot read",
					      "not an ELF file, ar archive or directory");
			else
				asmscan_error(path, "cannot analyse", why);
			return;
		}
	} else if (!member_supported(head, (size_t)got, sk)) {
		return;
	}
	o = add(opts, list, sk, xstrdup(path), xstrdup(path), 0, 0, input,
		false);
	if (o)
		o->file_bytes = size;
}

static int fts_by_name(const FTSENT **a, const FTSENT **b)
{
	return strcmp((*a)->fts_name, (*b)->fts_name);
}

static void expand_dir(const struct asmscan_options *opts,
		       struct input_list *list, const char *path, size_t input,
		       struct skipped *sk)
{
	char *const roots[] = { (char *)path, NULL };
	FTS *fts = fts_open(roots, FTS_PHYSICAL | FTS_NOCHDIR, fts_by_name);
	FTSENT *e;

	if (!fts) {
		asmscan_error(path, "cannot read directory", strerror(errno));
		return;
	}
	while ((e = fts_read(fts))) {
		unsigned char head[HEAD_BYTES];
		ssize_t got;
		int fd;

		if (e->fts_info == FTS_DNR || e->fts_info == FTS_ERR) {
			asmscan_error(e->fts_path, "cannot read directory",
				      strerror(e->fts_errno));
			continue;
		}
		if (e->fts_info != FTS_F)
			continue;
		fd = open(e->fts_accpath, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			asmscan_error(e->fts_path, "cannot open", strerror(errno));
			continue;
		}
		/* Only ELF and archives are looked at; sources etc. are not ours. */
		got = pread(fd, head, sizeof(head), 0);
		if (got >= 4 &&
		    (!memcmp(head, ELFMAG, SELFMAG) || !memcmp(head, "!<", 2)))
			expand_file(opts, list, e->fts_path, fd, head, got,
				    (uint64_t)e->fts_statp->st_size, input,
				    false, sk);
		close(fd);
	}
	fts_close(fts);
}

void input_expand(const struct asmscan_options *opts, struct input_list *list)
{
	for (size_t i = 0; i < opts->ninputs; i++) {
		const char *path = opts->inputs[i];
		struct skipped sk = { 0 };
		struct stat st;
		int fd = open(path, O_RDONLY | O_CLOEXEC);

		if (fd < 0) {
			asmscan_error(path, "cannot open", strerror(errno));
			continue;
		}
		if (fstat(fd, &st) < 0) {
			asmscan_error(path, "cannot read", strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			size_t before = list->n;

			expand_dir(opts, list, path, i, &sk);
			if (list->n == before && !sk.filtered)
				asmscan_notef(path, "nothing to read",
					      "no ELF64 x86-64 or AArch64 object under it");
		} else if (!S_ISREG(st.st_mode)) {
			asmscan_error(path, "cannot read", "not a regular file");
		} else {
			size_t before = list->n, errors = asmscan_errors();
			unsigned char head[HEAD_BYTES];
			ssize_t got = pread(fd, head, sizeof(head), 0);

			expand_file(opts, list, path, fd, head, got,
				    (uint64_t)st.st_size, i, true, &sk);
			if (sk.archive && list->n == before && !sk.filtered &&
			    asmscan_errors() == errors)
				archive_unread(path, &sk);
		}
		close(fd);
		note_skipped(path, &sk);
	}
}

void input_list_free(struct input_list *list)
{
	for (size_t i = 0; i < list->n; i++) {
		free(list->v[i].name);
		free(list->v[i].path);
	}
	free(list->v);
	memset(list, 0, sizeof(*list));
}
