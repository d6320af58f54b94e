#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# load.sh PLUGIN CC — what loading the plugin costs every compile stays
# small (docs/results/performance.md, "The plugin in the compiler"):
#   1. it needs no C++ runtime: libstdc++.so.6 is not in its NEEDED list
#      (cc1 links libstdc++ statically and would map and relocate the
#      shared one at every -fplugin load: 3.7 M instructions);
#   2. it exports only the two symbols GCC looks up (plugin_init,
#      plugin_is_GPL_compatible): nothing else to resolve at dlopen;
#   3. GCC still loads it and it still works;
#   4. a compiler it was not built for refuses it (GCC's version check),
#      with an error naming both compilers: the same GCC version built
#      for another target (the arm64 cross compiler of the same major,
#      where installed) passes the dlopen and reaches that check.
. "$(dirname "$0")/lib.sh"
need_tool readelf nm
clean_workdir

needed=$(readelf -d "$PLUGIN" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
[ -n "$needed" ] || fail "no NEEDED entries read from $PLUGIN: the test checks nothing"
case " $(echo $needed) " in
*libstdc++*) fail "the plugin needs libstdc++: $(echo $needed)" ;;
esac

exports=$(nm -D --defined-only "$PLUGIN" | awk '{ print $3 }' | sort | tr '\n' ' ')
[ "$exports" = "plugin_init plugin_is_GPL_compatible " ] ||
	fail "exports other symbols than plugin_init and plugin_is_GPL_compatible: $exports"

echo 'static inline void f(int *p) { asm volatile(".pushsection .x,\"a\"\n.long 0\n.popsection\nlock; incl %0" : "+m"(*p)); } void g(int *p) { f(p); }' >t.c
"$CC" -O2 -c -fplugin="$PLUGIN" -fplugin-arg-asminline-diag=warning t.c -o t.o 2>t.err ||
	fail "compile with the plugin failed: $(cat t.err)"
grep -q "charged" t.err || fail "the plugin loaded but said nothing: $(cat t.err)"

other=""
major=$("$CC" -dumpversion)
major=${major%%.*}
for c in aarch64-linux-gnu-gcc-$major x86_64-linux-gnu-gcc-$major; do
	command -v "$c" >/dev/null || continue
	[ "$("$c" -dumpmachine)" != "$("$CC" -dumpmachine)" ] || continue
	[ "$("$c" -dumpfullversion)" = "$("$CC" -dumpfullversion)" ] || continue
	other=$c
	break
done
if [ -n "$other" ]; then
	if "$other" -O2 -c -fplugin="$PLUGIN" t.c -o other.o 2>other.err; then
		fail "$other loaded a plugin built for $CC"
	fi
	grep -q "this plugin was built for GCC $("$CC" -dumpfullversion).* targeting $("$CC" -dumpmachine), not for this compiler (GCC .*); rebuild it" other.err ||
		fail "$other refused the plugin without saying why: $(cat other.err)"
	echo "load: $other refuses it: $(head -1 other.err)"
else
	echo "load: no other compiler of GCC $("$CC" -dumpfullversion) here: refusal not tried"
fi
pass "NEEDED: $(echo $needed); exports: $exports"
