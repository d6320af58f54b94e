#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# rerun.sh PLUGIN CC — the inliner's re-run (plugin/edges/edge-rerun.cc): a
# forked cc1 that runs GCC's IPA inliner again without the over-count.
#
#   1. it leaves no trace: with rerun=1 and rerun=0 the assembler output
#      (less the embedded records, which carry the answers),
#      also when it goes to stdout (-o -),
#      the -fdump-ipa-inline dump, the -fopt-info-inline file and stderr
#      (the notes) are byte-identical; the child wrote to none of them;
#   2. it answers: with rerun=1 every edge record of constructed.c says
#      "rerun":"inlined" or "refused" (verbose: "answered for N calls"),
#      and a record is blocked-by-asm exactly when the re-run inlined the
#      call or the early inliner's own look took it ("via":"early");
#      with rerun=0 every record says "none" and no child is started;
#      a child that dies (abort() as it is about to answer, injected by
#      the LD_PRELOAD shim rerun-shim.c; cc1 turns it into an internal
#      error, exit status 4) is noticed, once, by a note; the records are rerun=0's but for "unit_rerun": "failed"
#      (rerun=0: "off", an answer: "done"); tests/plugin/rerun-faults.py
#      injects every other fault, on a kernel unit;
#   3. it costs nothing where nothing is judged: a unit where no call
#      reaches flagged asm starts no child; one where a call does but
#      none is refused for size starts a child that is told to leave (no
#      answer line);
#   4. a bad value is refused, naming the flag.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool python3
clean_workdir

src=$TESTDIR/edges/constructed.c
base=(-O2 -S -fplugin="$PLUGIN" -fplugin-arg-asminline-verbose)

for r in 0 1; do
	"$CC" "${base[@]}" -fplugin-arg-asminline-rerun=$r \
		-fplugin-arg-asminline-report=r$r.jsonl \
		-fdump-ipa-inline=inline$r.dump \
		-fopt-info-inline-all=opt$r.txt \
		-o out$r.s "$src" 2>err$r.txt ||
		fail "rerun=$r: compile failed: $(tail -3 err$r.txt)"
done

# 1. No trace.  The verbose trace of the parent differs by design (the
# answer line and the records' verdicts): compare everything else.
# The embedded records (.ident "asminline/1 ...") carry the answers.
grep -v 'asminline/1 ' out0.s >code0.s
grep -v 'asminline/1 ' out1.s >code1.s
cmp -s code0.s code1.s || fail "assembler output differs between rerun=0 and rerun=1"
# The cgraph dump prints node addresses, which differ run to run (ASLR).
sed 's/@0x[0-9a-f]*//' inline0.dump >inline0.txt
sed 's/@0x[0-9a-f]*//' inline1.dump >inline1.txt
cmp -s inline0.txt inline1.txt || fail "the inline dump differs (the child wrote to it?)"
cmp -s opt0.txt opt1.txt || fail "the -fopt-info file differs (the child wrote to it?)"
grep -v '^asminline: ' err0.txt >notes0.txt || true
grep -v '^asminline: ' err1.txt >notes1.txt || true
cmp -s notes0.txt notes1.txt || fail "diagnostics differ between rerun=0 and rerun=1"
[ -s inline1.dump ] || fail "no inline dump written: the test checks nothing"
# Assembler output on stdout (-o -, as with -pipe): the child holds it
# until it is told to go on, then writes nothing to it.
"$CC" -O2 -S -fplugin="$PLUGIN" -o - "$src" >stdout1.s 2>/dev/null ||
	fail "compile to stdout failed"
"$CC" -O2 -S -fplugin="$PLUGIN" -o file1.s "$src" 2>/dev/null
cmp -s stdout1.s file1.s || fail "the assembler output on stdout differs from the file's"
[ -s opt1.txt ] || fail "no -fopt-info file written: the test checks nothing"

# 2. Answers.
grep -q "re-run answered for [1-9]" err1.txt ||
	fail "rerun=1: no answer from the re-run: $(grep 're-run' err1.txt)"
grep -q "re-run" err0.txt && fail "rerun=0 started a re-run"
python3 - r0.jsonl r1.jsonl <<'EOF' || exit 1
import json, sys
def edges(path):
    with open(path) as f:
        return [r for r in map(json.loads, f) if r["record"] == "edge"]
r0, r1 = edges(sys.argv[1]), edges(sys.argv[2])
if not r1 or len(r0) != len(r1):
    sys.exit("rerun: FAIL: %d records with rerun=0, %d with rerun=1" % (len(r0), len(r1)))
bad = [r for r in r0 if r["rerun"] != "none" or r["unit_rerun"] != "off"]
if bad:
    sys.exit("rerun: FAIL: rerun=0 record says %r, unit_rerun %r" % (bad[0]["rerun"], bad[0]["unit_rerun"]))
for r in r1:
    if r["unit_rerun"] != "done":
        sys.exit("rerun: FAIL: an answered unit's record says unit_rerun %r" % r["unit_rerun"])
    if r["rerun"] not in ("inlined", "refused"):
        sys.exit("rerun: FAIL: no answer for %s -> %s line %d" % (r["caller"], r["callee"], r["line"]))
    blocked = r["verdict"] == "blocked-by-asm"
    if blocked != (r["rerun"] == "inlined" or r["via"] == "early"):
        sys.exit("rerun: FAIL: %s -> %s line %d: verdict %s, rerun %s, via %s"
                 % (r["caller"], r["callee"], r["line"], r["verdict"], r["rerun"], r["via"]))
    if r["via"] == "rerun" and r["verdict"] != "blocked-by-asm":
        sys.exit("rerun: FAIL: via rerun on an 'other' verdict")
n = sum(r["rerun"] == "inlined" for r in r1)
print("rerun: %d records, %d inlined by the re-run, %d refused" % (len(r1), n, len(r1) - n))
EOF

# 2b. A child that dies answers nothing: the compile goes on, the records
# are the rule's (those of rerun=0, "rerun":"none"), the outputs the same.
# (After what is preloaded already: libasan first, in build-asan.)
"$CC" -shared -fPIC -O2 -o rerun-shim.so "$TESTDIR/rerun-shim.c" -ldl ||
	fail "cannot build rerun-shim.so"
ASMINLINE_SHIM_FAULT=abort LD_PRELOAD="${LD_PRELOAD:+$LD_PRELOAD:}$PWD/rerun-shim.so" \
	"$CC" "${base[@]}" \
	-fplugin-arg-asminline-report=rdead.jsonl -o dead.s "$src" 2>dead.err ||
	fail "a dead child failed the compile: $(tail -3 dead.err)"
grep -q "re-run gave no answer" dead.err ||
	fail "the child's death was not noticed: $(grep re-run dead.err)"
[ "$(grep -c "note: asminline: the inliner.s re-run failed for this unit: the child exited with status 4" dead.err)" = 1 ] ||
	fail "no single note for the dead child: $(grep re-run dead.err)"
grep -v 'asminline/1 ' dead.s >dead-code.s
cmp -s code0.s dead-code.s || fail "a dead child changed the assembler output"
python3 - r0.jsonl rdead.jsonl <<'EOF2' || exit 1
import json, sys
def edges(path, unit_rerun):
    with open(path) as f:
        recs = [r for r in map(json.loads, f) if r["record"] == "edge"]
    if any(r.pop("unit_rerun") != unit_rerun for r in recs):
        sys.exit("rerun: FAIL: %s: a record's unit_rerun is not %r" % (path, unit_rerun))
    return recs
if edges(sys.argv[1], "off") != edges(sys.argv[2], "failed"):
    sys.exit("rerun: FAIL: records after a dead child differ from rerun=0's")
EOF2

# 3. No call reaches the flagged asm: no child.  A call does, none is
# refused for size (noinline is another reason): the child is told to
# leave, no answer is read.
cat >small.c <<'EOF'
static inline void inc(int *p) { asm volatile(".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n.popsection\n671:\n\tlock; incl %0" : "+m"(*p)); }
void f(int *p) { inc(p); inc(p + 1); }
#ifdef CALLED
__attribute__((noinline)) void h(int *p) { inc(p); }
void g(int *p) { h(p); }
#endif
EOF
"$CC" "${base[@]}" -o small.s small.c 2>small.err || fail "small.c: compile failed"
grep -q "re-run answered\|re-run was not needed" small.err &&
	fail "small.c: a re-run started for a unit where no call reaches flagged asm"
grep -q "re-run was not started" small.err ||
	fail "small.c: no 'not started' line: $(grep -c . small.err) lines of trace"
"$CC" "${base[@]}" -DCALLED -o called.s small.c 2>called.err ||
	fail "small.c -DCALLED: compile failed"
grep -q "re-run answered" called.err && fail "a re-run ran for a unit with nothing refused"
grep -q "re-run was not needed" called.err ||
	fail "small.c -DCALLED: no child was started and released: $(grep -c . called.err) lines of trace"

# 4. Strict value.
if "$CC" -O2 -S -fplugin="$PLUGIN" -fplugin-arg-asminline-rerun=2 -o bad.s small.c 2>bad.err; then
	fail "rerun=2 was accepted"
fi
grep -q -- "-fplugin-arg-asminline-rerun=2" bad.err || fail "rerun=2: error does not name the flag: $(cat bad.err)"

pass "no trace in output, dumps or diagnostics; every record answered"
