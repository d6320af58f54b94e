/* SPDX-License-Identifier: GPL-2.0 */
/*
 * disasm.h — find the direct calls and count each function's real
 * instructions, with capstone, over every executable section.
 *
 * Decoding follows objdump -d: each code range (code.h) is decoded from
 * its start and decoding restarts at every symbol in it (so data or an
 * undecodable byte cannot shift instruction boundaries past the next
 * symbol); undecodable bytes (a byte on x86-64, a word on AArch64) are
 * counted and skipped.  An instruction that runs on past the next
 * symbol (the kernel's retbleed_untrain_ret is one byte, 0xf6, the start
 * of a `test` whose other bytes are retbleed_return_thunk) is decoded
 * whole and counted once, its bytes up to the symbol consumed.  Direct calls (x86 call rel32, arm64 bl) and their
 * targets, through the .o's relocation where there is one, are the
 * machine's (machine.h, arch-x86.c, arch-arm64.c).
 *
 * "Real" instructions of a function leave out what the compiler or the
 * kernel adds around a body: x86 endbr64/endbr32, the ftrace `call
 * __fentry__` at entry (its 5-byte NOP form is a NOP), every NOP and int3
 * (padding, SLS), `ret` and `jmp __x86_return_thunk` (the return itself);
 * arm64 bti, paciasp/autiasp and the other PAC hints, every NOP (the
 * -fpatchable-function-entry ones of ftrace too) and ret/retaa/retab.
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
	uint64_t range_end;		/* its code range's end (code.h) */
	uint32_t shndx;
	uint32_t func;			/* function containing addr, OBJ_NONE */
};

struct disasm_chunk {
	size_t first, count;		/* segments */
	struct call_site *calls;
	size_t ncalls, cap;
	uint64_t insns, bad_bytes, unknown_insns, unknown_bytes, pad_bytes;
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
