#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# gcc-root.sh — a Debian root holding a newer GCC with its plugin headers,
# so that the plugin can be built and tested against GCC 13 to 16 on a
# Debian 12 machine without touching the machine's own system.
#
#   gcc-root.sh path N          print the root for gcc-N (made if missing)
#   gcc-root.sh run N CMD...    run CMD in that root, as root
#   gcc-root.sh suite N         print the Debian suite that ships gcc-N
#
# Debian 12's suites ship GCC 12 only; Debian's registry also serves the
# newer suites, so debootstrap makes a minimal root of trixie (gcc-13 and
# gcc-14) or sid (gcc-15 and gcc-16) with the plugin headers, CMake, elfutils,
# capstone, python3 and what a Kbuild compile needs.  One root per suite,
# cached in $ASMINLINE_CACHE/roots/SUITE (default ~/.cache/asminline) and
# reused: it is made under a lock and marked ready last, so an interrupted
# debootstrap is redone, never half used.  A root older than
# ASMINLINE_ROOT_MAX_DAYS (default 30) gets `apt-get upgrade` first.
#
# `run` enters the root in a mount namespace of its own (unshare), with
# /proc, /dev and /sys, and with this repository and the cache directory
# bind-mounted at the same absolute paths: a build directory or a kernel
# tree made inside is where the host sees it, and every mount goes away
# with the command.  CMD starts in the current directory, which must be
# inside one of those two.  The environment keeps ASMINLINE_* and CI, PATH
# is the root's own.
#
# Exit codes: CMD's own for run; 0 ready; 77 this machine cannot make the
# root (not root, no debootstrap and no apt, the registry said no; the
# reason on stderr, the ctest convention); 2 usage.
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
cache=${ASMINLINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/asminline}

log() { echo "gcc-root: $*" >&2; }
skip() { echo "gcc-root: SKIP: $*" >&2; exit 77; }
usage() {
	echo "usage: $0 path|suite N | run N CMD..." >&2
	exit 2
}

suite_of() {
	case "$1" in
	13 | 14) echo trixie ;;
	15 | 16) echo sid ;;
	*) log "no root for gcc-$1 (13, 14, 15, 16; GCC 12 is the machine's own)"; exit 2 ;;
	esac
}

# The registry this machine's apt uses: the first URI of its Debian
# sources (tests/kernel/debian-fetch.sh reads them for the kernel
# packages too).
mirror() {
	"$here/tests/kernel/debian-fetch.sh" mirror || skip "no Debian mirror in /etc/apt/sources.list*"
}

# What the plugin's build and tests need, and what a Kbuild compile needs.
packages_for() {
	local suite=$1 p
	case "$suite" in
	trixie) p="gcc-13 g++-13 gcc-13-plugin-dev gcc-14 g++-14 gcc-14-plugin-dev" ;;
	sid) p="gcc-15 g++-15 gcc-15-plugin-dev gcc-16 g++-16 gcc-16-plugin-dev" ;;
	esac
	echo "$p gcc g++ make cmake pkg-config libelf-dev libdw-dev libcapstone-dev libiberty-dev" \
		"python3 binutils patch ccache distcc man-db groff-base dpkg-dev file" \
		"flex bison bc libssl-dev xz-utils perl cpio kmod strace"
}

make_root() {
	local suite=$1 root=$cache/roots/$1 script=/usr/share/debootstrap/scripts/$1 pkgs
	[ "$(id -u)" = 0 ] || skip "making a $suite root needs root (debootstrap, chroot)"
	mkdir -p "$cache/roots"
	exec 7>"$cache/roots/.$suite.lock"
	flock 7
	pkgs=$(packages_for "$suite" | tr -s ' ')
	# apt-get update in a root: the registry may serve a suite whose
	# Release file is past its Valid-Until date (a snapshot of sid), which
	# debootstrap accepted already.
	if [ -f "$root/.asminline-ready" ] && [ "$(cat "$root/.asminline-ready")" != "$pkgs" ]; then
		# Made by an older copy of this script: add what it lacks.
		log "$suite root: installing what this script's package list adds"
		if run_in "$root" sh -c 'apt-get -o Acquire::Check-Valid-Until=false update -qq &&
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"' \
			sh $pkgs >>"$cache/roots/$suite.debootstrap.log" 2>&1; then
			echo "$pkgs" >"$root/.asminline-ready"
		else
			log "could not install into the $suite root"
		fi
	fi
	if [ -f "$root/.asminline-ready" ]; then
		local age=$((($(date +%s) - $(stat -c %Y "$root/.asminline-ready")) / 86400))
		if [ "$age" -gt "${ASMINLINE_ROOT_MAX_DAYS:-30}" ]; then
			log "$suite root is $age days old: apt-get upgrade"
			run_in "$root" apt-get -o Acquire::Check-Valid-Until=false update -qq &&
				run_in "$root" env DEBIAN_FRONTEND=noninteractive apt-get -y -qq upgrade ||
				log "upgrade failed; the root stays as it was"
			touch "$root/.asminline-ready"
		fi
		echo "$root"
		return 0
	fi
	if ! command -v debootstrap >/dev/null; then
		command -v apt-get >/dev/null || skip "no debootstrap and no apt-get to install it"
		log "installing debootstrap"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2 ||
			{ apt-get update -qq >&2 &&
				DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2; } ||
			skip "could not install debootstrap"
	fi
	[ -f "$script" ] || script=/usr/share/debootstrap/scripts/sid
	log "debootstrap $suite into $root (a few minutes, once)"
	rm -rf "$root"
	if ! debootstrap --variant=minbase --include="$(echo "$pkgs" | tr ' ' ',')" "$suite" "$root" \
		"$(mirror)" "$script" >"$cache/roots/$suite.debootstrap.log" 2>&1; then
		tail -n 5 "$cache/roots/$suite.debootstrap.log" >&2
		skip "debootstrap $suite failed (log: $cache/roots/$suite.debootstrap.log)"
	fi
	echo "$pkgs" >"$root/.asminline-ready"
	echo "$root"
}

# run_in ROOT CMD...: CMD in ROOT, in a private mount namespace.
run_in() {
	local root=$1 passenv=() v
	shift
	while IFS= read -r v; do
		passenv+=("$v")
	done < <(env | grep -E '^(ASMINLINE_[A-Z0-9_]*|CI)=' || true)
	# The bind targets, made once: the repository and the cache at their
	# host paths.
	mkdir -p "$root$here" "$root$cache"
	unshare --mount --propagation private -- /bin/sh -ec '
		root=$1 here=$2 cache=$3
		shift 3
		mount -t proc proc "$root/proc"
		mount --rbind /dev "$root/dev"
		mount --rbind /sys "$root/sys"
		mount --bind "$here" "$root$here"
		mount --bind "$cache" "$root$cache"
		# The root must resolve names for apt-get upgrade.
		cp -f /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
		exec chroot "$root" /usr/bin/env -i \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root LANG=C.UTF-8 "$@"
	' sh "$root" "$here" "$cache" \
		"${passenv[@]}" ASMINLINE_CACHE="$cache" "$@"
}

cmd=${1:-}
[ $# -ge 2 ] || usage
n=$2
shift 2
case "$cmd" in
suite) suite_of "$n" ;;
path) make_root "$(suite_of "$n")" ;;
run)
	[ $# -ge 1 ] || usage
	suite=$(suite_of "$n")
	root=$(make_root "$suite")
	run_in "$root" /bin/sh -c 'cd "$1" && shift && exec "$@"' sh "$PWD" "$@"
	;;
*) usage ;;
esac
