# SPDX-License-Identifier: GPL-2.0
#
# timing.sh — sourced by the benches that time commands side by side
# (asmscan-vs-binutils.sh, asmscan-package.sh).  The caller sets $tmp,
# a directory of its own.
#
# timed NAME CMD...: one run of CMD (stdout dropped) under /usr/bin/time -v,
# appended to $tmp/NAME.runs as "wall user sys rss_kb"; 1 with CMD's
# stderr shown if it fails.
timed() {
	local name=$1
	shift
	/usr/bin/time -v -o "$tmp/time.txt" "$@" >/dev/null 2>"$tmp/err.txt" || {
		echo "bench: $name failed:" >&2
		cat "$tmp/err.txt" >&2
		return 1
	}
	awk -F': ' '
		/Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0
			for (i = 1; i <= n; i++) w = w * 60 + t[i] }
		/User time/ { u = $2 } /System time/ { s = $2 }
		/Maximum resident set size/ { r = $2 }
		END { printf "%.2f %.2f %.2f %d\n", w, u, s, r }' "$tmp/time.txt" >>"$tmp/$name.runs"
}

# summary NAME: "NAME wall user sys rss_kb", the median run by wall time
# and the largest RSS seen.
summary() {
	sort -n "$tmp/$1.runs" | awk -v name="$1" '
		{ w[NR] = $1; u[NR] = $2; s[NR] = $3; if ($4 > r) r = $4 }
		END { m = int((NR + 1) / 2); print name, w[m], u[m], s[m], r }'
}

# in_turns ROUND NAME...: the names, one a line, the first moved last in
# odd rounds, so that of two commands compared each runs first in every
# other round (memory a process has just freed is cheaper to touch again
# for a few seconds: the one always second would have the edge).
in_turns() {
	local round=$1
	shift
	((round % 2 == 0)) || set -- "${@:2}" "$1"
	printf '%s\n' "$@"
}
