# SPDX-License-Identifier: GPL-2.0
#
# tree.sh — the prepared Linux tree (6.1, or ASMINLINE_KVER: 6.12, newest) for the shell kernel harnesses
# (sourced, not run), with the policy tests/kernel/tree.py keeps for the
# Python ones: prepare-kernel.sh exits 77 when this machine cannot
# provide the tree; the harness then fails, unless ASMINLINE_ALLOW_SKIP=1,
# and then it is skipped (exit 77) with prepare-kernel.sh's reason on one
# line.
#
#   kernel_tree PREPARE ARCH [OBJ...]
#	sets KERNEL_BUILD (the O= tree, with the objects OBJ built in it),
#	KERNEL_SRC (its source) and KERNEL_RELEASE (its version, "7.2.13":
#	what a test names when the series is "newest"), or
#	leaves through the caller's skip/fail (TEST: SKIP|FAIL: ...).
#	PREPARE is tests/kernel/prepare-kernel.sh, as the test was given it;
#	its stderr (progress) is held until it is done, so a skip is one line.

kernel_tree() {
	local prepare=$1 arch=$2 rc=0 log reason
	shift 2
	log=$(mktemp)
	KERNEL_BUILD=$("$prepare" "$arch" "$@" 2>"$log") || rc=$?
	if [ "$rc" -eq 77 ]; then
		reason=$(sed -n 's/.*SKIP: //p' "$log" | tail -1)
		reason="no prepared Linux ${ASMINLINE_KVER:-6.1} $arch tree: ${reason:-prepare-kernel.sh said so}"
		if [ "${ASMINLINE_ALLOW_SKIP:-}" = 1 ]; then
			rm -f "$log"
			skip "$reason"
		fi
		cat "$log" >&2
		rm -f "$log"
		fail "$reason (ASMINLINE_ALLOW_SKIP=1 makes this a skip)"
	fi
	cat "$log" >&2
	rm -f "$log"
	[ "$rc" -eq 0 ] && [ -d "$KERNEL_BUILD" ] || fail "prepare-kernel.sh $arch failed ($rc)"
	KERNEL_SRC=$(cd "$KERNEL_BUILD/../src" && pwd)
	KERNEL_RELEASE=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = /./p; s/^SUBLEVEL = /./p' \
		"$KERNEL_SRC/Makefile" 2>/dev/null | tr -d '\n' || true)
}
