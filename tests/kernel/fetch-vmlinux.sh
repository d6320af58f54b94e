#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-vmlinux.sh — print the path of a real Linux 6.1 vmlinux with DWARF,
# built by Debian: the newest linux-image-6.1.0-N-amd64-dbg package is
# looked up (N moves with every Debian update, so it is never hard-coded),
# downloaded with apt-get download, and only usr/lib/debug/boot/vmlinux-*
# is extracted into $ASMINLINE_CACHE (default ~/.cache/asminline).  The
# .deb (about 860 MB) is deleted afterwards; the vmlinux (about 630 MB)
# stays for the next run.  One flock guards the whole fetch.
#
# Exit codes: 0 ready (path on stdout), 77 cannot be had here (reason on
# stderr), 1 the fetch failed.
set -euo pipefail

cache=${ASMINLINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/asminline}
mkdir -p "$cache"

skip() { echo "fetch-vmlinux: SKIP: $*" >&2; exit 77; }
log() { echo "fetch-vmlinux: $*" >&2; }

command -v apt-cache >/dev/null || skip "no apt-cache: not a Debian system"
command -v dpkg-deb >/dev/null || skip "no dpkg-deb"

pkg=$(apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-amd64-dbg$' 2>/dev/null |
	cut -d' ' -f1 | sort -V | tail -n 1)
if [ -z "$pkg" ] && [ "$(id -u)" = 0 ]; then
	apt-get update -qq >&2 || true
	pkg=$(apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-amd64-dbg$' 2>/dev/null |
		cut -d' ' -f1 | sort -V | tail -n 1)
fi
[ -n "$pkg" ] || skip "no linux-image-6.1.0-N-amd64-dbg package in the apt lists"
version=$(apt-cache policy "$pkg" | sed -n 's/^ *Candidate: //p')
[ -n "$version" ] && [ "$version" != "(none)" ] || skip "$pkg has no installable version"

dir=$cache/vmlinux-$pkg-$version
exec 9>"$cache/.vmlinux.lock"
flock 9

if [ ! -f "$dir/.asminline-extracted" ]; then
	log "downloading $pkg $version (about 860 MB) to extract its vmlinux"
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
