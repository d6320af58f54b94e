/* SPDX-License-Identifier: GPL-2.0 */
/*
 * disasm.h — find the direct calls and count each function's real
 * instructions, with capstone, over every executable section.
 *
 * Decoding follows objdump -d: each executable section is decoded from
 * its start and decoding restarts at every symbol in it (so data or an
 * undecodable byte cannot shift instruction boundaries past the next
 * symbol); an undecodable byte is counted and skipped.  A direct call is
 * a CALL whose last five bytes are e8 rel32 after prefixes only; its
 * target is the end of the call plus rel32, or in a .o the symbol plus
 * addend plus 4 of the R_X86_64_PLT32/PC32 relocation at rel32.
 *
 * "Real" instructions of a function leave out what the compiler or the
 * kernel adds around a body: endbr64/endbr32, the ftrace `call
 * __fentry__` at entry (its 5-byte NOP form is a NOP), every NOP and int3
 * (padding, SLS), `ret` and `jmp __x86_return_thunk` (the return itself).
 *
 * The work is split into chunks of whole segments so that -j threads can
 * decode in parallel; disasm_merge() concatenates the chunks' results in
 * order, so the output never depends on -j.
 */
#ifndef ASMSCAN_DISASM_H
#define ASMSCAN_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "object.h"

struct disasm_cpu;		/* one per thread: capstone handle + cs_malloc */

struct disasm_cpu *disasm_cpu_new(void);
void disasm_cpu_free(struct disasm_cpu *cpu);

struct disasm_segment {
	uint64_t addr, end;		/* flat */
	uint32_t shndx;
	uint32_t func;			/* function containing addr, OBJ_NONE */
};

struct disasm_chunk {
	size_t first, count;		/* segments */
	struct call_site *calls;
	size_t ncalls, cap;
	uint64_t insns, bad_bytes;
};

struct disasm_plan {
	struct disasm_segment *segs;
	size_t nsegs;
	struct disasm_chunk *chunks;
	size_t nchunks;
};

/* Cut the executable sections into segments and about nchunks chunks. */
void disasm_plan(struct object *o, struct disasm_plan *plan, size_t nchunks);
/* Decode one chunk (any thread; writes only the chunk and its functions). */
void disasm_chunk_run(struct object *o, struct disasm_plan *plan, size_t chunk,
		      struct disasm_cpu *cpu);
/* Move the chunks' results into o, in order, and free the plan. */
void disasm_merge(struct object *o, struct disasm_plan *plan);

#endif /* ASMSCAN_DISASM_H */
