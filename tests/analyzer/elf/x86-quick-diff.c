// SPDX-License-Identifier: GPL-2.0
/*
 * x86-quick-diff.c — hold x86-quick.c to capstone's answer.
 *
 *   x86-quick-diff random N SEED   N random instructions
 *   x86-quick-diff FILE...         every instruction of every executable
 *                                  section of each x86-64 ELF file
 *
 * Wherever x86_quick_decode() answers, capstone must decode the same
 * bytes to an instruction of the same length whose id and opcode bytes
 * give the same kind (this file's own reading of capstone's ids, not
 * arch-x86.c's); where capstone finds no instruction, the quick decoder
 * must not answer.  The random instructions are drawn where the quick
 * decoder works — its prefixes and others, every opcode of both maps,
 * every ModRM, SIB and displacement, lock and rep before the forms they
 * go with — so that each of its table entries and special cases meets
 * capstone many times.  Prints how many
 * instructions were compared and the share the quick decoder answered;
 * exit 1 on the first disagreements (up to 20 shown), 2 on usage or I/O
 * errors.
 */
#include <capstone/capstone.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "x86-quick.h"

struct tally {
	uint64_t compared, answered, wrong;
};

static bool only_prefixes(const uint8_t *b, size_t n)
{
	static const uint8_t legacy[] = { 0x26, 0x2e, 0x36, 0x3e, 0x64, 0x65,
					  0x66, 0x67, 0xf0, 0xf2, 0xf3 };

	for (size_t i = 0; i < n; i++)
		if ((b[i] & 0xf0) != 0x40 && !memchr(legacy, b[i], sizeof(legacy)))
			return false;
	return true;
}

static enum x86_quick_kind capstone_kind(const cs_insn *in)
{
	const uint8_t *b = in->bytes;
	size_t n = in->size;

	switch (in->id) {
	case X86_INS_CALL:
		return n >= 5 && b[n - 5] == 0xe8 && only_prefixes(b, n - 5) ?
		       X86Q_CALL_REL32 : X86Q_OTHER;
	case X86_INS_JMP:
		if (n >= 5 && b[n - 5] == 0xe9 && only_prefixes(b, n - 5))
			return X86Q_JMP_REL32;
		return n >= 2 && b[n - 2] == 0xeb && only_prefixes(b, n - 2) ?
		       X86Q_JMP_REL8 : X86Q_OTHER;
	case X86_INS_NOP:
	case X86_INS_ENDBR64:
	case X86_INS_ENDBR32:
	case X86_INS_INT3:
		return X86Q_NOP;
	case X86_INS_RET:
		return X86Q_RET;
	default:
		return X86Q_OTHER;
	}
}

static void show(const char *what, const uint8_t *b, size_t n)
{
	fprintf(stderr, "x86-quick-diff: %s:", what);
	for (size_t i = 0; i < n && i < 15; i++)
		fprintf(stderr, " %02x", b[i]);
	fputc('\n', stderr);
}

/*
 * Compare at code; returns capstone's length (0: no instruction), which
 * is how a walk over real code goes on.
 */
static size_t compare(csh h, cs_insn *in, const uint8_t *code, size_t left,
		      struct tally *t)
{
	const uint8_t *p = code;
	size_t n = left;
	uint64_t addr = 0x1000;
	enum x86_quick_kind k;
	size_t q = x86_quick_decode(code, left, &k);
	bool ok = cs_disasm_iter(h, &p, &n, &addr, in);

	t->compared++;
	t->answered += q != 0;
	if (!q)
		return ok ? in->size : 0;
	if (!ok || in->size != q || capstone_kind(in) != k) {
		if (t->wrong++ < 20) {
			char what[320];

			if (ok)
				snprintf(what, sizeof(what),
					 "quick %zu bytes kind %d, capstone %u bytes kind %d (%s %s)",
					 q, (int)k, (unsigned)in->size,
					 (int)capstone_kind(in), in->mnemonic, in->op_str);
			else
				snprintf(what, sizeof(what),
					 "quick %zu bytes kind %d, capstone: no instruction",
					 q, (int)k);
			show(what, code, left);
		}
	}
	return ok ? in->size : 0;
}

static uint64_t rng_state;

static uint32_t rnd(void)
{
	/* xorshift64*: the same instructions for the same seed everywhere */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 2685821657736338717ULL) >> 32);
}

static void run_random(csh h, cs_insn *in, uint64_t count, struct tally *t)
{
	static const uint8_t prefixes[] = { 0x66, 0x64, 0x65, 0x66, 0x48, 0x41,
					    0x4c, 0x45, 0x40, 0x4f, 0xf0, 0xf3,
					    0xf2, 0x2e, 0x3e, 0x67, 0x26 };

	for (uint64_t i = 0; i < count; i++) {
		uint8_t buf[20];
		size_t n = 0, np = rnd() % 4;

		if (rnd() % 16 == 0) {
			/* The assembler's long NOPs and their neighbours. */
			for (size_t j = rnd() % 4; j; j--)
				buf[n++] = rnd() % 4 ? 0x66 : 0x2e;
			buf[n++] = rnd() % 4 ? 0x2e : 0x66;
			buf[n++] = 0x0f;
			buf[n++] = rnd() % 4 ? 0x1f : (uint8_t)rnd();
			while (n < sizeof(buf))
				buf[n++] = (uint8_t)rnd();
			compare(h, in, buf, sizeof(buf), t);
			continue;
		}
		if (rnd() % 16 == 1) {
			/* lock and rep among other prefixes, before the forms
			 * they go with and their neighbours. */
			static const uint8_t ops[] = {
				0x00, 0x01, 0x02, 0x09, 0x11, 0x19, 0x21, 0x29,
				0x31, 0x39, 0x80, 0x81, 0x83, 0x84, 0x86, 0x87,
				0x88, 0x89, 0x8d, 0x90, 0xf6, 0xf7, 0xfe, 0xff,
				0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xaa, 0xab, 0xac,
				0xad, 0xae, 0xaf, 0xc3, 0xe8,
			};
			static const uint8_t ops0f[] = {
				0xb0, 0xb1, 0xc0, 0xc1, 0xab, 0xb3, 0xbb, 0xba,
				0xa3, 0xbc, 0xbd, 0xb8, 0x1f, 0xc7, 0xaf, 0x1e,
			};
			static const uint8_t lr[] = { 0xf0, 0xf3, 0xf2 };

			for (size_t j = rnd() % 3; j; j--)
				buf[n++] = prefixes[rnd() % sizeof(prefixes)];
			buf[n++] = lr[rnd() % sizeof(lr)];
			for (size_t j = rnd() % 3; j; j--)
				buf[n++] = prefixes[rnd() % sizeof(prefixes)];
			if (rnd() % 3 == 0) {
				buf[n++] = 0x0f;
				buf[n++] = ops0f[rnd() % sizeof(ops0f)];
			} else {
				buf[n++] = ops[rnd() % sizeof(ops)];
			}
			while (n < sizeof(buf))
				buf[n++] = (uint8_t)rnd();
			compare(h, in, buf, sizeof(buf), t);
			continue;
		}
		for (size_t j = 0; j < np; j++)
			buf[n++] = prefixes[rnd() % sizeof(prefixes)];
		if (rnd() % 3 == 0)
			buf[n++] = 0x0f;
		buf[n++] = (uint8_t)rnd();
		while (n < sizeof(buf))
			buf[n++] = (uint8_t)rnd();
		/* Sometimes cut short, to meet the bounds checks. */
		compare(h, in, buf, rnd() % 8 ? sizeof(buf) : 1 + rnd() % 8, t);
	}
}

static int run_file(csh h, cs_insn *in, const char *path, struct tally *t)
{
	int fd = open(path, O_RDONLY);
	Elf *e;
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;

	if (fd < 0 || !(e = elf_begin(fd, ELF_C_READ_MMAP, NULL)) ||
	    !gelf_getehdr(e, &eh)) {
		fprintf(stderr, "x86-quick-diff: %s: cannot read as ELF\n", path);
		return 2;
	}
	if (eh.e_machine != EM_X86_64) {
		fprintf(stderr, "x86-quick-diff: %s: not x86-64\n", path);
		return 2;
	}
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		const uint8_t *code;
		size_t left;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_EXECINSTR) ||
		    !(d = elf_getdata(scn, NULL)) || !d->d_buf)
			continue;
		code = d->d_buf;
		left = d->d_size;
		while (left) {
			size_t step;

			if (*code == 0xcc) {	/* padding: as arch-x86.c */
				code++, left--;
				continue;
			}
			step = compare(h, in, code, left, t);
			if (!step)
				step = 1;
			code += step, left -= step;
		}
	}
	elf_end(e);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	struct tally t = { 0 };
	csh h;
	cs_insn *in;
	int rc = 0;

	if (argc < 2 || (!strcmp(argv[1], "random") && argc != 4)) {
		fprintf(stderr, "usage: %s random N SEED | %s FILE...\n",
			argv[0], argv[0]);
		return 2;
	}
	if (cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK ||
	    !(in = cs_malloc(h))) {
		fprintf(stderr, "x86-quick-diff: cannot open capstone\n");
		return 2;
	}
	elf_version(EV_CURRENT);
	if (!strcmp(argv[1], "random")) {
		rng_state = strtoull(argv[3], NULL, 0) * 2 + 1;
		run_random(h, in, strtoull(argv[2], NULL, 0), &t);
	} else {
		for (int i = 1; i < argc && !rc; i++)
			rc = run_file(h, in, argv[i], &t);
	}
	cs_free(in, 1);
	cs_close(&h);
	printf("x86-quick-diff: %" PRIu64 " compared, %" PRIu64
	       " answered by the quick decoder (%.1f %%), %" PRIu64 " wrong\n",
	       t.compared, t.answered,
	       t.compared ? 100.0 * (double)t.answered / (double)t.compared : 0.0,
	       t.wrong);
	if (rc)
		return rc;
	return t.wrong ? 1 : 0;
}
