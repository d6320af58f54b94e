#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# fixit.sh PLUGIN CC — the fix-it hint: GCC's -fdiagnostics-generate-patch
# output for fixit.c applies with `patch -p0`, turns each keyword marked in
# fixit.c into what its "fixit:" comment says (and leaves the keyword a
# macro spells alone), and the patched file compiles without warnings and
# is flagged nowhere but in the macro.  Oracles: patch, and the plugin's
# report of the patched file.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool patch python3
clean_workdir

cp "$TESTDIR/fixit.c" fixit.c
cp fixit.c orig.c
LC_ALL=C "$CC" -O2 -c fixit.c -o before.o -fplugin="$PLUGIN" \
	-fdiagnostics-generate-patch 2>diag.txt || { cat diag.txt; fail "compile"; }
sed -n '/^--- fixit\.c$/,$p' diag.txt >fix.patch
[ -s fix.patch ] || { cat diag.txt; fail "GCC printed no patch"; }
patch -p0 --dry-run <fix.patch >/dev/null || { cat fix.patch; fail "the patch does not apply"; }
patch -s -p0 <fix.patch || fail "patch -p0"

# Every marked line reads as its comment says, no other line changed.
marks=0
while IFS= read -r n; do
	want=$(sed -n "${n}s|.*/\* fixit: \(.*\) \*/.*|\1|p" orig.c)
	got=$(sed -n "${n}p" fixit.c)
	if [ "$want" = none ]; then
		[ "$got" = "$(sed -n "${n}p" orig.c)" ] || fail "line $n changed: $got"
		continue
	fi
	marks=$((marks + 1))
	stripped=${got#"${got%%[![:space:]]*}"}
	case "$stripped" in
	"$want"[!A-Za-z0-9_]*) ;;
	*) fail "line $n: expected '$want', got: $got" ;;
	esac
done < <(grep -n "fixit: " orig.c | grep -v "^[0-9]*: \*" | cut -d: -f1)
changed=$(diff orig.c fixit.c | grep -c "^>") || true
[ "$changed" -eq "$marks" ] || fail "$changed lines changed, $marks marked"
[ "$marks" -ge 8 ] || fail "only $marks marks: test premise broken"

# The patched file: clean without the plugin, flagged only in the macro.
"$CC" -O2 -Wall -Werror -c fixit.c -o after-plain.o || fail "the patched file does not compile"
"$CC" -O2 -c fixit.c -o after.o -fplugin="$PLUGIN" -fplugin-arg-asminline-diag=none \
	-fplugin-arg-asminline-report=after.jsonl || fail "compile the patched file with the plugin"
macro_line=$(grep -n "/\* fixit: none \*/" orig.c | cut -d: -f1)
python3 - "$macro_line" "$marks" <<'PY' || fail "the patched file is still flagged"
import json, sys
macro_line, marks = int(sys.argv[1]), int(sys.argv[2])
recs = [r for r in map(json.loads, open("after.jsonl")) if r["record"] == "asm"]
flagged = [r for r in recs if r["flagged"]]
assert [r["spelling_line"] for r in flagged] == [macro_line], flagged
inline = [r for r in recs if r["asm_inline"]]
assert len(inline) == marks, f"{len(inline)} asm inline statements, {marks} fixed"
PY
pass "$marks keywords rewritten by patch -p0; the patched file compiles and is flagged only in the macro"
