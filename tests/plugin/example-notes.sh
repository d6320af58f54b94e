#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# example-notes.sh PLUGIN CC — the notes step of README command 1
# (scripts/dev/run-example.sh: examples/kernel-like/notes.sh): GCC prints the
# plugin's note for the asm of put_user_goto() in writer_report, charged
# 8 instructions where it emits 1, pointing at the macro's expansion in
# writer.c, and suggests asm_inline.  The step once printed nothing (the
# example's default diag-scope=file hides asm spelled in headers) and
# nothing noticed, as no test ran it.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool make
clean_workdir

CC="$CC" "$TESTDIR/../../examples/kernel-like/notes.sh" "$PLUGIN" "$PWD/out" >out.txt 2>err.txt ||
	{ cat out.txt err.txt >&2; fail "notes.sh failed"; }
cat out.txt
# GCC quotes with ‘’ in a UTF-8 locale and '' otherwise: any one character.
grep -q "note: .asm. in .writer_report. from macro .put_user_goto. is charged 8 instructions by the inliner but emits 1" out.txt ||
	fail "no note for put_user_goto's asm in writer_report"
grep -q "consider .asm_inline." out.txt || fail "the note does not suggest asm_inline"
grep -q "writer.c:21:9: note: in expansion of macro .put_user_goto." out.txt ||
	fail "the note does not point at the expansion in writer.c"
pass
