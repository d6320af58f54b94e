#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# install.sh PLUGIN CC BUILD — `cmake --install` into a DESTDIR, twice:
# with prefix /usr and with prefix /opt/asminline.  Each time asminline.so
# must land in the plugin directory of CC (`CC -print-file-name=plugin`),
# whatever the prefix, byte-identical to the built one and naming none
# of the tests' variables (ASMINLINE_TEST_...); asmscan and the
# man pages under the prefix.  Then GCC loads the DESTDIR copy as
# `-fplugin=asminline` (`-iplugindir=` points it there): the dynamic
# loader's own trace (LD_DEBUG=files) names the file cc1 opened, and the
# object carries the embedded records.  Oracles: CC itself, ld.so,
# tests/plugin/embedded.py.
. "$(dirname "$0")/../plugin/lib.sh"
BUILD=${3:?usage: $0 PLUGIN CC BUILD}
need_x86_64
need_tool cmake python3 objcopy
clean_workdir

plugindir=$("$CC" -print-file-name=plugin)
case $plugindir in
/*) ;;
*) fail "$CC -print-file-name=plugin gave '$plugindir', not a directory" ;;
esac

for prefix in /usr /opt/asminline; do
	root=$PWD/root${prefix//\//-}
	DESTDIR=$root cmake --install "$BUILD" --prefix "$prefix" >install.log 2>&1 ||
		{ cat install.log; fail "cmake --install --prefix $prefix"; }
	cmp "$PLUGIN" "$root$plugindir/asminline.so" ||
		fail "prefix $prefix: $root$plugindir/asminline.so is not the built plugin"
	# The tests' switches (plugin/edges/edge-rerun-switch.h) are not in it.
	! grep -aq ASMINLINE_TEST_ "$root$plugindir/asminline.so" ||
		fail "prefix $prefix: the installed plugin reads the tests' variables"
	for f in bin/asmscan bin/asminline-check share/man/man1/asmscan.1.gz share/man/man7/asminline.7.gz; do
		[ -f "$root$prefix/$f" ] || fail "prefix $prefix: $prefix/$f not installed"
	done
	"$root$prefix/bin/asmscan" --version | grep -q '^asmscan ' ||
		fail "the installed asmscan does not run"
	[ -x "$root$prefix/bin/asminline-check" ] &&
		"$root$prefix/bin/asminline-check" --help | grep -q 'make C=1' ||
		fail "the installed asminline-check does not run"
	# Nothing else: every installed file is one of those five.
	n=$(find "$root" -type f | wc -l)
	[ "$n" -eq 5 ] || { find "$root" -type f; fail "prefix $prefix: $n files installed, expected 5"; }
done
echo "install: asminline.so in $plugindir for both prefixes; asmscan, asminline-check, asmscan.1, asminline.7 under each prefix"

# Load the installed copy by name.  LD_DEBUG goes to stderr of cc1 too.
root=$PWD/root-usr
LD_DEBUG=files "$CC" -O2 -c "$TESTDIR/report.c" -o report.o \
	-iplugindir="$root$plugindir" -fplugin=asminline \
	-fplugin-arg-asminline-diag=none 2>ld.log ||
	{ tail -20 ld.log; fail "gcc -fplugin=asminline with -iplugindir= the DESTDIR copy"; }
grep -q "file=$root$plugindir/asminline.so .*dynamically loaded by" ld.log ||
	{ grep asminline ld.log; fail "cc1 did not load $root$plugindir/asminline.so"; }
python3 - "$TESTDIR" <<'PY' || fail "no embedded records from the installed plugin"
import sys
sys.path.insert(0, sys.argv[1])
import embedded
units, stmts = embedded.read("report.o")
assert len(units) == 1 and units[0]["tu"].endswith("report.c"), units
assert stmts and all(s["flagged"] for s in stmts), stmts
print(f"install: report.o: {len(stmts)} flagged records from -fplugin=asminline")
PY
pass "installed with DESTDIR and two prefixes; -fplugin=asminline loads the installed copy"
