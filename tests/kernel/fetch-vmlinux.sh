#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-vmlinux.sh [--kver SERIES] — print the path of a real Linux vmlinux
# with DWARF, built by Debian for amd64.  SERIES is 6.1 (the default) or
# 6.12; --kver wins over the environment's ASMINLINE_KVER.
#
#   6.1   the newest linux-image-6.1.0-N-amd64-dbg (Debian 12's own kernel)
#   6.12  the newest linux-image-6.12.N+deb12-amd64-dbg (Debian 12's
#         security suite: the 6.12 LTS kernel backported to bookworm)
#
# The package is looked up with apt-cache (its ABI number or point release
# moves with every Debian update, so it is never hard-coded), downloaded
# with apt-get download, and only usr/lib/debug/boot/vmlinux-* is
# extracted into $ASMINLINE_CACHE (default ~/.cache/asminline).  The .deb
# (about 860 MB for 6.1, 1 GB for 6.12) is deleted afterwards; the vmlinux
# (about 630 MB, 354 MB) stays for the next run.  One flock per series
# guards the whole fetch (6.1 keeps the lock file name it always had).
#
# Exit codes: 0 ready (path on stdout), 77 cannot be had here (reason on
# stderr), 1 the fetch failed or a usage error.
set -euo pipefail

kver=${ASMINLINE_KVER:-6.1}
case "${1:-}" in
--kver) kver=${2:?fetch-vmlinux: --kver needs a series (6.1, 6.12)}; shift 2 ;;
--kver=*) kver=${1#--kver=}; shift ;;
esac
[ $# -eq 0 ] || { echo "usage: fetch-vmlinux.sh [--kver 6.1|6.12]" >&2; exit 1; }

case "$kver" in
6.1) pattern='^linux-image-6\.1\.0-[0-9]+-amd64-dbg$'
	described=linux-image-6.1.0-N-amd64-dbg ;;
6.12) pattern='^linux-image-6\.12\.[0-9]+\+deb12-amd64-dbg$'
	described=linux-image-6.12.N+deb12-amd64-dbg ;;
*) echo "fetch-vmlinux: unknown kernel series '$kver' (6.1, 6.12)" >&2; exit 1 ;;
esac

cache=${ASMINLINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/asminline}
mkdir -p "$cache"

skip() { echo "fetch-vmlinux: SKIP: $*" >&2; exit 77; }
log() { echo "fetch-vmlinux: $*" >&2; }

command -v apt-cache >/dev/null || skip "no apt-cache: not a Debian system"
command -v dpkg-deb >/dev/null || skip "no dpkg-deb"

newest() {
	apt-cache search --names-only "$pattern" 2>/dev/null | cut -d' ' -f1 | sort -V | tail -n 1
}
pkg=$(newest)
if [ -z "$pkg" ] && [ "$(id -u)" = 0 ]; then
	apt-get update -qq >&2 || true
	pkg=$(newest)
fi
[ -n "$pkg" ] || skip "no $described package in the apt lists"
version=$(apt-cache policy "$pkg" | sed -n 's/^ *Candidate: //p')
[ -n "$version" ] && [ "$version" != "(none)" ] || skip "$pkg has no installable version"

dir=$cache/vmlinux-$pkg-$version
if [ "$kver" = 6.1 ]; then
	exec 9>"$cache/.vmlinux.lock"
else
	exec 9>"$cache/.vmlinux-$kver.lock"
fi
flock 9

if [ ! -f "$dir/.asminline-extracted" ]; then
	log "downloading $pkg $version (up to 1 GB) to extract its vmlinux"
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp"
	(cd "$dir.tmp" && apt-get download -qq "$pkg=$version" >&2) ||
		{ rm -rf "$dir.tmp"; skip "apt-get download $pkg failed (no network or no mirror)"; }
	deb=$(ls "$dir.tmp"/*.deb)
	dpkg-deb --fsys-tarfile "$deb" |
		tar -x -C "$dir.tmp" --wildcards './usr/lib/debug/boot/vmlinux-*'
	rm -f "$deb"
	mv "$dir.tmp"/usr/lib/debug/boot/vmlinux-* "$dir.tmp/vmlinux"
	rm -rf "$dir.tmp/usr"
	touch "$dir.tmp/.asminline-extracted"
	mv "$dir.tmp" "$dir"
fi

echo "$dir/vmlinux"
