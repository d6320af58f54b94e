/* SPDX-License-Identifier: GPL-2.0 */
/*
 * machine.h — what differs between the machines asmscan reads (x86-64 in
 * arch-x86.c, AArch64 in arch-arm64.c): how one instruction is classified
 * (a call, a jump, padding before the body, the return), which relocation
 * types a .o uses for the kernel's self-relative tables, and the checks of
 * the tables whose layout is the machine's own.
 *
 * Everything else (the segment walk, call sites, tables, DWARF) is shared
 * and asks the object's machine.  A run reads one machine: the first
 * object read sets it (analysis.c).
 */
#ifndef ASMSCAN_MACHINE_H
#define ASMSCAN_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <capstone/capstone.h>

struct object;

/* The values of one struct alt_instr the machine checks. */
struct table_alt {
	unsigned feature;	/* cpuid, cpufeature (u16) */
	unsigned len;		/* instrlen, orig_len: the largest of the
				 * entries for one site, as apply_alternatives()
				 * pads nested alternatives to it */
	unsigned rlen;		/* replacementlen, alt_len */
};

enum insn_role {
	INSN_BODY,		/* counted; the function's entry is over */
	INSN_PAD,		/* not counted, the entry goes on: endbr64,
				 * bti c, paciasp, NOPs, int3 */
	INSN_OVERHEAD,		/* not counted, the entry is over: the return,
				 * the ftrace call at entry */
};

enum insn_branch {
	BRANCH_NONE,
	BRANCH_CALL,		/* call rel32, bl */
	BRANCH_JUMP,		/* jmp rel32/rel8, b: a tail call if it
				 * reaches another function's start */
};

/* What one step of decoding found. */
struct insn_step {
	size_t bytes;		/* consumed, >= 1 */
	uint32_t count;		/* instructions; 0: the bytes do not decode */
	bool unknown;		/* an instruction capstone does not know,
				 * its length and class known here (x86:
				 * EVEX vpclmulqdq, wrussq; arm64: LSE
				 * ldaddl): counted, apart from the
				 * instructions capstone decoded */
	bool padding;		/* fill, not an instruction (arm64: a zero
				 * word): neither counted nor undecodable */
	enum insn_role role;
	enum insn_branch branch;
	bool known;		/* target (flat) is in this object */
	uint64_t target;
	const char *ext;	/* or the undefined symbol of a .o relocation */
};

/* One capstone handle and its instruction buffer (per thread). */
struct machine_cs {
	csh handle;
	cs_insn *insn;
};

struct machine {
	unsigned e_machine;		/* EM_* */
	const char *name;		/* in messages and text output */
	cs_arch cs_arch;
	cs_mode cs_mode;
	uint32_t reloc_prel32, reloc_prel64;	/* self-relative table fields */
	/* One entry of this machine's struct alt_instr (.altinstructions)
	 * and struct exception_table_entry (__ex_table), beyond where its
	 * fields point, as the layout (table-layout.h) decodes them: NULL
	 * when it checks out, else why not. */
	const char *(*alt_check)(const struct table_alt *alt);
	const char *(*ex_check)(unsigned type);
	/*
	 * Are the len bytes at code, at a function symbol, only the padding
	 * instructions some builds put before a function's first real one
	 * (arm64: NOP, BTI; x86: NOPs, endbr64)?  DWARF's entry of such a
	 * function lies after them (FUNC_ENTRY_PAD_MAX bytes at most).
	 */
	bool (*entry_padding)(const uint8_t *code, size_t len);
	/* Before decoding: symbols the classification needs. */
	void (*prepare)(struct object *o);
	/*
	 * Decode what starts at code (left bytes, flat address at, in section
	 * shndx; entry: still before the function's body) into *step.
	 */
	void (*step)(const struct object *o, uint32_t shndx,
		     const struct machine_cs *cs, const uint8_t *code,
		     size_t left, uint64_t at, bool entry,
		     struct insn_step *step);
};

/* The most bytes entry_padding is asked about: 16 NOPs of arm64. */
#define FUNC_ENTRY_PAD_MAX 64

extern const struct machine machine_x86_64;
extern const struct machine machine_arm64;

#define MACHINE_COUNT 2

/* The machine of an ELF64 little-endian e_machine, NULL if not read. */
const struct machine *machine_find(unsigned e_machine);
/* Index of m in 0..MACHINE_COUNT-1 (one capstone handle each). */
unsigned machine_index(const struct machine *m);

#endif /* ASMSCAN_MACHINE_H */
