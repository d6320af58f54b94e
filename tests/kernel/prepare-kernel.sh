#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# prepare-kernel.sh [--kver SERIES] ARCH [OBJ...] — print the path of a
# prepared Linux build tree (ARCH: x86_64 or arm64) made from Debian's
# linux-source-SERIES package, with the objects OBJ (e.g. kernel/fork.o)
# built in it.  SERIES is 6.1 (the default: Debian 12's own kernel),
# 6.12 (the LTS kernel of Debian 12's security suite) or newest (the
# highest linux-source-X.Y of Debian's development suite, sid: the newest
# kernel Debian ships, found by pattern); --kver wins over the
# environment's ASMINLINE_KVER.  The kernel found is named on stderr
# ("Linux 7.2.13 (linux-source-7.2 7.2.13-1)").
#
# linux-source-6.1 and -6.12 are installed with the machine's apt (their
# tarball is in /usr/src).  The newest comes through a private apt state
# of sid (tests/kernel/debian-fetch.sh; the machine's apt configuration
# is not touched): only the package's usr/src/linux-source-X.Y.tar.xz is
# extracted (about 160 MB), unpacked and deleted.
#
# The source is unpacked once into $ASMINLINE_CACHE (default
# ~/.cache/asminline) and configured with the architecture's defconfig in an
# O= build directory, followed by `make prepare`.  Everything runs under one
# flock per series so that ctest -j cannot race two preparations (6.1
# keeps the lock file name it always had, so older copies of this script
# still exclude this one).  The cache is keyed by
# the package version, so a Debian update of linux-source-6.1 gives a new tree.
# The objects a test reads are built here, under the same lock, so that a
# test on a new machine finds what it needs whatever ran before it, and
# two tests never run make in the shared tree at once.
#
# Another compiler (the GCC matrix, scripts/dev/gcc-matrix.sh): with
# ASMINLINE_KERNEL_CC=gcc-N the tree is configured and built with CC=gcc-N
# HOSTCC=gcc-N in build-ARCH-gcc-N beside the default one (Kconfig records
# the compiler, so every compiler has its own tree).  Inside a root made by
# scripts/dev/gcc-root.sh, where Debian 12's linux-source package does not
# exist, ASMINLINE_KERNEL_PKGVER=VERSION names the package version whose
# source the host has unpacked in the (shared) cache already.
#
# Exit codes: 0 ready (path on stdout), 77 cannot be had here (reason on
# stderr; the ctest convention for "skipped"), 1 preparation failed.  The
# harnesses read it through tree.sh and tree.py, which turn 77 into a
# failure unless ASMINLINE_ALLOW_SKIP=1.
set -euo pipefail

kver=${ASMINLINE_KVER:-6.1}
case "${1:-}" in
--kver) kver=${2:?prepare-kernel: --kver needs a series (6.1, 6.12, newest)}; shift 2 ;;
--kver=*) kver=${1#--kver=}; shift ;;
esac
case "$kver" in
6.1 | 6.12 | newest) ;;
*) echo "prepare-kernel: unknown kernel series '$kver' (6.1, 6.12, newest)" >&2; exit 1 ;;
esac
arch=${1:-x86_64}
shift || true
objects=("$@")
cache=${ASMINLINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/asminline}
mkdir -p "$cache"

skip() { echo "prepare-kernel: SKIP: $*" >&2; exit 77; }
log() { echo "prepare-kernel: $*" >&2; }

fetch=$(cd "$(dirname "$0")" && pwd)/debian-fetch.sh
pkg=linux-source-$kver
tarball=/usr/src/linux-source-$kver.tar.xz
kcc=${ASMINLINE_KERNEL_CC:-}
pkgver=${ASMINLINE_KERNEL_PKGVER:-}
sid_source='^linux-source-[0-9]+\.[0-9]+$'
if [ "$kver" = newest ] && [ -z "$pkgver" ]; then
	# Not installed: sid's package is only downloaded, its tarball read.
	found=$("$fetch" sid amd64 find "$sid_source") || exit $?
	pkg=${found% *}
	pkgver=${found#* }
	tarball=
fi

need_pkgs=()
if [ -n "$pkgver" ] && [ -z "${ASMINLINE_KERNEL_PKGVER:-}" ]; then
	[ -z "$kcc" ] || command -v "$kcc" >/dev/null || skip "ASMINLINE_KERNEL_CC=$kcc: not found"
elif [ -n "$pkgver" ]; then
	[ -f "$cache/linux-$pkgver/src/.asminline-unpacked" ] ||
		skip "ASMINLINE_KERNEL_PKGVER=$pkgver: no unpacked source in $cache/linux-$pkgver/src (run prepare-kernel.sh on the host first)"
	[ -z "$kcc" ] || command -v "$kcc" >/dev/null || skip "ASMINLINE_KERNEL_CC=$kcc: not found"
elif [ ! -f "$tarball" ]; then
	need_pkgs+=("$pkg")
fi
for tool in flex bison bc; do
	command -v "$tool" >/dev/null || need_pkgs+=("$tool")
done
[ -f /usr/include/openssl/ssl.h ] || need_pkgs+=(libssl-dev)
[ -f /usr/include/libelf.h ] || need_pkgs+=(libelf-dev)
if [ "$arch" = arm64 ] && ! command -v aarch64-linux-gnu-gcc >/dev/null; then
	need_pkgs+=(gcc-aarch64-linux-gnu)
fi
if [ ${#need_pkgs[@]} -gt 0 ]; then
	[ "$(id -u)" = 0 ] || skip "packages missing (${need_pkgs[*]}) and not root to install them"
	command -v apt-get >/dev/null || skip "packages missing (${need_pkgs[*]}) and no apt-get"
	log "installing ${need_pkgs[*]}"
	(
		flock 9
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_pkgs[@]}" >&2 ||
			{ apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_pkgs[@]}" >&2; }
	) 9>"$cache/.apt.lock" || skip "could not install ${need_pkgs[*]}"
fi

version=${pkgver:-$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || echo unknown)}
src=$cache/linux-$version/src
build=$cache/linux-$version/build-$arch${kcc:+-$(basename "$kcc")}

case "$arch" in
x86_64) make_args=(ARCH=x86_64) ;;
arm64) make_args=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-) ;;
*) echo "prepare-kernel: unknown architecture '$arch' (x86_64, arm64)" >&2; exit 1 ;;
esac
if [ -n "$kcc" ]; then
	[ "$arch" = x86_64 ] || { echo "prepare-kernel: ASMINLINE_KERNEL_CC is for x86_64 trees" >&2; exit 1; }
	make_args+=(CC="$kcc" HOSTCC="$kcc")
fi

if [ "$kver" = 6.1 ]; then
	exec 8>"$cache/.kernel.lock"
else
	exec 8>"$cache/.kernel-$kver.lock"
fi
flock 8

if [ ! -f "$src/.asminline-unpacked" ] && [ -z "$tarball" ] && [ -z "${ASMINLINE_KERNEL_PKGVER:-}" ]; then
	# The lists again, fresh, before a download: sid may have moved.
	found=$("$fetch" sid amd64 find --fresh "$sid_source") || exit $?
	pkg=${found% *}
	version=${found#* }
	src=$cache/linux-$version/src
	build=$cache/linux-$version/build-$arch${kcc:+-$(basename "$kcc")}
fi
if [ ! -f "$src/.asminline-unpacked" ]; then
	rm -rf "$src" "$src.tmp" "$src.deb"
	mkdir -p "$src.tmp"
	if [ -z "$tarball" ]; then
		t0=$(date +%s)
		deb=$("$fetch" sid amd64 download "$pkg" "$version" "$src.deb") ||
			{ rc=$?; rm -rf "$src.tmp" "$src.deb"; exit "$rc"; }
		tarball=$("$fetch" member "$deb" "usr/src/$pkg\\.tar\\.xz" "$src.deb/$pkg.tar.xz") ||
			{ rm -rf "$src.tmp" "$src.deb"; exit 1; }
		rm -f "$deb"
		log "$pkg $version downloaded and its tarball extracted in $(($(date +%s) - t0)) s"
	fi
	log "unpacking $tarball into $src"
	tar -xJf "$tarball" -C "$src.tmp" --strip-components=1
	rm -rf "$src.deb"
	touch "$src.tmp/.asminline-unpacked"
	mv "$src.tmp" "$src"
fi
[ -z "${ASMINLINE_KERNEL_PKGVER:-}" ] || pkg="the host's source"
log "Linux $(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = /./p; s/^SUBLEVEL = /./p' "$src/Makefile" | tr -d '\n') ($pkg $version)"

if [ ! -f "$build/.asminline-prepared" ]; then
	log "configuring ${arch} defconfig and running make prepare in $build"
	rm -rf "$build"
	mkdir -p "$build"
	make -s -C "$src" O="$build" "${make_args[@]}" defconfig >&2
	make -s -C "$src" O="$build" "${make_args[@]}" -j"$(nproc)" prepare >&2
	touch "$build/.asminline-prepared"
fi

missing=()
for o in "${objects[@]}"; do
	[ -f "$build/$o" ] || missing+=("$o")
done
if [ ${#missing[@]} -gt 0 ]; then
	log "building ${missing[*]} in $build"
	make -s -C "$src" O="$build" "${make_args[@]}" -j"$(nproc)" "${missing[@]}" >&2 ||
		{ echo "prepare-kernel: FAIL: make ${missing[*]} in $build" >&2; exit 1; }
fi

echo "$build"
