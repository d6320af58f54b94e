/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, x86-64: user access, MSR, segment and XSAVE forms with __ex_table
 *
 * Each t_* function holds exactly one asm statement whose template is the
 * text Linux 6.1.192 (Debian linux-source-6.1, x86_64_defconfig) produces
 * after preprocessing, copied from the preprocessed kernel source (.i) and
 * checked against it (see ../README.md).  Operands are rewritten over plain
 * globals so that the file is self-contained.  The two comment lines above
 * each function are the harness contract:
 *   shape:  kernel header and macro the template comes from
 *   expect: gcc_count (GCC inliner charge), est_insns (instructions the
 *           statement leaves in the function's own section, a run of
 *           one-byte nops counted once), kind (sections written)
 */

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

/* ASM_CALL_CONSTRAINT (arch/x86/include/asm/asm.h) */
register unsigned long current_stack_pointer __asm__("rsp");

/* __m(): arch/x86/include/asm/uaccess.h */
struct __large_struct {
	unsigned long buf[100];
};
#define __m(x) (*(struct __large_struct *)(x))

struct xregs_state {
	u8 area[4096];
} __attribute__((aligned(64)));

/* shape: arch/x86/include/asm/uaccess.h: unsafe_get_user() -> __get_user_size() -> __get_user_asm() asm_goto_output with _ASM_EXTABLE_UA(1b, %l2) */
/* expect: gcc_count=9 est_insns=1 kind=extable */
__attribute__((noinline)) int t_unsafe_get_user(u32 *dst, const u32 *src)
{
	u32 v;

	__asm__ __volatile__ goto(
		"\n"
		"1:\tmovl %[umem],%[output]\n"
		" .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (%l2) - .\n"
		" .long 3 \n"
		" .popsection\n"
		: [output] "=r" (v)
		: [umem] "m" (__m(src))
		: : efault);
	*dst = v;
	return 0;
efault:
	return -14;
}

/* shape: arch/x86/include/asm/uaccess.h: unsafe_put_user() -> __put_user_size() -> __put_user_goto() with _ASM_EXTABLE_UA(1b, %l2) */
/* expect: gcc_count=9 est_insns=1 kind=extable */
__attribute__((noinline)) int t_unsafe_put_user(u64 v, u64 *dst)
{
	__asm__ goto(
		"\n"
		"1:\tmovq %0,%1\n"
		" .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (%l2) - .\n"
		" .long 3 \n"
		" .popsection\n"
		: : "er" (v), "m" (__m(dst))
		: : efault);
	return 0;
efault:
	return -14;
}

/* shape: arch/x86/include/asm/uaccess.h: get_user() -> do_get_user_call(get_user, x, ptr) "call __" #fn "_%P4" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) int t_get_user_call(u32 *dst, const u32 *src)
{
	int ret;
	register u32 val __asm__("%rdx");

	__asm__ __volatile__(
		"call __get_user_%P4"
		: "=a" (ret), "=r" (val), "+r" (current_stack_pointer)
		: "0" (src), "i" (sizeof(*src)));
	*dst = val;
	return ret;
}

/* shape: arch/x86/include/asm/uaccess.h: __put_user() -> do_put_user_call(put_user_nocheck, x, ptr) "call __" #fn "_%P[size]" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) int t_put_user_call(u64 v, u64 *dst)
{
	int ret;
	register u64 val __asm__("%rax") = v;

	__asm__ __volatile__(
		"call __put_user_nocheck_%P[size]"
		: "=c" (ret), "+r" (current_stack_pointer)
		: "0" (dst), "r" (val), [size] "i" (sizeof(*dst))
		: "ebx");
	return ret;
}

/* shape: arch/x86/include/asm/uaccess.h: unsafe_try_cmpxchg_user() -> __try_cmpxchg_user_asm("l", "r", ...) "1: " LOCK_PREFIX "cmpxchg" + _ASM_EXTABLE_UA (also .smp_locks) */
/* expect: gcc_count=15 est_insns=1 kind=extable */
__attribute__((noinline)) int t_unsafe_try_cmpxchg_user(u32 *p, u32 *pold, u32 new)
{
	_Bool success;
	u32 old = *pold;

	__asm__ __volatile__ goto(
		"\n"
		"1: .pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; cmpxchgl %[new], %[ptr]\n"
		" .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (%l[efault]) - .\n"
		" .long 3 \n"
		" .popsection\n"
		: "=@ccz" (success), [ptr] "+m" (*p), [old] "+a" (old)
		: [new] "r" (new)
		: "memory"
		: efault);
	if (!success)
		*pold = old;
	return success;
efault:
	return -14;
}

/*
 * 2-byte rep stosb, 5-byte calls: rep stosb plus a 3-byte nop pad.
 */
/* shape: arch/x86/include/asm/uaccess_64.h: __clear_user() ALTERNATIVE_3("rep stosb", "call clear_user_erms", ALT_NOT(X86_FEATURE_FSRM), ...) + _ASM_EXTABLE_UA(1b, 2b) */
/* expect: gcc_count=47 est_insns=2 kind=alternative */
__attribute__((noinline)) unsigned long t_clear_user(void *addr, unsigned long size)
{
	__asm__ __volatile__(
		"1:\n"
		"\t# ALT: oldinstr3\n"
		"661:\n"
		"\trep stosb\n"
		"662:\n"
		"# ALT: padding3\n"
		".skip -((((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) ^ (((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) ^ (6653f-6643f)) & -(-((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) < (6653f-6643f))))) - (662b-661b)) > 0) * (((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) ^ (((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) ^ (6653f-6643f)) & -(-((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) < (6653f-6643f))))) - (662b-661b)), 0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word (((18*32+ 4)) | (1 << 15))\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		" .long 661b - .\n"
		" .long 6642f - .\n"
		" .word ((( 9*32+ 9)) | (1 << 15))\n"
		" .byte 663b-661b\n"
		" .byte 6652f-6642f\n"
		" .long 661b - .\n"
		" .long 6643f - .\n"
		" .word ((( 3*32+16)) | (1 << 15))\n"
		" .byte 663b-661b\n"
		" .byte 6653f-6643f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tcall clear_user_erms\n"
		"6651:\n"
		"# ALT: replacement 2\n"
		"6642:\n"
		"\tcall clear_user_rep_good\n"
		"6652:\n"
		"# ALT: replacement 3\n"
		"6643:\n"
		"\tcall clear_user_original\n"
		"6653:\n"
		".popsection\n"
		"2:\n"
		" .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (2b) - .\n"
		" .long 3 \n"
		" .popsection\n"
		: "+c" (size), "+D" (addr), "+r" (current_stack_pointer)
		: "a" (0)
		: "rdx");
	return size;
}

/* shape: arch/x86/include/asm/uaccess.h: __get_user_asm() for !CONFIG_CC_HAS_ASM_GOTO_OUTPUT: _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_REG | EX_FLAG_CLEAR_AX, %[errout]) */
/* expect: gcc_count=33 est_insns=1 kind=extable */
__attribute__((noinline)) int t_get_user_asm_nogoto(u32 *dst, const u32 *src)
{
	int err = 0;
	u32 x;

	__asm__ __volatile__(
		"\n"
		"1:\tmovl %[umem],%[output]\n"
		"2:\n"
		" .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (2b) - .\n"
		".macro extable_type_reg type:req reg:req\n"
		".set .Lfound, 0\n"
		".set .Lregnr, 0\n"
		".irp rs,rax,rcx,rdx,rbx,rsp,rbp,rsi,rdi,r8,r9,r10,r11,r12,r13,r14,r15\n"
		".ifc \\reg, %%\\rs\n"
		".set .Lfound, .Lfound+1\n"
		".long \\type + (.Lregnr << 8)\n"
		".endif\n"
		".set .Lregnr, .Lregnr+1\n"
		".endr\n"
		".set .Lregnr, 0\n"
		".irp rs,eax,ecx,edx,ebx,esp,ebp,esi,edi,r8d,r9d,r10d,r11d,r12d,r13d,r14d,r15d\n"
		".ifc \\reg, %%\\rs\n"
		".set .Lfound, .Lfound+1\n"
		".long \\type + (.Lregnr << 8)\n"
		".endif\n"
		".set .Lregnr, .Lregnr+1\n"
		".endr\n"
		".if (.Lfound != 1)\n"
		".error \"extable_type_reg: bad register argument\"\n"
		".endif\n"
		".endm\n"
		"extable_type_reg reg=%[errout], type=(17 | ((-14) << 16)) | ((1) << 12) \n"
		".purgem extable_type_reg\n"
		" .popsection\n"
		: [errout] "=r" (err), [output] "=a" (x)
		: [umem] "m" (__m(src)), "0" (err));
	*dst = x;
	return err;
}

/* shape: arch/x86/include/asm/msr.h: __rdmsr() "1: rdmsr\n2:\n" _ASM_EXTABLE_TYPE(1b, 2b, EX_TYPE_RDMSR) */
/* expect: gcc_count=9 est_insns=1 kind=extable */
__attribute__((noinline)) u64 t_rdmsr(unsigned int msr)
{
	u32 low, high;

	__asm__ __volatile__(
		"1: rdmsr\n"
		"2:\n"
		" .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (2b) - .\n"
		" .long 9 \n"
		" .popsection\n"
		: "=a" (low), "=d" (high) : "c" (msr));
	return ((u64)high << 32) | low;
}

/* shape: arch/x86/include/asm/msr.h: __wrmsr() _ASM_EXTABLE_TYPE(1b, 2b, EX_TYPE_WRMSR) */
/* expect: gcc_count=9 est_insns=1 kind=extable */
__attribute__((noinline)) void t_wrmsr(unsigned int msr, u32 low, u32 high)
{
	__asm__ __volatile__(
		"1: wrmsr\n"
		"2:\n"
		" .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (2b) - .\n"
		" .long 8 \n"
		" .popsection\n"
		: : "c" (msr), "a" (low), "d" (high) : "memory");
}

/* shape: arch/x86/include/asm/msr.h: native_read_msr_safe() "1: rdmsr ; xor %[err],%[err]" + _ASM_EXTABLE_TYPE_REG (a .macro with .irp/.ifc defined, used and purged) */
/* expect: gcc_count=33 est_insns=2 kind=extable */
__attribute__((noinline)) u64 t_rdmsr_safe(unsigned int msr, int *err)
{
	u32 low, high;

	__asm__ __volatile__(
		"1: rdmsr ; xor %[err],%[err]\n"
		"2:\n"
		"\t .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (2b) - .\n"
		".macro extable_type_reg type:req reg:req\n"
		".set .Lfound, 0\n"
		".set .Lregnr, 0\n"
		".irp rs,rax,rcx,rdx,rbx,rsp,rbp,rsi,rdi,r8,r9,r10,r11,r12,r13,r14,r15\n"
		".ifc \\reg, %%\\rs\n"
		".set .Lfound, .Lfound+1\n"
		".long \\type + (.Lregnr << 8)\n"
		".endif\n"
		".set .Lregnr, .Lregnr+1\n"
		".endr\n"
		".set .Lregnr, 0\n"
		".irp rs,eax,ecx,edx,ebx,esp,ebp,esi,edi,r8d,r9d,r10d,r11d,r12d,r13d,r14d,r15d\n"
		".ifc \\reg, %%\\rs\n"
		".set .Lfound, .Lfound+1\n"
		".long \\type + (.Lregnr << 8)\n"
		".endif\n"
		".set .Lregnr, .Lregnr+1\n"
		".endr\n"
		".if (.Lfound != 1)\n"
		".error \"extable_type_reg: bad register argument\"\n"
		".endif\n"
		".endm\n"
		"extable_type_reg reg=%[err], type=11 \n"
		".purgem extable_type_reg\n"
		" .popsection\n"
		: [err] "=r" (*err), "=a" (low), "=d" (high)
		: "c" (msr));
	return ((u64)high << 32) | low;
}

/* shape: arch/x86/include/asm/msr.h: native_write_msr_safe() _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_WRMSR_SAFE, %[err]) */
/* expect: gcc_count=33 est_insns=2 kind=extable */
__attribute__((noinline)) int t_wrmsr_safe(unsigned int msr, u32 low, u32 high)
{
	int err;

	__asm__ __volatile__(
		"1: wrmsr ; xor %[err],%[err]\n"
		"2:\n"
		"\t .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (2b) - .\n"
		".macro extable_type_reg type:req reg:req\n"
		".set .Lfound, 0\n"
		".set .Lregnr, 0\n"
		".irp rs,rax,rcx,rdx,rbx,rsp,rbp,rsi,rdi,r8,r9,r10,r11,r12,r13,r14,r15\n"
		".ifc \\reg, %%\\rs\n"
		".set .Lfound, .Lfound+1\n"
		".long \\type + (.Lregnr << 8)\n"
		".endif\n"
		".set .Lregnr, .Lregnr+1\n"
		".endr\n"
		".set .Lregnr, 0\n"
		".irp rs,eax,ecx,edx,ebx,esp,ebp,esi,edi,r8d,r9d,r10d,r11d,r12d,r13d,r14d,r15d\n"
		".ifc \\reg, %%\\rs\n"
		".set .Lfound, .Lfound+1\n"
		".long \\type + (.Lregnr << 8)\n"
		".endif\n"
		".set .Lregnr, .Lregnr+1\n"
		".endr\n"
		".if (.Lfound != 1)\n"
		".error \"extable_type_reg: bad register argument\"\n"
		".endif\n"
		".endm\n"
		"extable_type_reg reg=%[err], type=10 \n"
		".purgem extable_type_reg\n"
		" .popsection\n"
		: [err] "=a" (err)
		: "c" (msr), "0" (low), "d" (high)
		: "memory");
	return err;
}

/* shape: arch/x86/include/asm/segment.h: __loadsegment_simple(ds, value) with _ASM_EXTABLE_TYPE_REG(1b, 1b, EX_TYPE_ZERO_REG, %k0) */
/* expect: gcc_count=32 est_insns=1 kind=extable */
__attribute__((noinline)) void t_loadsegment_ds(unsigned short v)
{
	unsigned short val = v;

	__asm__ __volatile__(
		"\t\t\t\t\t\t\n"
		"1:\tmovl %k0,%%ds\t\t\n"
		" .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (1b) - .\n"
		".macro extable_type_reg type:req reg:req\n"
		".set .Lfound, 0\n"
		".set .Lregnr, 0\n"
		".irp rs,rax,rcx,rdx,rbx,rsp,rbp,rsi,rdi,r8,r9,r10,r11,r12,r13,r14,r15\n"
		".ifc \\reg, %%\\rs\n"
		".set .Lfound, .Lfound+1\n"
		".long \\type + (.Lregnr << 8)\n"
		".endif\n"
		".set .Lregnr, .Lregnr+1\n"
		".endr\n"
		".set .Lregnr, 0\n"
		".irp rs,eax,ecx,edx,ebx,esp,ebp,esi,edi,r8d,r9d,r10d,r11d,r12d,r13d,r14d,r15d\n"
		".ifc \\reg, %%\\rs\n"
		".set .Lfound, .Lfound+1\n"
		".long \\type + (.Lregnr << 8)\n"
		".endif\n"
		".set .Lregnr, .Lregnr+1\n"
		".endr\n"
		".if (.Lfound != 1)\n"
		".error \"extable_type_reg: bad register argument\"\n"
		".endif\n"
		".endm\n"
		"extable_type_reg reg=%k0, type=(17 | ((0) << 16)) \n"
		".purgem extable_type_reg\n"
		" .popsection\n"
		: "+r" (val) : : "memory");
}

/* shape: arch/x86/include/asm/segment.h: __loadsegment_fs() _ASM_EXTABLE_TYPE(1b, 2b, EX_TYPE_CLEAR_FS) */
/* expect: gcc_count=10 est_insns=1 kind=extable */
__attribute__((noinline)) void t_loadsegment_fs(unsigned short value)
{
	__asm__ __volatile__(
		"\t\t\t\t\t\t\n"
		"1:\tmovw %0, %%fs\t\t\t\n"
		"2:\t\t\t\t\t\n"
		" .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (2b) - .\n"
		" .long 5 \n"
		" .popsection\n"
		: : "rm" (value) : "memory");
}

/* shape: arch/x86/kernel/fpu/xstate.h: XSTATE_OP(XRSTOR, ...) ".byte " REX_PREFIX "0x0f,0xae,0x2f" + _ASM_EXTABLE_TYPE(1b, 2b, EX_TYPE_FAULT_MCE_SAFE) */
/* expect: gcc_count=10 est_insns=2 kind=extable */
__attribute__((noinline)) int t_xstate_xrstor(struct xregs_state *st, u32 lmask, u32 hmask)
{
	int err;

	__asm__ __volatile__(
		"1:.byte 0x48, 0x0f,0xae,0x2f\n"
		"\txor %[err], %[err]\n"
		"2:\n"
		"\t .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (1b) - .\n"
		" .long (2b) - .\n"
		" .long 15 \n"
		" .popsection\n"
		: [err] "=a" (err)
		: "D" (st), "m" (*st), "a" (lmask), "d" (hmask)
		: "memory");
	return err;
}

/* shape: arch/x86/kernel/fpu/xstate.h: XSTATE_XSAVE() ALTERNATIVE_3(XSAVE, XSAVEOPT, ..., XSAVEC, ..., XSAVES, ...) of .byte encodings + _ASM_EXTABLE_TYPE_REG(661b, 3b, ...) */
/* expect: gcc_count=71 est_insns=2 kind=alternative */
__attribute__((noinline)) int t_xstate_xsave(struct xregs_state *st, u32 lmask, u32 hmask)
{
	int err;

	__asm__ __volatile__(
		"# ALT: oldinstr3\n"
		"661:\n"
		"\t.byte 0x48, 0x0f,0xae,0x27\n"
		"662:\n"
		"# ALT: padding3\n"
		".skip -((((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) ^ (((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) ^ (6653f-6643f)) & -(-((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) < (6653f-6643f))))) - (662b-661b)) > 0) * (((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) ^ (((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) ^ (6653f-6643f)) & -(-((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f)))))) < (6653f-6643f))))) - (662b-661b)), 0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word (10*32+ 0)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		" .long 661b - .\n"
		" .long 6642f - .\n"
		" .word (10*32+ 1)\n"
		" .byte 663b-661b\n"
		" .byte 6652f-6642f\n"
		" .long 661b - .\n"
		" .long 6643f - .\n"
		" .word (10*32+ 3)\n"
		" .byte 663b-661b\n"
		" .byte 6653f-6643f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\t.byte 0x48, 0x0f,0xae,0x37\n"
		"6651:\n"
		"# ALT: replacement 2\n"
		"6642:\n"
		"\t.byte 0x48, 0x0f,0xc7,0x27\n"
		"6652:\n"
		"# ALT: replacement 3\n"
		"6643:\n"
		"\t.byte 0x48, 0x0f,0xc7,0x2f\n"
		"6653:\n"
		".popsection\n"
		"\n"
		"xor %[err], %[err]\n"
		"3:\n"
		" .pushsection \"__ex_table\",\"a\"\n"
		" .balign 4\n"
		" .long (661b) - .\n"
		" .long (3b) - .\n"
		".macro extable_type_reg type:req reg:req\n"
		".set .Lfound, 0\n"
		".set .Lregnr, 0\n"
		".irp rs,rax,rcx,rdx,rbx,rsp,rbp,rsi,rdi,r8,r9,r10,r11,r12,r13,r14,r15\n"
		".ifc \\reg, %%\\rs\n"
		".set .Lfound, .Lfound+1\n"
		".long \\type + (.Lregnr << 8)\n"
		".endif\n"
		".set .Lregnr, .Lregnr+1\n"
		".endr\n"
		".set .Lregnr, 0\n"
		".irp rs,eax,ecx,edx,ebx,esp,ebp,esi,edi,r8d,r9d,r10d,r11d,r12d,r13d,r14d,r15d\n"
		".ifc \\reg, %%\\rs\n"
		".set .Lfound, .Lfound+1\n"
		".long \\type + (.Lregnr << 8)\n"
		".endif\n"
		".set .Lregnr, .Lregnr+1\n"
		".endr\n"
		".if (.Lfound != 1)\n"
		".error \"extable_type_reg: bad register argument\"\n"
		".endif\n"
		".endm\n"
		"extable_type_reg reg=%[err], type=(17 | ((-14) << 16)) \n"
		".purgem extable_type_reg\n"
		" .popsection\n"
		: [err] "=r" (err)
		: "D" (st), "m" (*st), "a" (lmask), "d" (hmask)
		: "memory");
	return err;
}
