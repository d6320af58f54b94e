#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-demo.sh PLUGIN ASMSCAN [OUT] — `asmscan check` against the
# committed asmscan-baseline.txt, as a CI job would run it, on three
# builds of a copy of this tree (in OUT/check, default out/check): as
# committed, after patches/new-user.patch (a new function with a flagged
# asm and a refused call), and after patches/asm-inline.patch (the
# LOCK_PREFIX atomics converted to asm_inline).  Prints each command's
# output and exit status; README.md shows it and the test
# plugin-example-check checks that it still matches.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 PLUGIN ASMSCAN [OUT]" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
PLUGIN=$(realpath "$1")
ASMSCAN=$(realpath "$2")
OUT=$(realpath -m "${3:-$HERE/out}")/check

# build NAME [PATCH]: a copy of the tree, patched, built with the plugin
build() {
	local dir=$OUT/$1 log
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -r "$HERE/Makefile" "$HERE"/*.c "$HERE/include" "$dir/"
	[ -z "${2:-}" ] || patch -s -p1 -d "$dir" <"$HERE/patches/$2"
	log=$(make -s -C "$dir" PLUGIN="$PLUGIN" OUT=obj 2>&1) ||
		{ echo "$log" >&2; exit 1; }
}

# check NAME: the gate, run from here so the baseline's name is short
check() {
	local rc=0
	echo "\$ asmscan check --baseline asmscan-baseline.txt $1/*.o"
	(cd "$HERE" && "$ASMSCAN" check --baseline asmscan-baseline.txt \
		"$OUT/$1"/obj/*.o) || rc=$?
	echo "exit $rc"
}

echo "== the tree as committed"
build committed
check committed
echo "== after patches/new-user.patch: writer_reset() stores to user space and calls objstat_account()"
build new-user new-user.patch
check new-user
echo "== after patches/asm-inline.patch: the five LOCK_PREFIX atomics made asm_inline"
build asm-inline asm-inline.patch
check asm-inline
