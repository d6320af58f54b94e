# SPDX-License-Identifier: GPL-2.0
#
# bom.sh — sourced by the diff tests: find_bloat_o_meter sets BOM to the
# Linux 6.1 scripts/bloat-o-meter (from a prepared source tree in the
# cache, else read out of Debian's linux-source-6.1 tarball) or skips;
# run_bom OLD NEW OUT runs it with -t (BOM_MODE= : its default mode, all
# symbol types), a directory being every ELF object
# under it (through the script's own -p prefix: a "nm" that lists them
# all, whose "file:" lines the script skips).
find_bloat_o_meter() {
	local cache=${ASMINLINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/asminline} f
	for f in "$cache"/linux-6.1*/src/scripts/bloat-o-meter; do
		[ -f "$f" ] && { BOM=$f; return; }
	done
	if [ -f /usr/src/linux-source-6.1.tar.xz ]; then
		tar -xOJf /usr/src/linux-source-6.1.tar.xz \
			linux-source-6.1/scripts/bloat-o-meter >bloat-o-meter 2>/dev/null &&
			[ -s bloat-o-meter ] && { BOM=$PWD/bloat-o-meter; return; }
	fi
	skip "no Linux 6.1 scripts/bloat-o-meter (tests/kernel/prepare-kernel.sh or linux-source-6.1)"
}

run_bom() {
	local old=$1 new=$2 out=$3
	cat >dir-nm <<'SH'
#!/bin/sh
# "dir-nm --size-sort PATH": nm over every ELF object under PATH
shift
find "$1" -type f | sort | while read -r f; do
	[ "$(head -c4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] && nm --size-sort "$f" | sed "1i$f:"
done
SH
	chmod +x dir-nm
	if [ -d "$old" ]; then
		python3 "$BOM" ${BOM_MODE--t} -p "$PWD/dir-" "$old" "$new" >"$out"
	else
		python3 "$BOM" ${BOM_MODE--t} "$old" "$new" >"$out"
	fi
}
