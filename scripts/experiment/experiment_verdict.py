#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""experiment_verdict.py [-n N] [--sites SITES_JSON] DIFF_JSON — the verdict of scripts/experiment/experiment.sh.

Reads one `asmscan diff --format json` document and prints what went away
and what appeared as separate figures (call sites, tail calls, calls to
tiny callees, out-of-line copies), the text change, and the callees and
functions with the largest change in each direction.  Nothing is netted
before both directions are shown.

With --sites (an `asmscan sites --format json` document of the as-is
build), per site: the refused calls the plugin attributed to it (its
blocked-by-asm edges), the callees they name, the calls reaching those
callees before and after, and which of their out-of-line copies went
away.  Names are matched on the part before the first '.', so a callee
`foo` is `foo`, `foo.constprop` and `foo.isra` in the diff.
"""
import argparse
import json
import sys


def n(v):
    return f"{v:,}"


def s(v):
    return f"{v:+,}"


def flow_line(label, f, rows):
    gone = f" ({n(f['rows_gone'])} now at 0)" if f['rows_gone'] else ""
    new = f" ({n(f['rows_new'])} new)" if f['rows_new'] else ""
    return (f"{label}: removed {n(f['removed'])} at {n(f['rows_down'])} {rows}{gone}; "
            f"added {n(f['added'])} at {n(f['rows_up'])} {rows}{new}; "
            f"{n(f['before'])} -> {n(f['after'])} (net {s(f['after'] - f['before'])})")


def top(rows, key, k, sign):
    picked = [r for r in rows if sign * key(r) > 0]
    picked.sort(key=lambda r: (-abs(key(r)), r['name']))
    return picked[:k]


def base(name):
    return name.split('.', 1)[0]


def per_site(d, sites_doc, records, k):
    """The sites part of the verdict: one line per site with edges."""
    sd = sites_doc.get('sites') or {}
    rows = sd.get('sites') or []
    if not rows:
        print(f"\nper site: no plugin records in {records} (built without the "
              "plugin, or with embed=0): not attributed")
        return
    callees = {}
    for r in d['callees']:
        callees.setdefault(base(r['name']), []).append(r)
    gone = {}
    for r in d['functions']:
        if r['new_bytes'] is None:
            gone.setdefault(base(r['name']), []).append(r['name'])
    with_edges = [r for r in rows if r['edges']]
    print(f"\nper site ({len(rows)} flagged sites in {records}, "
          f"{len(with_edges)} with refused calls attributed; the refused "
          "calls' callees in the two builds):")
    if not with_edges:
        print("  no refused call attributed to any site (no blocked-by-asm "
              "edge records: a plugin before edge embedding, or none refused)")
    for r in with_edges[:k]:
        names = sorted({base(e['callee']) for e in r['edge_list']})
        before = after = 0
        changed = False
        for name in names:
            for c in callees.get(name, []):
                changed = True
                before += c['old_sites'] + c['old_tail_calls']
                after += c['new_sites'] + c['new_tail_calls']
        calls = (f"calls to them {n(before)} -> {n(after)} ({s(after - before)})"
                 if changed else "calls to them unchanged")
        copies = sorted(x for name in names for x in gone.get(name, []))
        ool = (f"; out of line, gone: {len(copies)} ({', '.join(copies[:4])}"
               f"{', ...' if len(copies) > 4 else ''})" if copies else "")
        shown = ', '.join(names[:4]) + (f" +{len(names) - 4}" if len(names) > 4 else "")
        print(f"  {r['spelling_file']}:{r['spelling_line']} {r['kind']}: "
              f"{n(r['edges'])} refused calls to {shown}; {calls}{ool}")
    if len(with_edges) > k:
        print(f"  [{len(with_edges) - k} more sites with refused calls]")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('-n', type=int, default=10, help='rows per list')
    ap.add_argument('--sites', help='asmscan sites --format json of the as-is build')
    ap.add_argument('--records', default='OLD', help='what --sites was read from')
    ap.add_argument('doc')
    args = ap.parse_args()
    with open(args.doc) as f:
        d = json.load(f)
    sm = d['summary']
    fn = sm['functions']
    pct = (fn['bytes_delta'] * 100.0 / fn['bytes_before']) if fn['bytes_before'] else 0.0
    print(flow_line("calls", sm['call_sites'], "callees"))
    print(flow_line("tail calls", sm['tail_calls'], "callees"))
    print(flow_line(f"calls to tiny callees (<= {sm['max_insns']} insns)",
                    sm['tiny_call_sites'], "callees"))
    for kind, label in (('duplicates', 'copies (duplicated local definitions)'),
                        ('clones', 'copies (clone symbols)'),
                        ('dwarf', 'copies (DWARF, declared inline)')):
        if sm['copies'][kind] is None:
            print(f"{label}: not compared (no DWARF on both sides)")
        else:
            print(flow_line(label, sm['copies'][kind], "functions"))
    print(f"text: function bytes {n(fn['bytes_before'])} -> {n(fn['bytes_after'])} "
          f"({s(fn['bytes_delta'])}, {pct:+.2f}%; bloat-o-meter -t: add/remove "
          f"{fn['added']}/{fn['removed']}, grow/shrink {fn['grown']}/{fn['shrunk']}); "
          f"executable sections {s(sm['executable_bytes']['delta'])} bytes; "
          f"instructions {s(sm['instructions']['delta'])}")

    k = args.n
    callees = d['callees']
    for title, sign in (("callees that lost calls", -1),
                        ("callees that gained calls (calls inside inlined bodies)", 1)):
        rows = top(callees, lambda r: r['delta'] + r['tail_delta'], k, sign)
        print(f"\n{title} (call sites; tail calls):")
        for r in rows:
            tiny = " (tiny)" if r['old_tiny'] or r['new_tiny'] else ""
            print(f"  {r['delta']:+7,}  {r['old_sites']:,} -> {r['new_sites']:,}; "
                  f"{r['tail_delta']:+,}  {r['name']}{tiny}")
        if not rows:
            print("  none")
    funcs = d['functions']
    for title, sign in (("functions that grew", 1), ("functions that shrank or went away", -1)):
        rows = top(funcs, lambda r: r['delta'], k, sign)
        print(f"\n{title} (bytes; instructions; call sites in it):")
        for r in rows:
            old = '-' if r['old_bytes'] is None else f"{r['old_bytes']:,}"
            new = '-' if r['new_bytes'] is None else f"{r['new_bytes']:,}"
            print(f"  {r['delta']:+7,}  {old} -> {new}; {r['insns_delta']:+,}; "
                  f"{r['calls_delta']:+,}  {r['name']}")
        if not rows:
            print("  none")
    if args.sites:
        with open(args.sites) as f:
            per_site(d, json.load(f), args.records, k)
    return 0


if __name__ == '__main__':
    sys.exit(main())
