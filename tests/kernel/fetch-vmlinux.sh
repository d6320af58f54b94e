#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-vmlinux.sh [--kver SERIES] [--arch ARCH] [--print-version] — print
# the path of a real Linux vmlinux with DWARF, built by Debian.  SERIES is
# 6.1 (the default), 6.12 or newest; ARCH amd64 (the default) or arm64;
# --kver wins over the environment's ASMINLINE_KVER.
#
#   6.1     the newest linux-image-6.1.0-N-ARCH-dbg (Debian 12's own
#           kernel)
#   6.12    the newest linux-image-6.12.N+deb12-ARCH-dbg (Debian 12's
#           security suite: the 6.12 LTS kernel backported to bookworm)
#   newest  the highest linux-image-X.Y.Z+debNN-ARCH-dbg of Debian's
#           development suite, sid (the newest kernel Debian builds; not
#           its cloud or rt flavours)
#
# The package is found by pattern (its ABI number, point release or
# series moves with every Debian update, so none is ever written here),
# downloaded and only its vmlinux extracted into $ASMINLINE_CACHE
# (default ~/.cache/asminline), with tests/kernel/debian-fetch.sh: amd64
# 6.1 and 6.12 through the machine's own apt, as always; arm64 through a
# private apt state of bookworm, newest through one of sid (the machine's
# apt configuration is never touched).  The .deb (0.9 to 1.2 GB) is
# deleted afterwards; the vmlinux (350 to 630 MB) stays for the next run,
# with a file `version` beside it: "UPSTREAM PACKAGE DEBIAN-VERSION"
# (7.2.13 linux-image-7.2.13+deb14-amd64-dbg 7.2.13-1).  The kernel found
# is named on stderr.  In 6.x packages the vmlinux is
# usr/lib/debug/boot/vmlinux-VER; in 7.x that is a symbolic link to
# usr/lib/debug/lib/modules/VER/vmlinux: the regular file of the two is
# taken.  One flock per series and architecture guards the whole fetch
# (amd64 6.1 and 6.12 keep the lock files and directories they always
# had).
#
# --print-version prints the upstream version the fetch gives (7.2.13)
# instead of the path, without downloading anything.
#
# --modules prints instead the directory holding three of the package's
# module debug files, extracted beside the vmlinux (modules/) in one pass
# over the package, from the vmlinux's download or, if the vmlinux is
# there already, from one more:
# amdgpu.ko (356 MB in 6.1: larger than asmscan's buffer for a module's
# DWARF, 64 MB), btrfs.ko and xfs.ko (36 and 44 MB: in the buffer).
#
# Exit codes: 0 ready (path on stdout), 77 cannot be had here (reason on
# stderr), 1 the fetch failed or a usage error.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
fetch=$here/debian-fetch.sh
kver=${ASMINLINE_KVER:-6.1}
arch=amd64
print_version=
modules=
modules_re='usr/lib/debug/lib/modules/[^/]*/kernel/(drivers/gpu/drm/amd/amdgpu/amdgpu|fs/btrfs/btrfs|fs/xfs/xfs)\.ko'
usage() {
	echo "usage: fetch-vmlinux.sh [--kver 6.1|6.12|newest] [--arch amd64|arm64] [--print-version] [--modules]" >&2
	exit 1
}
while [ $# -gt 0 ]; do
	case "$1" in
	--kver) [ $# -ge 2 ] || usage; kver=$2; shift ;;
	--kver=*) kver=${1#--kver=} ;;
	--arch) [ $# -ge 2 ] || usage; arch=$2; shift ;;
	--arch=*) arch=${1#--arch=} ;;
	--print-version) print_version=1 ;;
	--modules) modules=1 ;;
	*) usage ;;
	esac
	shift
done
case "$arch" in
amd64 | arm64) ;;
*) echo "fetch-vmlinux: unknown architecture '$arch' (amd64, arm64)" >&2; exit 1 ;;
esac
case "$kver" in
6.1) pattern="^linux-image-6\\.1\\.0-[0-9]+-$arch-dbg\$" ;;
6.12) pattern="^linux-image-6\\.12\\.[0-9]+\\+deb12-$arch-dbg\$" ;;
newest) pattern="^linux-image-[0-9]+\\.[0-9]+\\.[0-9]+\\+deb[0-9]+-$arch-dbg\$" ;;
*) echo "fetch-vmlinux: unknown kernel series '$kver' (6.1, 6.12, newest)" >&2; exit 1 ;;
esac
if [ "$kver" = newest ]; then
	state=sid
elif [ "$arch" = "$(dpkg --print-architecture 2>/dev/null || echo none)" ]; then
	state=system
else
	state=bookworm
fi

cache=${ASMINLINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/asminline}
mkdir -p "$cache"

log() { echo "fetch-vmlinux: $*" >&2; }
command -v dpkg-deb >/dev/null || { echo "fetch-vmlinux: SKIP: no dpkg-deb" >&2; exit 77; }

# debian-fetch.sh's answers; its exit code (77: cannot be had) is ours.
found=$("$fetch" "$state" "$arch" find "$pattern") || exit $?
pkg=${found% *}
version=${found#* }
upstream=${version%-*}
if [ -n "$print_version" ]; then
	echo "$upstream"
	exit 0
fi

dir=$cache/vmlinux-$pkg-$version
if [ "$arch" = amd64 ] && [ "$kver" = 6.1 ]; then
	exec 9>"$cache/.vmlinux.lock"
elif [ "$arch" = amd64 ] && [ "$kver" = 6.12 ]; then
	exec 9>"$cache/.vmlinux-6.12.lock"
else
	exec 9>"$cache/.vmlinux-$kver-$arch.lock"
fi
flock 9

if [ ! -f "$dir/.asminline-extracted" ]; then
	if [ "$state" != system ]; then
		# The lists again, fresh: the mirror may have dropped what
		# older lists name (sid moves every few days).
		found=$("$fetch" "$state" "$arch" find --fresh "$pattern") || exit $?
		pkg=${found% *}
		version=${found#* }
		upstream=${version%-*}
		dir=$cache/vmlinux-$pkg-$version
	fi
fi
# The package into $1, a directory made here and removed if it fails: deb
# its path, t1 when it was there, and how long it took logged then.
download_deb() {
	local into=$1 t0 rc=0
	mkdir -p "$into"
	t0=$(date +%s)
	deb=$("$fetch" "$state" "$arch" download "$pkg" "$version" "$into") || rc=$?
	[ "$rc" -eq 0 ] || { rm -rf "$into"; exit "$rc"; }
	t1=$(date +%s)
	log "downloaded in $((t1 - t0)) s"
}

if [ ! -f "$dir/.asminline-extracted" ]; then
	log "downloading $pkg $version (about 1 GB) to extract its vmlinux"
	rm -rf "$dir" "$dir.tmp"
	download_deb "$dir.tmp"
	"$fetch" member "$deb" 'usr/lib/debug/boot/vmlinux-[^/]*|usr/lib/debug/lib/modules/[^/]*/vmlinux' \
		"$dir.tmp/vmlinux" >/dev/null || { rm -rf "$dir.tmp"; exit 1; }
	if [ -n "$modules" ]; then	# from the same download
		mkdir "$dir.tmp/modules"
		"$fetch" members "$deb" "$modules_re" "$dir.tmp/modules" >/dev/null ||
			{ rm -rf "$dir.tmp"; exit 1; }
		touch "$dir.tmp/.asminline-modules"
	fi
	rm -f "$deb"
	log "extracted in $(($(date +%s) - t1)) s"
	echo "$upstream $pkg $version" >"$dir.tmp/version"
	touch "$dir.tmp/.asminline-extracted"
	mv "$dir.tmp" "$dir"
elif [ ! -f "$dir/version" ]; then
	echo "$upstream $pkg $version" >"$dir/version"
fi
if [ -n "$modules" ] && [ ! -f "$dir/.asminline-modules" ]; then
	log "downloading $pkg $version (about 1 GB) to extract three modules' debug files"
	rm -rf "$dir/modules" "$dir/modules.tmp"
	download_deb "$dir/modules.tmp"
	mkdir "$dir/modules.tmp/ko"
	"$fetch" members "$deb" "$modules_re" "$dir/modules.tmp/ko" >/dev/null ||
		{ rm -rf "$dir/modules.tmp"; exit 1; }
	mv "$dir/modules.tmp/ko" "$dir/modules"
	rm -rf "$dir/modules.tmp"
	touch "$dir/.asminline-modules"
	log "extracted in $(($(date +%s) - t1)) s"
fi
log "Linux $upstream ($arch): $pkg $version"
if [ -n "$modules" ]; then
	echo "$dir/modules"
else
	echo "$dir/vmlinux"
fi
