#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# e2e-diff.sh ASMSCAN PLUGIN PREPARE — asmscan diff on real Linux 6.1
# x86_64_defconfig objects: each is compiled twice from its own Kbuild
# command line (then objtool, as Kbuild runs it), as is and with the
# plugin's apply mode, into this test's directory (the shared tree is only
# read).  On the two directories and on each pair: bloat-o-meter's figures,
# instructions per function (objdump -d) and call sites per callee
# (objdump -dr) equal asmscan's (diff_oracle.py), and apply mode changed
# something the diff shows.  Without the kernel tree the test fails, or is
# skipped with ASMINLINE_ALLOW_SKIP=1 (tests/kernel/tree.sh).
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN PLUGIN PREPARE}
PLUGIN=${2:?usage: $0 ASMSCAN PLUGIN PREPARE}
PREPARE=${3:?usage: $0 ASMSCAN PLUGIN PREPARE}
TEST=analyzer-e2e-diff
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
. "$HERE/bom.sh"
need objdump nm readelf python3 make
find_bloat_o_meter

# objects whose calls apply mode is known to change (docs/results/whole-kernel.md)
objs="fs/ext4/extents.o mm/mempolicy.o net/ipv4/tcp_output.o arch/x86/kernel/cpu/common.o"
. "$(dirname "$PREPARE")/tree.sh"
kernel_tree "$PREPARE" x86_64 $objs
build=$KERNEL_BUILD
src=$build/../src
APPLY="-fplugin=$PLUGIN -fplugin-arg-asminline-mode=apply -fplugin-arg-asminline-diag=none -fplugin-arg-asminline-embed=0"

# compile OBJ OUT EXTRA: Kbuild's command line for OBJ, writing OUT.
compile() {
	local o=$1 out=$2 extra=$3 dir base line cc objtool
	dir=$(dirname "$o") base=$(basename "$o")
	line=$(sed -n '1s/^\(saved\)\?cmd_[^ ]* := //p' "$build/$dir/.$base.cmd")
	[ -n "$line" ] || fail "no command line in $dir/.$base.cmd"
	cc=$(echo "${line%%;*}" | sed -e 's/-Wp,-MMD,[^ ]*//' -e "s| -o $o | $extra -o $out |")
	objtool=$(echo "$line" | tr ';' '\n' | grep objtool | sed "s| $o *\$| $out|" || true)
	case "$cc $objtool" in
	*" $o "* | *" $o") fail "could not redirect the command line of $o" ;;
	esac
	(cd "$build" && eval "$cc" && eval "${objtool:-true}") || fail "cannot compile $o ($extra)"
}

mkdir -p none apply
for o in $objs; do
	name=$(echo "$o" | tr / _)
	compile "$o" "$PWD/none/$name" ""
	compile "$o" "$PWD/apply/$name" "$APPLY"
done

check() {
	local old=$1 new=$2 tag=$3
	expect 0 "$ASMSCAN" diff -f json -j 2 "$old" "$new"
	[ ! -s err.txt ] || fail "$tag: $(cat err.txt)"
	mv out.txt "$tag.json"
	run_bom "$old" "$new" "$tag.bom"
	python3 "$HERE/diff_oracle.py" "$tag.bom" "$old" "$new" "$tag.json" ||
		fail "$tag: differs from binutils"
}
for f in none/*.o; do
	check "$f" "apply/${f#none/}" "$(basename "$f" .o)"
done
check none apply all
python3 - all.json <<'PY' || fail "apply mode changed nothing the diff shows"
import json, sys
d = json.load(open(sys.argv[1]))
s = d['summary']
assert s['call_sites']['removed'] > 0, s['call_sites']
assert d['functions'] and d['callees'], 'no rows'
print('none -> apply: call sites -%d +%d, function bytes %+d'
      % (s['call_sites']['removed'], s['call_sites']['added'],
         s['functions']['bytes_delta']))
PY
echo "$TEST: PASS"
