#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# spelling.sh PLUGIN CC — where a statement written with the kernel's
# asm_inline is spelled (docs/reference/format.md: "the line a developer changes").
# GCC's spelling location of such a statement's asm keyword is the
# "#define asm_inline asm __inline" of compiler_types.h, which spells no
# statement: the records must name the line that uses asm_inline.
# spelling/spelling.c, with "site:" tags on the expected lines, has it in
# a header's macro (alternative()), in the file itself, in a macro
# argument and through an alias of asm_inline, and a plain asm; compiled
# as it is (asm_inline is "asm __inline") and with -DNO_ASM_INLINE
# (asm_inline is "asm", and the statements are flagged):
#   - each record's spelling_file/spelling_line is its function's tagged
#     line, file/line the expansion point as before;
#   - with -DNO_ASM_INLINE, mode=apply sites=alternative.h:LINE marks
#     exactly f_macro's statement, and sites= at the #define of
#     asm_inline marks nothing.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool python3
clean_workdir

dir=$TESTDIR/spelling
for v in inline asm; do
	def=
	[ $v = inline ] || def=-DNO_ASM_INLINE
	"$CC" -O2 -c -I"$dir/include" $def -fplugin="$PLUGIN" -fplugin-arg-asminline-diag=none \
		-fplugin-arg-asminline-report=$v.jsonl -o $v.o "$dir/spelling.c" 2>$v.err ||
		fail "$v: compile failed: $(tail -3 $v.err)"
done
alt=$(grep -n 'site: alt' "$dir/include/alternative.h" | cut -d: -f1)
def=$(grep -n '^#define asm_inline asm$' "$dir/include/compiler_types.h" | cut -d: -f1)
for site in "$dir/include/alternative.h:$alt" "$dir/include/compiler_types.h:$def"; do
	"$CC" -O2 -c -I"$dir/include" -DNO_ASM_INLINE -fplugin="$PLUGIN" \
		-fplugin-arg-asminline-diag=none -fplugin-arg-asminline-mode=apply \
		-fplugin-arg-asminline-sites="$site" \
		-fplugin-arg-asminline-report=apply-$(basename "${site%:*}").jsonl \
		-o apply.o "$dir/spelling.c" 2>apply.err || fail "sites=$site: compile failed: $(tail -3 apply.err)"
done

python3 - "$dir" <<'PY' || exit 1
import json, os, re, sys
d = sys.argv[1]
def tags(path):
    with open(path) as f:
        return {m[1]: n for n, line in enumerate(f, 1) for m in [re.search(r"site: (\w+)", line)] if m}
src, hdr = os.path.join(d, "spelling.c"), os.path.join(d, "include", "alternative.h")
t, th = tags(src), tags(hdr)
want = {"f_macro": (hdr, th["alt"]), "f_direct": (src, t["direct"]), "f_arg": (src, t["arg"]),
        "f_alias": (src, t["alias"]), "f_plain": (src, t["plain"])}
def fail(msg):
    sys.exit("spelling: FAIL: " + msg)
def records(path):
    with open(path) as f:
        return [r for r in map(json.loads, f) if r["record"] == "asm"]
for v, inline in (("inline", True), ("asm", False)):
    recs = records(v + ".jsonl")
    if sorted(r["function"] for r in recs) != sorted(want):
        fail(f"{v}: records of {sorted(r['function'] for r in recs)}")
    for r in recs:
        f, line = want[r["function"]]
        got = (os.path.realpath(r["spelling_file"]), r["spelling_line"])
        if got != (os.path.realpath(f), line):
            fail(f"{v}: {r['function']}: spelled at {r['spelling_file']}:{r['spelling_line']}, "
                 f"expected {os.path.basename(f)}:{line}")
        if os.path.realpath(r["file"]) != os.path.realpath(src):
            fail(f"{v}: {r['function']}: file {r['file']}, not the expansion point in spelling.c")
        if r["function"] != "f_plain" and r["asm_inline"] != inline:
            fail(f"{v}: {r['function']}: asm_inline {r['asm_inline']}")
        if r["flagged"] == inline and r["function"] != "f_plain":
            fail(f"{v}: {r['function']}: flagged {r['flagged']}")
    print(f"spelling: {v}: {len(recs)} records, each spelled on its tagged line")
marked = {os.path.basename(p): [r["function"] for r in records(p) if r["applied"]]
          for p in ("apply-alternative.h.jsonl", "apply-compiler_types.h.jsonl")}
if marked != {"apply-alternative.h.jsonl": ["f_macro"], "apply-compiler_types.h.jsonl": []}:
    fail(f"sites= marked {marked}")
print("spelling: sites=alternative.h:LINE marks f_macro's statement, the #define of asm_inline nothing")
PY
pass "asm_inline statements spelled where asm_inline is written, not at its #define"
