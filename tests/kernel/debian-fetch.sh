#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# debian-fetch.sh — Debian packages for the kernel tests, from any Debian
# suite and architecture, without touching the machine's own apt: what
# tests/kernel/fetch-vmlinux.sh and prepare-kernel.sh share.
#
#   debian-fetch.sh mirror [security]        the archive's URI (or the
#                                            security archive's) in the
#                                            machine's apt sources
#   debian-fetch.sh STATE ARCH find [--fresh] REGEX
#                                            "PACKAGE VERSION" of the
#                                            highest package name matching
#                                            REGEX (grep -E), and its
#                                            candidate version
#   debian-fetch.sh STATE ARCH download PACKAGE VERSION DIR
#                                            the .deb into DIR; its path
#   debian-fetch.sh member DEB REGEX OUT     the one regular file of DEB
#                                            whose path matches REGEX,
#                                            extracted to OUT
#   debian-fetch.sh members DEB REGEX DIR    every regular file of DEB
#                                            whose path matches REGEX,
#                                            in one pass, each to
#                                            DIR/its base name
#
# STATE is where the package lists come from:
#   system    the machine's own apt (its sources and lists, the host's
#             architecture only); when nothing matches and we are root,
#             `apt-get update` once, as the tests always did;
#   sid       Debian's development suite (the newest kernel);
#   bookworm  Debian 12 with its updates and security suites (the arm64
#             6.1 and 6.12 kernels).
# A suite's state is private: a sources file naming the machine's own
# mirror (signed by the machine's Debian keyring), and its own lists,
# cache and empty dpkg status under $ASMINLINE_CACHE/apt/SUITE-ARCH,
# handed to apt-get and apt-cache with -o Dir::...; /etc/apt and
# /var/lib/apt are only read.  Its lists are fetched when missing, older
# than ASMINLINE_APT_MAX_HOURS (default 24), or with find --fresh (what a
# caller does before a download, so that a package the mirror has dropped
# since is not asked for); a failed update keeps the lists it had.  A
# suite's Release file can be past its Valid-Until date (a snapshot of
# sid): that is accepted, as gcc-root.sh does.
#
# member reads the package's md5sums (its control archive, a few hundred
# kB) to know the regular files it holds, so that a symbolic link matching
# REGEX is never taken (Linux 7.x's usr/lib/debug/boot/vmlinux-VER is one
# to usr/lib/debug/lib/modules/VER/vmlinux), then extracts exactly that
# member with tar --occurrence=1, which stops reading the data archive
# once it has it (dpkg-deb then dies of a broken pipe: its status is not
# looked at, the md5 sum is).
#
# Exit codes: 0 done (the answer on stdout), 77 it cannot be had here (no
# apt, no such package, the download failed; the reason on stderr, the
# ctest convention), 1 anything else, 2 usage.
set -euo pipefail

cache=${ASMINLINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/asminline}

log() { echo "debian-fetch: $*" >&2; }
skip() { echo "debian-fetch: SKIP: $*" >&2; exit 77; }
die() { echo "debian-fetch: $*" >&2; exit 1; }
usage() {
	echo "usage: $0 mirror [security] | STATE ARCH find [--fresh] REGEX |" \
		"STATE ARCH download PACKAGE VERSION DIR | member DEB REGEX OUT |" \
		"members DEB REGEX DIR" >&2
	exit 2
}

# The URIs of the machine's apt sources (deb822 files, then sources.list),
# the security archive's when $1 is "security".
mirror() {
	local want=${1:-} uri
	uri=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null |
		tr ' ' '\n' | { if [ "$want" = security ]; then grep security; else grep -v security; fi; } |
		sed -n 1p || true)
	[ -n "$uri" ] ||
		uri=$(awk -v want="$want" '$1 == "deb" && (want == "security") == ($0 ~ /security/) {
			for (i = 2; i <= NF; i++) if ($i ~ /:\/\//) { print $i; exit } }' \
			/etc/apt/sources.list 2>/dev/null || true)
	if [ -z "$uri" ] && [ "$want" = security ]; then
		uri=http://deb.debian.org/debian-security
	fi
	[ -n "$uri" ] || skip "no Debian mirror in /etc/apt/sources.list*"
	echo "$uri"
}

# The keyring the machine's sources are signed by.
keyring() {
	local k
	k=$(sed -n 's/^Signed-By:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null |
		sed -n 1p || true)
	[ -n "$k" ] && [ -f "$k" ] || k=/usr/share/keyrings/debian-archive-keyring.gpg
	[ -f "$k" ] || skip "no Debian archive keyring ($k): install debian-archive-keyring"
	echo "$k"
}

state=
arch=
dir=
apt_opts=()

# set_state STATE ARCH: dir and apt_opts for that state (made if new).
set_state() {
	state=$1 arch=$2
	case "$arch" in
	amd64 | arm64) ;;
	*) echo "debian-fetch: unknown architecture '$arch' (amd64, arm64)" >&2; exit 2 ;;
	esac
	if ! command -v apt-get >/dev/null || ! command -v apt-cache >/dev/null; then
		skip "no apt-get: not a Debian system"
	fi
	apt_opts=()
	[ "$(id -u)" != 0 ] || apt_opts+=(-o APT::Sandbox::User=root)
	case "$state" in
	system)
		[ "$arch" = "$(dpkg --print-architecture)" ] ||
			{ echo "debian-fetch: the system state is for $(dpkg --print-architecture) only" >&2; exit 2; }
		return 0
		;;
	sid | bookworm) ;;
	*) echo "debian-fetch: unknown state '$state' (system, sid, bookworm)" >&2; exit 2 ;;
	esac
	dir=$cache/apt/$state-$arch
	mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
	# The state's lock, held while its files are written and read (a
	# download lets it go: the .deb is the caller's).
	exec 6>"$cache/apt/.$state-$arch.lock"
	flock 6
	[ -f "$dir/status" ] || : >"$dir/status"
	local key main
	key=$(keyring)
	main=$(mirror)
	{
		if [ "$state" = sid ]; then
			echo "deb [signed-by=$key] $main sid main"
		else
			echo "deb [signed-by=$key] $main bookworm main"
			echo "deb [signed-by=$key] $main bookworm-updates main"
			echo "deb [signed-by=$key] $(mirror security) bookworm-security main"
		fi
	} >"$dir/sources.list.new"
	if cmp -s "$dir/sources.list.new" "$dir/sources.list"; then
		rm -f "$dir/sources.list.new"
	else
		mv "$dir/sources.list.new" "$dir/sources.list"
		rm -f "$dir/updated"
	fi
	apt_opts+=(-o "Dir::Etc::SourceList=$dir/sources.list"
		-o Dir::Etc::SourceParts=/nonexistent
		-o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache"
		-o "Dir::State::status=$dir/status"
		-o "APT::Architecture=$arch" -o "APT::Architectures=$arch"
		-o Acquire::Check-Valid-Until=false -o Acquire::Languages=none)
}

# update [force]: the private lists, when missing, old, or forced.  Runs
# under the state's lock (set_state's).
update() {
	local force=${1:-} max=${ASMINLINE_APT_MAX_HOURS:-24} age
	if [ -f "$dir/updated" ] && [ -z "$force" ]; then
		age=$((($(date +%s) - $(stat -c %Y "$dir/updated")) / 3600))
		[ "$age" -ge "$max" ] || return 0
	fi
	log "apt-get update: Debian $state ($arch) into $dir"
	if apt-get "${apt_opts[@]}" -qq update >"$dir/update.log" 2>&1; then
		touch "$dir/updated"
	elif [ -f "$dir/updated" ]; then
		log "apt-get update failed (see $dir/update.log); keeping the lists of $(date -r "$dir/updated" '+%F %R')"
	else
		tail -n 5 "$dir/update.log" >&2
		skip "apt-get update of Debian $state ($arch) failed (no network or no mirror; $dir/update.log)"
	fi
}

# find [--fresh] REGEX
find_pkg() {
	local fresh='' pkg version
	[ "${1:-}" != --fresh ] || { fresh=1; shift; }
	[ $# -eq 1 ] || usage
	newest() {
		apt-cache "${apt_opts[@]}" search --names-only "$1" 2>/dev/null | cut -d' ' -f1 |
			grep -E "$1" | sort -V | tail -n 1 || true
	}
	if [ "$state" = system ]; then
		pkg=$(newest "$1")
		if [ -z "$pkg" ] && [ "$(id -u)" = 0 ]; then
			apt-get update -qq >&2 || true
			pkg=$(newest "$1")
		fi
	else
		update $fresh
		pkg=$(newest "$1")
	fi
	[ -n "$pkg" ] || skip "no package matching '$1' in Debian $state ($arch)"
	version=$(apt-cache "${apt_opts[@]}" policy "$pkg" 2>/dev/null | sed -n 's/^ *Candidate: //p')
	if [ -z "$version" ] || [ "$version" = "(none)" ]; then
		skip "$pkg has no installable version"
	fi
	echo "$pkg $version"
}

# download PACKAGE VERSION DIR
download() {
	[ $# -eq 3 ] || usage
	local pkg=$1 version=$2 to=$3 debs
	[ "$state" = system ] || exec 6>&-
	mkdir -p "$to"
	(cd "$to" && apt-get "${apt_opts[@]}" download -qq "$pkg=$version" >&2) ||
		skip "apt-get download $pkg=$version from Debian $state ($arch) failed (no network or no mirror)"
	debs=("$to/${pkg}_"*.deb)
	[ -f "${debs[0]}" ] || die "apt-get download $pkg left no .deb in $to"
	echo "${debs[0]}"
}

# member DEB REGEX OUT
member() {
	[ $# -eq 3 ] || usage
	local deb=$1 re=$2 out=$3 lines path sum tmp
	lines=$(dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./md5sums | grep -E "^[0-9a-f]{32}  ($re)\$" || true)
	[ -n "$lines" ] || die "$deb: no regular file matching '$re' (its md5sums)"
	[ "$(printf '%s\n' "$lines" | wc -l)" = 1 ] ||
		die "$deb: more than one regular file matches '$re': $(printf '%s\n' "$lines" | cut -c35- | tr '\n' ' ')"
	sum=${lines%% *}
	path=${lines#*  }
	tmp=$(mktemp -d "$(dirname "$out")/.member.XXXXXX")
	# dpkg-deb's status is not read: tar --occurrence=1 leaves the pipe
	# once it has the file, and the checksum says whether it is whole.
	{ dpkg-deb --fsys-tarfile "$deb" 2>/dev/null || true; } |
		tar -x -C "$tmp" --occurrence=1 "./$path" || true
	if [ ! -f "$tmp/$path" ] || [ "$(md5sum <"$tmp/$path" | cut -d' ' -f1)" != "$sum" ]; then
		rm -rf "$tmp"
		die "$deb: could not extract $path (or its md5 sum is not the package's)"
	fi
	mv "$tmp/$path" "$out"
	rm -rf "$tmp"
	echo "$out"
}

members() {
	[ $# -eq 3 ] || usage
	local deb=$1 re=$2 dir=$3 lines tmp sum path n paths
	lines=$(dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./md5sums | grep -E "^[0-9a-f]{32}  ($re)\$" || true)
	[ -n "$lines" ] || die "$deb: no regular file matching '$re' (its md5sums)"
	n=$(printf '%s\n' "$lines" | wc -l)
	[ "$(printf '%s\n' "$lines" | sed 's|.*/||' | sort -u | wc -l)" = "$n" ] ||
		die "$deb: two files matching '$re' have one base name"
	tmp=$(mktemp -d "$dir/.members.XXXXXX")
	mapfile -t paths < <(printf '%s\n' "$lines" | sed 's|^[0-9a-f]*  |./|')
	# The whole data archive is read: the files may be anywhere in it.
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp" "${paths[@]}"
	while read -r sum path; do
		if [ "$(md5sum <"$tmp/$path" | cut -d' ' -f1)" != "$sum" ]; then
			rm -rf "$tmp"
			die "$deb: could not extract $path (or its md5 sum is not the package's)"
		fi
		mv "$tmp/$path" "$dir/${path##*/}"
		echo "$dir/${path##*/}"
	done <<<"$lines"
	rm -rf "$tmp"
}

[ $# -ge 1 ] || usage
case "$1" in
mirror) [ $# -le 2 ] || usage; mirror "${2:-}"; exit 0 ;;
member) shift; member "$@"; exit 0 ;;
members) shift; members "$@"; exit 0 ;;
esac
[ $# -ge 3 ] || usage
set_state "$1" "$2"
verb=$3
shift 3
case "$verb" in
find) find_pkg "$@" ;;
download) download "$@" ;;
*) usage ;;
esac
