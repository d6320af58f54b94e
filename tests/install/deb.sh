#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# deb.sh PLUGIN CC BUILD — the .deb CPack makes from BUILD.
#   - dpkg-deb -c: asminline.so in CC's plugin directory, /usr/bin/asmscan,
#     /usr/bin/asminline-check, the two man pages, and nothing else;
#   - dpkg-deb -I: Depends names the package of the GCC at its version or
#     later, never pinned with "=" (found here with dpkg-query -S on CC),
#     and the package of every
#     shared library asmscan and the plugin need (objdump -p NEEDED,
#     resolved by ldconfig -p, owned per dpkg-query -S);
#   - unpacked into a scratch root (dpkg-deb -x), its asmscan runs and its
#     plugin loads as -fplugin=asminline (-iplugindir=) and embeds records;
#     the plugin names none of the tests' variables (ASMINLINE_TEST_...).
# Skipped without dpkg-deb and cpack (not a Debian system).
. "$(dirname "$0")/../plugin/lib.sh"
BUILD=${3:?usage: $0 PLUGIN CC BUILD}
need_x86_64
need_tool cpack dpkg-deb dpkg-query objdump ldconfig python3 objcopy
clean_workdir

cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$PWD" >cpack.log 2>&1 ||
	{ tail -20 cpack.log; fail "cpack -G DEB"; }
debs=(*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "cpack made no single .deb: ${debs[*]}"
deb=${debs[0]}
echo "deb: $deb"

plugindir=$("$CC" -print-file-name=plugin)
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { print $NF }' | sort >files.txt
printf '%s\n' ".$plugindir/asminline.so" ./usr/bin/asmscan ./usr/bin/asminline-check \
	./usr/share/man/man1/asmscan.1.gz ./usr/share/man/man7/asminline.7.gz |
	sort >expected-files.txt
diff expected-files.txt files.txt || fail "the package's files are not the expected five"

depends=$(dpkg-deb -f "$deb" Depends)
echo "deb: Depends: $depends"
gcc_real=$(readlink -f "$(command -v "$CC")")
gcc_pkg=$(dpkg-query -S "$gcc_real" | cut -d: -f1)
gcc_ver=$(dpkg-query -W -f='${Version}' "$gcc_pkg")
grep -qF "$gcc_pkg (>= $gcc_ver)" <<<"$depends" ||
	fail "Depends lacks '$gcc_pkg (>= $gcc_ver)', the package of $gcc_real"
# A security update of the compiler must not make the package uninstallable.
! grep -qE "(^|, )$gcc_pkg \\(= " <<<"$depends" ||
	fail "Depends pins $gcc_pkg to one version: $depends"
dep_names=$(tr ',' '\n' <<<"$depends" | awk '{ print $1 }')
mkdir root && dpkg-deb -x "$deb" root
# The tests' switches (plugin/edges/edge-rerun-switch.h) are not in it.
! grep -aq ASMINLINE_TEST_ "root$plugindir/asminline.so" ||
	fail "the packaged plugin reads the tests' variables"
for bin in root/usr/bin/asmscan "root$plugindir/asminline.so"; do
	for lib in $(objdump -p "$bin" | awk '$1 == "NEEDED" { print $2 }'); do
		# Every reader reads its whole input: a reader that stops early
		# (awk's exit, head -1) kills the writer with SIGPIPE now and
		# then, and with pipefail the test ended there, without a word.
		path=$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ && !p { p = $NF } END { print p }')
		[ -n "$path" ] || fail "$lib (needed by $bin) is not known to ldconfig"
		pkg=$(dpkg-query -S "$(readlink -f "$path")" 2>/dev/null | awk -F: 'NR == 1 { print $1 }') ||
			true
		[ -n "$pkg" ] || pkg=$(dpkg-query -S "$path" | awk -F: 'NR == 1 { print $1 }')
		grep -qxF "$pkg" <<<"$dep_names" ||
			fail "Depends lacks $pkg, which provides $lib for $(basename "$bin")"
		echo "deb: $(basename "$bin") needs $lib from $pkg: in Depends"
	done
done

root/usr/bin/asmscan --version | grep -q '^asmscan ' || fail "the packaged asmscan does not run"
"$CC" -O2 -c "$TESTDIR/report.c" -o report.o -iplugindir="$PWD/root$plugindir" \
	-fplugin=asminline -fplugin-arg-asminline-diag=none ||
	fail "the packaged plugin does not load as -fplugin=asminline"
python3 - "$TESTDIR" <<'PY' || fail "no embedded records from the packaged plugin"
import sys
sys.path.insert(0, sys.argv[1])
import embedded
units, stmts = embedded.read("report.o")
assert len(units) == 1 and stmts, (units, stmts)
PY
pass "$deb: the four files, Depends on $gcc_pkg (>= $gcc_ver) and asmscan's libraries; it runs and loads unpacked"
