#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# runtime-initramfs.sh ROOT — the runtime experiment's initramfs, checked
# with cpio(1) as the independent reader: /init is there, executable
# (0755), statically linked and byte for byte the benchmark; /dev/console
# is the character device 5:1; the symbol lists sit at /callees/*.txt;
# the same inputs give the same archive; initramfs.py's own errors exit 2.
set -euo pipefail
ROOT=${1:?usage: $0 ROOT}
TEST=scripts-runtime-initramfs
. "$ROOT/tests/lib/lib.sh"
clean_workdir
need python3 cc cpio readelf
RT=$ROOT/scripts/experiment/runtime
expect 0 python3 "$RT/runtime.py" --prepare-only -o prep
A=prep/initramfs.cpio

cpio -itv --quiet <"$A" >list.txt || fail "cpio cannot read $A"
grep -Eq '^-rwxr-xr-x +1 root +root +[0-9]+ .* init$' list.txt || fail "/init: $(cat list.txt)"
grep -Eq '^crw------- +1 root +root +5, +1 .* dev/console$' list.txt || fail "/dev/console: $(cat list.txt)"
for f in callees/old.txt callees/new.txt; do
	grep -Eq "^-rw-r--r-- .* $f\$" list.txt || fail "$f: $(cat list.txt)"
done
for d in dev proc sys tmp callees; do
	grep -Eq "^drwxr-xr-x .* $d\$" list.txt || fail "directory $d: $(cat list.txt)"
done
mkdir x
(cd x && cpio -id --quiet --no-absolute-filenames init <"../$A") || fail "cpio cannot extract init"
cmp x/init prep/asminline-bench || fail "/init is not the benchmark"
readelf -hlW x/init >elf.txt
grep -Eq 'Type: +EXEC' elf.txt && ! grep -q INTERP elf.txt || fail "/init not static: $(head -20 elf.txt)"
# The archive is padded to 512 bytes as cpio pads it.
[ $(($(stat -c %s "$A") % 512)) -eq 0 ] || fail "not a multiple of 512 bytes"

# initramfs.py by itself: extra files, determinism, errors.
printf 'a\nb\n' >syms.txt
expect 0 python3 "$RT/initramfs.py" -o one.cpio prep/asminline-bench /deep/dir/syms.txt=syms.txt
expect 0 python3 "$RT/initramfs.py" -o two.cpio prep/asminline-bench /deep/dir/syms.txt=syms.txt
cmp one.cpio two.cpio || fail "the same inputs gave two archives"
cpio -it --quiet <one.cpio >list2.txt
grep -qx deep list2.txt && grep -qx deep/dir list2.txt && grep -qx deep/dir/syms.txt list2.txt ||
	fail "parents of an extra file: $(cat list2.txt)"
(mkdir y && cd y && cpio -id --quiet deep/dir/syms.txt <../one.cpio) && cmp y/deep/dir/syms.txt syms.txt ||
	fail "extra file content"
expect 2 python3 "$RT/initramfs.py" -o bad.cpio /nonexistent/init
grep -q 'initramfs: .*No such file' err.txt || fail "missing INIT: $(cat err.txt)"
expect 2 python3 "$RT/initramfs.py" -o bad.cpio syms.txt
grep -q 'not an executable file' err.txt || fail "non-executable INIT: $(cat err.txt)"
expect 2 python3 "$RT/initramfs.py" -o bad.cpio prep/asminline-bench relative=syms.txt
expect 2 python3 "$RT/initramfs.py" -o bad.cpio prep/asminline-bench /x
[ ! -e bad.cpio ] || fail "an archive was written despite an error"
pass
