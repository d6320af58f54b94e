#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# args.sh — strict plugin arguments: every unknown key, every bad value and
# every key given twice makes gcc fail, with an error that names the flag
# exactly as typed (both flags, for a repeat); the good values are
# accepted; "disable" still checks the others.
. "$(dirname "$0")/lib.sh"
clean_workdir
export LC_ALL=C	# ASCII quotes in the diagnostics

echo 'int f(void) { return 0; }' >ok.c
P="-fplugin=$PLUGIN"

# expect_error FLAG [MESSAGE-PART]: compiling with FLAG must fail and the
# diagnostics must quote FLAG.
expect_error() {
	local flag=$1 part=${2:-}
	if "$CC" $P "$flag" -c ok.c -o ok.o 2>err.txt; then
		fail "'$flag' was accepted"
	fi
	grep -qF -- "$flag" err.txt || { cat err.txt; fail "error for '$flag' does not name the flag"; }
	[ -z "$part" ] || grep -qF -- "$part" err.txt ||
		{ cat err.txt; fail "error for '$flag' does not say '$part'"; }
	grep -q "failed to initialize plugin" err.txt ||
		{ cat err.txt; fail "plugin_init did not fail for '$flag'"; }
}

expect_ok() {
	"$CC" $P "$@" -c ok.c -o ok.o 2>err.txt || { cat err.txt; fail "'$*' was refused"; }
}

A=-fplugin-arg-asminline
expect_error "$A-bogus" "unknown argument"
expect_error "$A-bogus=1" "unknown argument"
expect_error "$A-Mode=warn" "unknown argument"
expect_error "$A-mode=fix" "expected warn or apply"
expect_error "$A-mode" "missing value"
expect_error "$A-mode=" "missing value"
expect_error "$A-threshold=0" "1 to 1000"
expect_error "$A-threshold=1001" "1 to 1000"
expect_error "$A-threshold=-3" "1 to 1000"
expect_error "$A-threshold=4x" "1 to 1000"
expect_error "$A-threshold=99999999999999999999" "1 to 1000"
expect_error "$A-diag=error" "note, warning or none"
expect_error "$A-embed=yes" "0 or 1"
expect_error "$A-rerun=yes" "0 or 1"
expect_error "$A-rerun-timeout" "missing value"
expect_error "$A-rerun-timeout=0" "1 to 3600"
expect_error "$A-rerun-timeout=3601" "1 to 3600"
expect_error "$A-rerun-timeout=1.5" "1 to 3600"
expect_error "$A-rerun-timeout=10s" "1 to 3600"
expect_error "$A-verbose=1" "takes no value"
expect_error "$A-disable=0" "takes no value"
expect_error "$A-report" "missing value"
expect_error "$A-report=/nonexistent-dir/r.jsonl" "cannot open report"
expect_error "$A-diag-scope=unit" "expected file or all"
expect_error "$A-diag-scope" "missing value"
expect_error "$A-srctree" "missing value"
expect_error "$A-srctree=/nonexistent-dir" "not a directory"
expect_error "$A-srctree=ok.c" "not a directory"
# sites=: strict syntax, existing files, and only with mode=apply.
expect_error "$A-sites" "missing value"
expect_error "$A-sites=" "missing value"
expect_error "$A-sites=ok.c" "no ':LINE'"
expect_error "$A-sites=ok.c:" "LINE is not a number"
expect_error "$A-sites=ok.c:0" "line 0"
expect_error "$A-sites=ok.c:-1" "LINE is not a number"
expect_error "$A-sites=ok.c:1x" "LINE is not a number"
expect_error "$A-sites=ok.c:99999999999" "LINE is not a number"
expect_error "$A-sites=:3" "no FILE"
expect_error "$A-sites=ok.c:1,,ok.c:2" "an empty item"
expect_error "$A-sites=ok.c:1," "an empty item"
expect_error "$A-sites=ok.c:1" "only '-fplugin-arg-asminline-mode=apply' applies sites"
if "$CC" $P "$A-mode=apply" "$A-sites=ok.c:1,nofile.h:3" -c ok.c -o ok.o 2>err.txt; then
	fail "a site in a file that does not exist was accepted"
fi
grep -qF -- "'nofile.h' names no file in the compile directory '$PWD'" err.txt ||
	{ cat err.txt; fail "the error for a missing site file does not say where it looked"; }

# Two bad arguments: both are reported.
if "$CC" $P "$A-bogus" "$A-mode=fix" -c ok.c -o ok.o 2>err.txt; then
	fail "two bad arguments accepted"
fi
grep -qF -- "$A-bogus" err.txt && grep -qF -- "$A-mode=fix" err.txt ||
	{ cat err.txt; fail "not every bad argument was reported"; }

# "disable" does not excuse a bad argument.
if "$CC" $P "$A-disable" "$A-bogus" -c ok.c -o ok.o 2>err.txt; then
	fail "disable skipped argument checking"
fi

# expect_repeat FIRST [OTHER...] AGAIN: a key given twice is an error that
# names both flags as typed, even with the same value or no value.
expect_repeat() {
	local first=$1 again=${*: -1}
	if "$CC" $P "$@" -c ok.c -o ok.o 2>err.txt; then
		fail "'$first' then '$again' was accepted"
	fi
	grep -F -- "$again" err.txt | grep -qF -- "$first" ||
		{ cat err.txt; fail "the error for '$again' does not name '$first'"; }
	grep -q "given before" err.txt && grep -q "failed to initialize plugin" err.txt ||
		{ cat err.txt; fail "'$first' '$again': not a failed plugin_init"; }
}
expect_repeat "$A-mode=warn" "$A-mode=apply"
expect_repeat "$A-threshold=4" "$A-threshold=4"
expect_repeat "$A-verbose" "$A-verbose"
expect_repeat "$A-report=a.jsonl" "$A-embed=0" "$A-report=b.jsonl"
expect_repeat "$A-disable" "$A-disable"
# A third time names the first too, and the second is reported as well.
expect_repeat "$A-diag=none" "$A-diag=note" "$A-diag=warning"
grep -F -- "$A-diag=note" err.txt | grep -qF -- "$A-diag=none" ||
	{ cat err.txt; fail "the second diag= is not reported"; }

for a in "$A-mode=warn" "$A-mode=apply" "$A-threshold=1" "$A-threshold=1000" \
	"$A-diag=note" "$A-diag=warning" "$A-diag=none" "$A-embed=0" "$A-embed=1" \
	"$A-rerun=0" "$A-rerun=1" "$A-rerun-timeout=1" "$A-rerun-timeout=3600" \
	"$A-disable" "$A-report=r.jsonl" "$A-diag-scope=file" "$A-diag-scope=all" \
	"$A-srctree=." "$A-srctree=none" "$A-srctree=$PWD"; do
	expect_ok "$a"
done
expect_ok "$A-mode=apply" "$A-threshold=1" "$A-diag=none" "$A-embed=0" \
	"$A-report=r.jsonl" "$A-rerun=0" "$A-rerun-timeout=5" "$A-disable"
expect_ok "$A-verbose"
expect_ok "$A-mode=apply" "$A-sites=ok.c:1,$PWD/ok.c:2,./ok.c:3"
expect_repeat "$A-sites=ok.c:1" "$A-mode=apply" "$A-sites=ok.c:2"
expect_ok "$A-help"
grep -q -- "-fplugin-arg-asminline-mode=warn|apply" err.txt || { cat err.txt; fail "help text not printed"; }
pass
