#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# runtime-boot.sh ROOT — slow: experiment.sh runtime booting a real kernel
# under QEMU TCG with -icount, Debian 12's Linux 6.12 cloud image (fetched
# once with apt-get download into the cache) as both OLD and NEW: every
# workload measured in every boot, the two kernels' boots of one pair
# identical to the instruction (the same kernel, command line and clock),
# so every difference is 0 and within the noise; the kernel powered off.
set -euo pipefail
ROOT=${1:?usage: $0 ROOT}
TEST=scripts-runtime-boot
. "$ROOT/tests/lib/lib.sh"
clean_workdir
need python3 cc cpio nm qemu-system-x86_64 apt-get dpkg-deb
cache=${ASMINLINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/asminline}/runtime-kernel
if [ ! -f "$cache/bzImage" ]; then
	pkg=$(apt-cache search --names-only '^linux-image-6\.12\.[0-9.]*\+deb12-cloud-amd64-unsigned$' |
		cut -d' ' -f1 | sort -V | tail -1)
	[ -n "$pkg" ] || no_kernel "apt knows no linux-image-6.12.*+deb12-cloud-amd64-unsigned (Debian 12's security suite)"
	mkdir -p "$cache.tmp"
	(cd "$cache.tmp" && apt-get download -q "$pkg" >/dev/null) || no_kernel "apt-get download $pkg failed"
	dpkg-deb -x "$cache.tmp"/*.deb "$cache.tmp/x"
	cp "$cache.tmp"/x/boot/vmlinuz-* "$cache.tmp/bzImage"
	mkdir -p "$cache" && mv "$cache.tmp/bzImage" "$cache/bzImage" && rm -rf "$cache.tmp"
fi
# The package has no vmlinux; nothing is counted (-c 0), so any x86-64
# ELF file stands in for it.
mkdir k
cp "$cache/bzImage" k/bzImage
cc -o k/vmlinux -x c - <<<'int main(void) { return 0; }'

expect 0 "$ROOT/scripts/experiment/experiment.sh" -o out runtime -b 2 -c 0 --scale 0.05 k k
cat out.txt
python3 - out/runtime/runtime.json <<'PY' || fail "report: $(cat out.txt)"
import json, sys
r = json.load(open(sys.argv[1]))
names = [w['name'] for w in r['workloads']]
assert names == ['getpid', 'pipe', 'futex', 'open', 'stat', 'rw', 'mmap', 'socket'], names
for w in r['workloads']:
    assert w['old']['per_op'] == w['new']['per_op'], w
    assert w['diff'] == 0 and w['verdict'] == 'within', w
    assert all(x > 50 for x in w['old']['per_op']), w
PY
grep -q 'reboot: Power down' out/runtime/boots/01-old-time.console || fail "no power-off on the console"
grep -q '^uname release=6\.12\.' out/runtime/boots/02-new-time.txt || fail "not the 6.12 kernel"
pass
