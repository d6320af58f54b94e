#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# what-if.sh PLUGIN CC ASMSCAN — mode=apply sites=FILE:LINE that marks
# nothing is said, not silent.  what-if/a.c and b.c, which include
# what-if/include/what-if.h, built with one sites= list naming, by their
# "site:" tags: the header's flagged asm (marked in both units), a header
# line without asm, the header's unflagged asm (spelled in b only), a.c's
# flagged asm, a.c's unflagged asm, a line of a.c without asm, and b.c's
# unflagged asm.
#   - the plugin: in each unit, one note per item of the unit's own file
#     that marked nothing, at that line ("no asm statement compiled in
#     this unit is spelled at this line", "... not flagged"); none for
#     the header's items, none for what marked something; none with
#     diag=none; with diag=warning and -Werror (b.c, whose own asm is not
#     flagged) still a note, and exit 0;
#   - the unit records say per item the statements and how many marked;
#   - asmscan sites, the summary and check: one note per item that marked
#     nothing in every unit (the five), none for the other two, on stderr
#     and in the JSON document's "notes", the exit code the verb's own;
#     diff -f evidence the same for its old build; nothing without sites=.
. "$(dirname "$0")/lib.sh"
ASMSCAN=${3:?usage: $0 PLUGIN CC ASMSCAN}
need_x86_64
need_tool python3
clean_workdir

dir=$TESTDIR/what-if
declare -A line
list=
for f in "$dir/include/what-if.h" "$dir/a.c" "$dir/b.c"; do
	while read -r n tag; do
		line[$tag]="$f:$n"
		list=${list:+$list,}$f:$n
	done < <(grep -n 'site: ' "$f" | sed 's|^\([0-9]*\):.*site: \([a-z_]*\) .*|\1 \2|')
done
[ ${#line[@]} -eq 7 ] || fail "expected 7 tagged lines, found ${#line[@]}"

apply=(-O2 -c -I"$dir/include" -fplugin="$PLUGIN" -fplugin-arg-asminline-mode=apply
	-fplugin-arg-asminline-sites="$list")
for u in a b; do
	"$CC" "${apply[@]}" -o $u.o "$dir/$u.c" 2>$u.err || fail "$u.c: compile failed: $(tail -3 $u.err)"
	"$CC" "${apply[@]}" -fplugin-arg-asminline-diag=none -o $u-none.o "$dir/$u.c" 2>$u-none.err ||
		fail "$u.c diag=none: compile failed"
	! grep -q "of 'sites=' marked nothing\|of .sites=. marked nothing" $u-none.err ||
		fail "$u.c: diag=none, yet: $(grep 'marked nothing' $u-none.err)"
	"$CC" -O2 -c -I"$dir/include" -fplugin="$PLUGIN" -o $u-warn.o "$dir/$u.c" ||
		fail "$u.c warn mode: compile failed"
done
rc=0
"$CC" "${apply[@]}" -fplugin-arg-asminline-diag=warning -Werror -o b-werror.o "$dir/b.c" 2>b-werror.err || rc=$?
[ "$rc" -eq 0 ] || fail "b.c with diag=warning -Werror: exit $rc: $(tail -3 b-werror.err)"

pairs=()
for tag in "${!line[@]}"; do pairs+=("$tag" "${line[$tag]}"); done
python3 - "$ASMSCAN" "$TESTDIR" "$dir" "${pairs[@]}" <<'PY' || exit 1
import json, os, re, subprocess, sys
asmscan, testdir = sys.argv[1], sys.argv[2]
pairs = sys.argv[4:]
line = {pairs[i]: pairs[i + 1] for i in range(0, len(pairs), 2)}
sys.path.insert(0, testdir)
import embedded
def fail(msg):
    sys.exit("what-if: FAIL: " + msg)
def where(tag):
    f, n = line[tag].rsplit(":", 1)
    return os.path.basename(f), int(n)
NOTE = re.compile(r"^(\S+?):(\d+):\d+: note: asminline: site .(\S+). of .sites=. marked nothing: (.*)$", re.M)
want_plugin = {"a": {"a_plain": "not flagged", "a_empty": "no .asm. statement compiled"},
               "b": {"b_plain": "not flagged"}}
for u, want in want_plugin.items():
    for variant in (u, "b-werror") if u == "b" else (u,):
        err = open(variant + ".err").read()
        got = {}
        for m in NOTE.finditer(err):
            tag = next(t for t in line if line[t] == m[3])
            if (os.path.basename(m[1]), int(m[2])) != where(tag):
                fail(f"{variant}: the note for {tag} is at {m[1]}:{m[2]}")
            got[tag] = m[4]
        if sorted(got) != sorted(want) or any(not re.search(want[t], got[t]) for t in want):
            fail(f"{variant}: notes {got}, expected {sorted(want)}")
        if ": warning: " in err or ": error: " in err:
            fail(f"{variant}: a warning or an error: {err}")
print("what-if: plugin: a.c 2 notes, b.c 1 note (also with diag=warning -Werror), at their lines")
# The unit records.
counts = {}
for u in "ab":
    units, _ = embedded.read(u + ".o")
    for s in units[0]["sites"]:
        tag = next(t for t in line if line[t] == s["site"])
        counts.setdefault(tag, []).append((s["statements"], s["applied"]))
want_counts = {"header_flagged": [(1, 1), (1, 1)], "header_empty": [(0, 0), (0, 0)],
               "header_plain": [(0, 0), (1, 0)], "a_flagged": [(1, 1), (0, 0)],
               "a_plain": [(1, 0), (0, 0)], "a_empty": [(0, 0), (0, 0)],
               "b_plain": [(0, 0), (1, 0)]}
if counts != want_counts:
    fail(f"unit records' sites: {counts}")
# asmscan.
want = {"header_empty": r"^no asm statement is spelled at that line in the 2 units built with it$",
        "header_plain": r"^1 asm statement spelled there, in 1 of the 2 units built with it, none flagged",
        "a_plain": r"^1 asm statement spelled there, in 1 of the 2 units",
        "a_empty": r"^no asm statement",
        "b_plain": r"^1 asm statement spelled there, in 1 of the 2 units"}
def notes_of(text):
    got = {}
    for m in re.finditer(r"^asmscan: (\S+): note: sites= marked nothing: (\S+): (.*)$", text, re.M):
        got[next(t for t in line if line[t] == m[2])] = m[3]
    return got
def check(name, got):
    if sorted(got) != sorted(want) or any(not re.search(want[t], got[t]) for t in want):
        fail(f"asmscan {name}: notes {got}, expected {sorted(want)}")
# check against no baseline: every finding is new, exit 1.
for verb, rc in ((["sites"], 0), ([], 0), (["check", "--baseline", "none.txt"], 1)):
    p = subprocess.run([asmscan, *verb, "a.o", "b.o"], capture_output=True, text=True)
    if p.returncode != rc:
        fail(f"asmscan {verb}: exit {p.returncode}, expected {rc}: {p.stderr}")
    check(" ".join(verb) or "(summary)", notes_of(p.stderr))
    j = subprocess.run([asmscan, *verb, "-f", "json", "a.o", "b.o"], capture_output=True, text=True)
    doc = json.loads(j.stdout)
    notes = doc.get("notes") or doc.get("check", {}).get("notes") or []
    check((" ".join(verb) or "(summary)") + " -f json",
          notes_of("\n".join("asmscan: " + n["note"].replace(": sites= marked", ": note: sites= marked", 1)
                             for n in notes if "sites= marked nothing" in n["note"])))
# diff -f evidence reads the old build's records: a.o alone, one unit.
p = subprocess.run([asmscan, "diff", "-f", "evidence", "a.o", "b.o"], capture_output=True, text=True)
got = notes_of(p.stderr)
if sorted(got) != ["a_empty", "a_plain", "b_plain", "header_empty", "header_plain"] or \
        not re.search(r"^1 asm statement spelled there, in the 1 unit built with it", got["a_plain"]):
    fail(f"asmscan diff -f evidence: exit {p.returncode}, notes {got}")
p = subprocess.run([asmscan, "sites", "a-warn.o", "b-warn.o"], capture_output=True, text=True)
if "sites= marked nothing" in p.stderr:
    fail(f"warn-mode objects: {p.stderr}")
print("what-if: asmscan sites, the summary, check and diff -f evidence: 5 notes (text and JSON), none in warn mode")
PY
pass "what-ifs that marked nothing are said by the plugin in their own unit and by asmscan over the build"
