#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# runtime-driver.sh ROOT ASMSCAN — experiment.sh runtime end to end with a
# stand-in for QEMU that runs the initramfs's /init natively with the
# guest arguments of -append, writing to the second -serial file: the
# boot order (OLD NEW alternating, then the count boots), the files kept,
# the report, the progress on stderr; then every input error with its
# message and exit code.  Booting real kernels is runtime-boot (slow).
set -euo pipefail
ROOT=${1:?usage: $0 ROOT ASMSCAN}
ASMSCAN=${2:?usage: $0 ROOT ASMSCAN}
TEST=scripts-runtime-driver
. "$ROOT/tests/lib/lib.sh"
clean_workdir
need python3 cc cpio nm
EX=$ROOT/scripts/experiment/experiment.sh

cat >fake-qemu <<'PY'
#!/usr/bin/env python3
import os, subprocess, sys, tempfile
a = sys.argv[1:]
opt = lambda k: a[a.index(k) + 1]
serials = [a[i + 1][5:] for i, v in enumerate(a) if v == '-serial']
kernel_args, _, guest = opt('-append').partition(' -- ')
with open(os.environ['FAKE_QEMU_LOG'], 'a') as f:
    f.write(f"{opt('-kernel')} | {' '.join(a[a.index('-accel'):])} | {opt('-append')}\n")
d = tempfile.mkdtemp()
subprocess.run(['cpio', '-id', '--quiet', 'init'], cwd=d, stdin=open(opt('-initrd'), 'rb'), check=True)
args = [x for x in guest.split() if not x.startswith(('out=', 'profile=', 'settle='))]
with open(serials[0], 'w') as f:
    f.write('[    0.000000] Linux version (fake)\nreboot: Power down\n')
with open(serials[1], 'w') as out:
    sys.exit(subprocess.run([os.path.join(d, 'init'), 'dir=' + d] + args, stdout=out).returncode)
PY
chmod +x fake-qemu
export FAKE_QEMU_LOG=$PWD/qemu.log

# Two "kernels": a bzImage with the x86 boot header, and an ELF x86-64
# executable as vmlinux (asmscan diff finds no callee changed: both the same).
mkkernel() {
	mkdir -p "$1"
	python3 -c "
import sys
b = bytearray(0x400); b[0x1fe:0x200] = b'\x55\xaa'; b[0x202:0x206] = b'HdrS'
open(sys.argv[1], 'wb').write(b)" "$1/bzImage"
	cc -O0 -o "$1/vmlinux" -x c - <<<'int main(void) { return 0; }'
}
mkkernel old
mkkernel new

expect 0 "$EX" -a "$ASMSCAN" -o out runtime --qemu "$PWD/fake-qemu" -b 2 -c 1 \
	--workloads getpid,stat --ops getpid=300 --scale 0.01 old new
R=out/runtime
for f in runtime.txt runtime.json runtime.png callees.json diff.json settings.json initramfs.cpio; do
	[ -s "$R/$f" ] || fail "no $R/$f"
done
ls "$R/boots" | grep '\.txt$' >boots.txt
printf '%s\n' 01-old-time.txt 02-new-time.txt 03-old-time.txt 04-new-time.txt \
	05-old-count.txt 06-new-count.txt | cmp -s - boots.txt || fail "boots: $(cat boots.txt)"
[ "$(grep -c . qemu.log)" = 6 ] || fail "qemu ran $(grep -c . qemu.log) times"
awk -F' [|] ' 'NR % 2 == 1 && $1 !~ /\/old\/bzImage$/ || NR % 2 == 0 && $1 !~ /\/new\/bzImage$/ { exit 1 }' qemu.log ||
	fail "not alternating old new: $(cat qemu.log)"
grep -q -- '-accel tcg -icount shift=0,sleep=off -rtc base=2026-01-01T00:00:00,clock=vm' qemu.log &&
	grep -q -- '-rtc base=2026-01-01T00:01:00,clock=vm' qemu.log || fail "icount or RTC: $(cat qemu.log)"
sed -n 1p qemu.log | grep -q 'console=ttyS0 .* -- out=/dev/ttyS1 repeat=1 scale=0.01 settle=5 workloads=getpid,stat getpid=300$' ||
	fail "kernel command line: $(sed -n 1p qemu.log)"
sed -n 5p qemu.log | grep -q 'profile=/callees/old.txt kprobes=100$' || fail "count boot: $(sed -n 5p qemu.log)"
grep -q '^runtime: \[3/6\] booting old (instructions)' err.txt &&
	grep -q '^runtime: \[6/6\] new done in ' err.txt || fail "progress: $(cat err.txt)"
python3 - "$R/runtime.json" <<'PY' || fail "report: $(cat "$R/runtime.txt")"
import json, sys
r = json.load(open(sys.argv[1]))
assert [w['name'] for w in r['workloads']] == ['getpid', 'stat'], r['workloads']
g = r['workloads'][0]
assert g['ops'] == 300 and len(g['old']['per_op']) == 2 and len(g['new']['per_op']) == 2, g
assert r['workloads'][1]['ops'] == 300, r['workloads'][1]
assert r['boots'] == {'old': 2, 'new': 2} and r['count_boots'] == {'old': 1, 'new': 1}, r
assert r['callees']['callees'] == 0, r['callees']
PY
grep -Eq '^getpid +300 ' "$R/runtime.txt" || fail "text: $(cat "$R/runtime.txt")"
grep -q 'runtime: written' err.txt || fail "no final line: $(cat err.txt)"

# Which callees are counted: a stand-in asmscan whose diff names a lost
# and a gained function, a thunk, a static-call trampoline and a function
# no kernel has; the kernels' symbols come from nm.
cat >fake-asmscan <<'PY'
#!/usr/bin/env python3
import json, sys
c = lambda name, cls, d, t=0: {'name': name, 'class': cls, 'delta': d, 'tail_delta': t}
out = sys.argv[sys.argv.index('-o') + 1]
json.dump({'callees': [c('lost_one', 'plain', -3), c('gained_one', 'plain', 2),
                       c('__x86_indirect_thunk_rax', 'thunk', -5), c('__SCT__might_resched', 'plain', -4),
                       c('absent_fn', 'plain', 0, -1), c('clone_fn.isra', 'plain', -2)]}, open(out, 'w'))
PY
chmod +x fake-asmscan
for k in old new; do
	cc -O0 -o "$k/vmlinux" -x c - <<<'void lost_one(void) {} void gained_one(void) {} int main(void) { return 0; }'
done
cc -O0 -c -o clone.o -x c - <<<'void clone_fn(void) {}'
objcopy --redefine-sym clone_fn=clone_fn.isra.0 clone.o
cc -O0 -o old/vmlinux clone.o -x c - <<<'void lost_one(void) {} void gained_one(void) {} int main(void) { return 0; }'
for which in lost changed; do
	expect 0 python3 "$ROOT/scripts/experiment/runtime/runtime.py" --qemu "$PWD/fake-qemu" --asmscan "$PWD/fake-asmscan" \
		-o sel-$which -b 1 -c 1 --callees $which --workloads getpid --ops getpid=10 old new
	python3 - sel-$which/callees.json $which <<'PY' || fail "callees ($which): $(cat sel-$which/callees.json)"
import json, sys
c = json.load(open(sys.argv[1]))['callees']
want = ['lost_one', 'clone_fn.isra', 'absent_fn'] + (['gained_one'] if sys.argv[2] == 'changed' else [])
assert sorted(c) == sorted(want), sorted(c)
assert c['lost_one']['symbols'] == {'old': ['lost_one'], 'new': ['lost_one']}, c['lost_one']
assert c['clone_fn.isra']['symbols'] == {'old': ['clone_fn.isra.0'], 'new': []}, c['clone_fn.isra']
assert c['absent_fn']['symbols'] == {'old': [], 'new': []} and c['absent_fn']['tail_delta'] == -1
PY
	mkdir x-$which
	(cd x-$which && cpio -id --quiet 'callees/*' <../sel-$which/initramfs.cpio)
	# The largest change first: the guest's kprobe cap keeps those.
	printf 'lost_one\nclone_fn.isra.0\n' | cmp -s - x-$which/callees/old.txt ||
		[ $which = changed ] || fail "old symbols ($which): $(cat x-$which/callees/old.txt)"
done
printf 'lost_one\nclone_fn.isra.0\ngained_one\n' | cmp -s - x-changed/callees/old.txt ||
	fail "old symbols (changed): $(cat x-changed/callees/old.txt)"
printf 'lost_one\ngained_one\n' | cmp -s - x-changed/callees/new.txt ||
	fail "new symbols (changed): $(cat x-changed/callees/new.txt)"

# Input errors: exit 2 and a message that says what to do.
RT=(python3 "$ROOT/scripts/experiment/runtime/runtime.py" --qemu "$PWD/fake-qemu" -o bad)
expect 2 "${RT[@]}" nosuch new
grep -q "nosuch: not a directory" err.txt || fail "$(cat err.txt)"
mkdir empty
expect 2 "${RT[@]}" empty new
grep -q '/empty: no bzImage (looked for' err.txt || fail "$(cat err.txt)"
mkdir notk && cp old/vmlinux notk/ && echo text >notk/bzImage
expect 2 "${RT[@]}" notk new
grep -q 'notk/bzImage: not a bzImage' err.txt || fail "$(cat err.txt)"
mkdir novml && cp old/bzImage novml/ && echo text >novml/vmlinux
expect 2 "${RT[@]}" old novml
grep -q 'novml/vmlinux: not an x86-64 ELF file' err.txt || fail "$(cat err.txt)"
expect 2 python3 "$ROOT/scripts/experiment/runtime/runtime.py" --qemu /nonexistent/qemu-system-x86_64 old new
grep -q 'install the package qemu-system-x86' err.txt || fail "no qemu: $(cat err.txt)"
expect 2 "${RT[@]}" --asmscan /nonexistent/asmscan old new
grep -q 'no asmscan' err.txt || fail "no asmscan: $(cat err.txt)"
for bad in "--boots 0" "--ops nope=3" "--ops getpid=0" "--workloads getpid,nope" "--accel xen" \
	"--count-boots -1" "--max-kprobes -1" "--scale 0" "--no-such-option" "--boot 2"; do
	# shellcheck disable=SC2086
	expect 2 "${RT[@]}" $bad old new
done
expect 2 "${RT[@]}" old
# A boot that fails: exit 1, and the console's last lines are shown.
cat >dead-qemu <<'SH'
#!/bin/sh
for a; do case $prev in -serial) f=${a#file:}; [ -n "$first" ] || { first=1; echo "Kernel panic - not syncing: test" >"$f"; }; esac; prev=$a; done
exit 0
SH
chmod +x dead-qemu
expect 1 python3 "$ROOT/scripts/experiment/runtime/runtime.py" --qemu "$PWD/dead-qemu" -c 0 -b 1 -o dead old new
grep -q '01-old-time: the benchmark printed no result' err.txt && grep -q 'Kernel panic - not syncing: test' err.txt ||
	fail "dead boot: $(cat err.txt)"
pass
