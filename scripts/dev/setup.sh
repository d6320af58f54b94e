#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# setup.sh — make this machine able to build and test asminline, then
# build it: installs the Debian packages that are missing (as root, or
# through sudo), then `cmake -S . -B build` and `cmake --build build`, and
# the plugin for the arm64 cross compiler in build-arm64 (the same sources,
# -DASMINLINE_PLUGIN_GCC=aarch64-linux-gnu-gcc-12; skipped with a message
# where the cross compiler or its plugin headers cannot be had).
#
# Idempotent and fast when everything is there: packages are checked with
# dpkg-query first, and apt-get update runs only when apt does not know a
# missing package yet.  ASMINLINE_NO_INSTALL=1 skips the package step
# (CMake then names whatever is still missing).
set -euo pipefail

cd "$(dirname "$0")/../.."

# Build: compiler, CMake, the plugin headers of the GCC that loads the
# plugin, elfutils, capstone and libiberty (Rust's names).  Tests: python3 (JSON checks), binutils
# (nm, objdump), patch (fix-it patches), ccache (records through cache
# hits), distcc (records made on a distcc server), the arm64 cross tools
# (gcc-aarch64-linux-gnu gives Kbuild's CROSS_COMPILE=aarch64-linux-gnu- its
# unversioned gcc) and the plugin headers of that cross GCC, a Linux 6.1
# tree with what its build needs (flex, bison, bc, libssl-dev, xz-utils),
# man-db and groff-base (the man page test), strace (the re-run's forks
# counted), linux-perf (the re-run's page faults, bench/rerun-faults.py).
# The asmscan benchmark:
# dwarves (pfunct, compared against) and time (GNU time -v).  The runtime
# experiment: qemu-system-x86 (boots the kernels), cpio (its test reads the
# initramfs), python3-matplotlib (its plot).
PKGS=(
	build-essential cmake pkg-config gcc-12-plugin-dev
	libelf-dev libdw-dev libcapstone-dev libiberty-dev python3
	binutils patch ccache distcc binutils-aarch64-linux-gnu gcc-12-aarch64-linux-gnu
	gcc-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu
	linux-source-6.1 flex bison bc libssl-dev xz-utils
	man-db groff-base strace linux-perf dwarves time
	qemu-system-x86 cpio python3-matplotlib
)

log() { echo "setup: $*" >&2; }

install_packages() {
	local missing=() p sudo=()

	if ! command -v dpkg-query >/dev/null; then
		log "not a Debian system: install the equivalents of: ${PKGS[*]}"
		return 0
	fi
	for p in "${PKGS[@]}"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q "^install ok installed$" || missing+=("$p")
	done
	if [ ${#missing[@]} -eq 0 ]; then
		log "all ${#PKGS[@]} packages present"
		return 0
	fi
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null ||
			{ log "need root or sudo to install: ${missing[*]}"; exit 1; }
		sudo=(sudo)
	fi
	# Update the package lists only when one of them is unknown to apt.
	for p in "${missing[@]}"; do
		if ! apt-cache show --no-all-versions "$p" >/dev/null 2>&1; then
			log "apt-get update (apt does not know $p yet)"
			"${sudo[@]}" apt-get update -q
			break
		fi
	done
	log "installing: ${missing[*]}"
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q --no-install-recommends "${missing[@]}"
}

if [ "${ASMINLINE_NO_INSTALL:-0}" != 1 ]; then
	install_packages
fi

cmake -S . -B build
cmake --build build -j"$(nproc)"

# The arm64 plugin: only what the arm64 tests of build-arm64 use (the
# corpus and kernel tests; experiment.sh candidates, which needs asmscan
# too; run-tests.sh runs them).
ARM64_GCC=aarch64-linux-gnu-gcc-12
if command -v "$ARM64_GCC" >/dev/null &&
	[ -f "$("$ARM64_GCC" -print-file-name=plugin)/include/gcc-plugin.h" ]; then
	cmake -S . -B build-arm64 -DASMINLINE_PLUGIN_GCC="$ARM64_GCC"
	cmake --build build-arm64 -j"$(nproc)" --target asminline asmtpl-eval asmscan
else
	log "no $ARM64_GCC with plugin headers (gcc-12-plugin-dev-aarch64-linux-gnu): build-arm64 not built, its tests will be skipped"
	rm -rf build-arm64
fi
