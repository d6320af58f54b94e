/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, i386-code16 (gcc -m16): the real-mode code.
 *
 * Kbuild compiles the C files of arch/x86/realmode/rm (and arch/x86/boot)
 * with -m16: GCC prints ".code16gcc" first and the assembler makes 16-bit
 * code.  These are the templates of those units (Linux 6.1.192,
 * x86_64_defconfig), copied from the plugin's records of the real
 * compiles and written over plain globals with the kernel's operands in
 * the kernel's order.  The two comment lines above each function are the
 * harness contract:
 *   shape:  kernel header and macro the template comes from
 *   expect: gcc_count (GCC inliner charge), est_insns (instructions the
 *           statement leaves in the function's own section, a run of
 *           one-byte nops counted once), kind (sections written)
 */

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

/* shape: arch/x86/boot/boot.h: ds() */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) u16 t_ds(void)
{
	u16 seg;

	__asm__("movw %%ds,%0" : "=rm" (seg));
	return seg;
}

/* shape: arch/x86/boot/boot.h: set_fs() */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_set_fs(u16 seg)
{
	__asm__ __volatile__("movw %0,%%fs" : : "rm" (seg));
}

/* shape: arch/x86/boot/boot.h: gs() */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) u16 t_gs(void)
{
	u16 seg;

	__asm__ __volatile__("movw %%gs,%0" : "=rm" (seg));
	return seg;
}

/* shape: arch/x86/boot/boot.h: rdfs8() */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) u8 t_rdfs8(u32 addr)
{
	u8 *ptr = (u8 *)addr;
	u8 v;

	__asm__ __volatile__("movb %%fs:%1,%0" : "=q" (v) : "m" (*ptr));
	return v;
}

/* shape: arch/x86/boot/boot.h: rdfs16() */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) u16 t_rdfs16(u32 addr)
{
	u16 *ptr = (u16 *)addr;
	u16 v;

	__asm__ __volatile__("movw %%fs:%1,%0" : "=r" (v) : "m" (*ptr));
	return v;
}

/* shape: arch/x86/include/asm/shared/io.h: BUILDIO(b, b, u8) __outb() */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_outb(u8 value, u16 port)
{
	__asm__ __volatile__("outb %b0, %w1" : : "a"(value), "Nd"(port));
}

/* shape: arch/x86/include/asm/shared/io.h: BUILDIO(b, b, u8) __inb() */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) u8 t_inb(u16 port)
{
	u8 value;

	__asm__ __volatile__("inb %w1, %b0" : "=a"(value) : "Nd"(port));
	return value;
}

/* shape: arch/x86/realmode/rm/wakemain.c: main(), the video BIOS POST call */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_video_post(void)
{
	__asm__ __volatile__("lcallw   $0xc000,$3");
}
