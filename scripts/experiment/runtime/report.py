#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report.py [OPTIONS] DIR — the runtime experiment's report from the guest outputs in DIR.

DIR is what `experiment.sh runtime` wrote (OUT): OUT/boots/*.txt, one file
per boot, each what asminline-bench printed in that boot (format 1, see
asminline-bench.c), named NN-SIDE-KIND.txt (SIDE old or new, KIND time
or count), and OUT/callees.json (which kernel symbols stand for which
callee of `asmscan diff`).  This script parses them, computes per workload
the instructions per operation of each kernel (under QEMU's -icount, guest
nanoseconds are instructions), their spread over boots and whether the
difference is beyond the noise (scripts/experiment/runstats.py), and the calls per
operation counted in the count boots, per callee; then writes
OUT/runtime.txt, OUT/runtime.json and, with matplotlib, OUT/runtime.png,
and prints the text table.

Exit codes: 0 written, 1 a boot's output is incomplete or says a workload
failed, 2 usage or DIR unreadable.
"""
import argparse
import json
import os
import re
import struct
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from runstats import compare, mean_sd  # noqa: E402

FORMAT_VERSION = 1
BOOT_NAME = re.compile(r'^(\d+)-(old|new)-(time|count)\.txt$')
FIELD = re.compile(r'(\w+)=(\S*)')
# trace_stat/function<CPU> prints "  %-30.30s  %10lu" (ftrace.c,
# function_stat_show): a longer symbol is cut at 30 characters.
FTRACE_NAME_MAX = 30


class GuestError(Exception):
    pass


def parse_guest(text):
    """One boot's output as a dict: header, uname, runs (workload -> list
    of (ops, ns)), counts (symbol -> method, event), traces ((workload,
    run, phase, file) -> raw lines), errors, status (None: no "end")."""
    g = {'header': None, 'uname': {}, 'runs': {}, 'counts': {}, 'traces': {},
         'errors': [], 'status': None}
    for line in text.replace('\r', '').split('\n'):
        kind, _, rest = line.partition(' ')
        if kind == 'trace':
            fields, sep, raw = rest.partition(' | ')
            f = dict(FIELD.findall(fields))
            if not sep or not {'workload', 'run', 'phase', 'file'} <= f.keys():
                raise GuestError(f"bad trace line: {line!r}")
            key = (f['workload'], int(f['run']), f['phase'], f['file'])
            g['traces'].setdefault(key, []).append(raw)
            continue
        f = dict(FIELD.findall(rest))
        if kind == 'asminline-bench':
            if f.get('format') != '1':
                raise GuestError(f"unknown output format {f.get('format')!r}")
            g['header'] = f
        elif kind == 'uname':
            g['uname'] = f
        elif kind == 'workload':
            try:
                g['runs'].setdefault(f['name'], []).append((int(f['ops']), int(f['ns'])))
            except (KeyError, ValueError):
                raise GuestError(f"bad workload line: {line!r}")
        elif kind == 'count':
            g['counts'][f.get('symbol', '')] = (f.get('method', 'none'), f.get('event'))
        elif kind == 'error':
            g['errors'].append(f.get('what', rest))
        elif kind == 'end':
            g['status'] = int(f.get('status', '1'))
    if g['header'] is None:
        raise GuestError('no "asminline-bench" header: the program did not run or print')
    return g


def ftrace_hits(lines):
    """{name: hits} from trace_stat/function<CPU> text (header skipped;
    the same name twice, as duplicated local symbols give, is summed)."""
    hits = {}
    for raw in lines:
        parts = raw.split()
        if len(parts) < 2 or parts[0] in ('Function', '--------'):
            continue
        try:
            n = int(parts[1])
        except ValueError:
            continue
        hits[parts[0]] = hits.get(parts[0], 0) + n
    return hits


def kprobe_hits(lines):
    """{event: (nhit, nmissed)} from kprobe_profile text."""
    out = {}
    for raw in lines:
        parts = raw.split()
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            out[parts[0]] = (int(parts[1]), int(parts[2]))
    return out


def match_ftrace_name(name, symbols):
    """The requested symbols a trace_stat name stands for (a name cut at
    30 characters may stand for several)."""
    if name in symbols:
        return [name]
    if len(name) == FTRACE_NAME_MAX:
        return sorted(s for s in symbols if s.startswith(name))
    return []


def profile_calls(g):
    """{workload: {symbol: calls in the measured runs}} and {workload:
    ops in those runs}, from one count boot's traces; plus problems (a
    list of strings: missed kprobe hits, ambiguous cut names)."""
    ftrace_syms = {s for s, (m, _) in g['counts'].items() if m == 'ftrace'}
    # kprobe_profile names an event without its group ("k3" for asminline/k3).
    events = {e.rpartition('/')[2]: s for s, (m, e) in g['counts'].items() if m == 'kprobe' and e}
    calls, problems, ambiguous = {}, [], set()
    for wl, runs in g['runs'].items():
        per = calls.setdefault(wl, {s: 0 for s, (m, _) in g['counts'].items() if m != 'none'})
        for run in range(len(runs)):
            for (w, r, phase, file), lines in g['traces'].items():
                if w != wl or r != run or phase != 'after':
                    continue
                if file.startswith('trace_stat/function'):
                    for name, n in ftrace_hits(lines).items():
                        m = match_ftrace_name(name, ftrace_syms)
                        if len(m) == 1:
                            per[m[0]] += n
                        elif m:
                            ambiguous.update(m)
                            problems.append(f"'{name}' (cut at 30 characters) matches {len(m)} symbols: none of them counted")
                elif file == 'kprobe_profile':
                    after = kprobe_hits(lines)
                    before = kprobe_hits(g['traces'].get((w, r, 'before', file), []))
                    for ev, (nhit, nmiss) in after.items():
                        if ev not in events:
                            continue
                        b = before.get(ev, (0, 0))
                        per[events[ev]] += nhit - b[0]
                        if nmiss - b[1]:
                            problems.append(f"{wl}: kprobe {ev} ({events[ev]}) missed {nmiss - b[1]} hits")
    ops = {wl: sum(o for o, _ in runs) for wl, runs in g['runs'].items()}
    for per in calls.values():
        for sym in ambiguous:
            per.pop(sym, None)
    return calls, ops, problems


def load_boots(d):
    """[(index, side, kind, parsed output)] of every boot file in d, in order."""
    boots = []
    for name in sorted(os.listdir(d)):
        m = BOOT_NAME.match(name)
        if not m:
            continue
        with open(os.path.join(d, name), errors='replace') as f:
            text = f.read()
        try:
            g = parse_guest(text)
        except GuestError as e:
            raise GuestError(f"{name}: {e}")
        if g['status'] is None:
            raise GuestError(f"{name}: no \"end\" line: the boot stopped before the benchmark finished")
        if g['status'] != 0 or g['errors']:
            raise GuestError(f"{name}: the benchmark failed: {'; '.join(g['errors']) or 'status ' + str(g['status'])}")
        boots.append((int(m.group(1)), m.group(2), m.group(3), g))
    return boots


def analyse(boots, callees, sigmas=3.0, min_effect=0.0):
    """The report as a dict (docs/reference/runtime.md, "The JSON")."""
    samples = {'old': {}, 'new': {}}
    ops = {}
    for _, side, kind, g in boots:
        if kind != 'time':
            continue
        for wl, runs in g['runs'].items():
            # One sample per boot: the boot is what varies.
            per_op = [ns / o for o, ns in runs]
            samples[side].setdefault(wl, []).append(sum(per_op) / len(per_op))
            ops[wl] = runs[0][0]
    counted = {'old': {}, 'new': {}}
    methods = {'old': {}, 'new': {}}
    problems = []
    for _, side, kind, g in boots:
        if kind != 'count':
            continue
        calls, cops, probs = profile_calls(g)
        problems += [f"{side}: {p}" for p in probs]
        for s, (m, _) in g['counts'].items():
            methods[side][s] = m
        for wl, per in calls.items():
            acc = counted[side].setdefault(wl, {})
            for s, n in per.items():
                a = acc.setdefault(s, [0, 0])
                a[0] += n
                a[1] += cops[wl]
    workloads = []
    names = [w for w in samples['old'] if w in samples['new']]
    for wl in names:
        c = compare(samples['old'][wl], samples['new'][wl], sigmas, min_effect)
        row = {'name': wl, 'ops': ops[wl],
               'old': {'per_op': samples['old'][wl], 'mean': c['mean_a'], 'sd': c['sd_a']},
               'new': {'per_op': samples['new'][wl], 'mean': c['mean_b'], 'sd': c['sd_b']},
               'diff': c['diff'], 'rel_pct': c['rel'], 'se': c['se'],
               'verdict': 'beyond' if c['beyond'] else 'within',
               'calls': None}
        if wl in counted['old'] and wl in counted['new']:
            row['calls'] = callee_calls(wl, counted, methods, callees)
        workloads.append(row)
    return {'format_version': FORMAT_VERSION, 'sigmas': sigmas, 'min_effect_pct': min_effect,
            'boots': {s: sum(1 for _, sd, k, _ in boots if sd == s and k == 'time') for s in ('old', 'new')},
            'count_boots': {s: sum(1 for _, sd, k, _ in boots if sd == s and k == 'count') for s in ('old', 'new')},
            'workloads': workloads, 'callees': callee_summary(methods, callees),
            'problems': sorted(set(problems))}


def callee_calls(wl, counted, methods, callees):
    """Per callee of the diff: calls per operation in each kernel (None
    where none of its symbols could be counted; 0 where the kernel has
    no symbol for it: every call was inlined away) and the calls avoided."""
    rows = []
    total_old = total_new = 0.0
    for name, info in sorted(callees.items()):
        per = {}
        for side in ('old', 'new'):
            syms = info['symbols'][side]
            got = [counted[side][wl][s] for s in syms if s in counted[side][wl]]
            if not syms:
                per[side] = 0.0
            elif len(got) < len(syms) and any(methods[side].get(s) != 'none' for s in syms):
                # A symbol counted in no way, or cut ambiguously: a
                # partial sum would read as calls avoided.
                per[side] = None
            elif not got:
                per[side] = None
            else:
                per[side] = sum(n for n, _ in got) / got[0][1] if got[0][1] else 0.0
        if per['old'] is None or per['new'] is None:
            continue
        if per['old'] == 0 and per['new'] == 0:
            continue
        total_old += per['old']
        total_new += per['new']
        rows.append({'callee': name, 'old_per_op': per['old'], 'new_per_op': per['new'],
                     'avoided_per_op': per['old'] - per['new'],
                     'static_delta': info.get('static_delta', 0)})
    rows.sort(key=lambda r: (-abs(r['avoided_per_op']), r['callee']))
    return {'old_per_op': total_old, 'new_per_op': total_new,
            'avoided_per_op': total_old - total_new, 'callees': rows}


def callee_summary(methods, callees):
    out = {'callees': len(callees)}
    for side in ('old', 'new'):
        n = {'ftrace': 0, 'kprobe': 0, 'none': 0, 'absent': 0}
        for info in callees.values():
            syms = info['symbols'][side]
            if not syms:
                n['absent'] += 1
                continue
            ms = {methods[side].get(s, 'none') for s in syms}
            n['ftrace' if 'ftrace' in ms else 'kprobe' if 'kprobe' in ms else 'none'] += 1
        out[side] = n
    return out


def fmt(x, digits=1):
    return f"{x:,.{digits}f}"


def render_text(rep, out, top=3):
    print(f"instructions per operation (guest ns under -icount), "
          f"{rep['boots']['old']} + {rep['boots']['new']} boots alternating; "
          f"beyond the noise: |diff| > {rep['sigmas']:g} standard errors and >= {rep['min_effect_pct']:g}%",
          file=out)
    hdr = ('WORKLOAD', 'OPS', 'OLD/OP', 'SD', 'NEW/OP', 'SD', 'DELTA', '%', 'NOISE', 'VERDICT', 'CALLS/OP AVOIDED')
    rows = []
    for w in rep['workloads']:
        c = w['calls']
        rows.append((w['name'], f"{w['ops']:,}", fmt(w['old']['mean']), fmt(w['old']['sd']),
                     fmt(w['new']['mean']), fmt(w['new']['sd']), f"{w['diff']:+,.1f}",
                     f"{w['rel_pct']:+.2f}%", fmt(w['se'] * rep['sigmas']), w['verdict'],
                     '-' if c is None else f"{c['avoided_per_op']:+.2f} ({fmt(c['old_per_op'], 2)} -> {fmt(c['new_per_op'], 2)})"))
    widths = [max(len(r[i]) for r in rows + [hdr]) for i in range(len(hdr))]
    for r in [hdr] + rows:
        print('  '.join(v.ljust(widths[i]) if i in (0, 9, 10) else v.rjust(widths[i])
                        for i, v in enumerate(r)).rstrip(), file=out)
    print("NOISE: the standard error of the difference times the sigmas; CALLS/OP AVOIDED: calls per "
          "operation, old minus new, to the callees whose call sites asmscan diff saw change", file=out)
    for w in rep['workloads']:
        c = w['calls']
        if not c or not c['callees']:
            continue
        lines = [f"{r['callee']} {r['old_per_op']:.2f} -> {r['new_per_op']:.2f}" for r in c['callees'][:top]]
        more = len(c['callees']) - top
        print(f"  {w['name']}: " + ', '.join(lines) + (f" [{more} others]" if more > 0 else ''), file=out)
    cs = rep['callees']
    for side in ('old', 'new'):
        n = cs[side]
        print(f"callees counted in {side}: {cs['callees']} asked; {n['ftrace']} by the function profiler, "
              f"{n['kprobe']} by kprobes, {n['none']} not countable, {n['absent']} without a symbol (0 calls)",
              file=out)
    for p in rep['problems']:
        print(f"note: {p}", file=out)


def plot_values(rep):
    """Per workload: name, change in instructions per operation (%), the
    noise band (sigmas standard errors, % of old), and a colour name."""
    vals = []
    for w in rep['workloads']:
        noise = w['se'] * rep['sigmas'] * 100.0 / w['old']['mean'] if w['old']['mean'] else 0.0
        colour = ('fewer' if w['diff'] < 0 else 'more') if w['verdict'] == 'beyond' else 'within'
        vals.append((w['name'], w['rel_pct'], noise, colour))
    return vals


COLOURS = {'fewer': (44, 160, 44), 'more': (214, 39, 40), 'within': (127, 127, 127)}


def png_bytes(width, height, rows):
    """A PNG (8-bit RGB) from rows of bytes, width * 3 each."""
    def chunk(kind, data):
        return (struct.pack('>I', len(data)) + kind + data +
                struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff))
    raw = b''.join(b'\0' + bytes(r) for r in rows)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


def render_png_plain(rep, path, width=640, height=320):
    """The same bars without matplotlib: no text, the zero line black,
    the noise band as a whisker."""
    vals = plot_values(rep)
    img = [bytearray(b'\xff' * width * 3) for _ in range(height)]

    def rect(x0, y0, x1, y1, rgb):
        for y in range(max(0, min(y0, y1)), min(height, max(y0, y1) + 1)):
            for x in range(max(0, x0), min(width, x1 + 1)):
                img[y][3 * x:3 * x + 3] = bytes(rgb)
    top = max([abs(v) + n for _, v, n, _ in vals] + [0.1]) * 1.1
    zero = height // 2
    scale = (height // 2 - 10) / top
    slot = width // max(1, len(vals))
    for i, (_, v, n, c) in enumerate(vals):
        x0, x1 = i * slot + slot // 4, i * slot + 3 * slot // 4
        rect(x0, zero, x1, zero - round(v * scale), COLOURS[c])
        xm = (x0 + x1) // 2
        rect(xm, zero - round((v - n) * scale), xm, zero - round((v + n) * scale), (0, 0, 0))
    rect(0, zero, width - 1, zero, (0, 0, 0))
    with open(path, 'wb') as f:
        f.write(png_bytes(width, height, img))


def render_png(rep, path, title, backend='auto'):
    """A bar per workload: the change in instructions per operation (%),
    with the noise band; the calls avoided written over it.  matplotlib
    draws it where it is installed (python3-matplotlib); else, or with
    backend 'plain', render_png_plain.  Returns the backend used."""
    if backend != 'plain':
        try:
            import matplotlib
            matplotlib.use('Agg')
            import matplotlib.pyplot as plt
        except ImportError:
            if backend == 'matplotlib':
                raise
            backend = 'plain'
    if backend == 'plain':
        render_png_plain(rep, path)
        return 'plain'
    vals = plot_values(rep)
    fig, ax = plt.subplots(figsize=(8, 4), dpi=100)
    xs = range(len(vals))
    ax.bar(xs, [v for _, v, _, _ in vals], yerr=[n for _, _, n, _ in vals], capsize=4,
           color=['#%02x%02x%02x' % COLOURS[c] for _, _, _, c in vals])
    ax.axhline(0, color='black', linewidth=0.8)
    for x, w in zip(xs, rep['workloads']):
        c = w['calls']
        if c is not None:
            up = w['rel_pct'] >= 0
            ax.annotate(f"{c['avoided_per_op']:+.2f}\ncalls/op", (x, w['rel_pct']), ha='center',
                        va='bottom' if up else 'top', fontsize=7,
                        xytext=(0, 3 if up else -3), textcoords='offset points')
    ax.set_xticks(list(xs))
    ax.set_xticklabels([name for name, _, _, _ in vals])
    ax.set_ylabel('instructions per operation,\nnew vs old (%)')
    ax.set_title(title, fontsize=9)
    ax.margins(y=0.25)
    fig.text(0.01, 0.01, f"bars: mean over boots; whiskers: {rep['sigmas']:g} standard errors; "
             "green/red beyond the noise, grey within; text: calls per operation avoided", fontsize=6)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    fig.savefig(path)
    plt.close(fig)
    return 'matplotlib'


def write_report(d, sigmas, min_effect, title, plot='auto', out=sys.stdout):
    """Everything the script does, for the driver; returns the report."""
    try:
        with open(os.path.join(d, 'callees.json')) as f:
            callees = json.load(f)['callees']
    except FileNotFoundError:
        callees = {}
    boots = load_boots(os.path.join(d, 'boots'))
    rep = analyse(boots, callees, sigmas, min_effect)
    rep['title'] = title
    with open(os.path.join(d, 'runtime.json'), 'w') as f:
        json.dump(rep, f, indent=1)
        f.write('\n')
    with open(os.path.join(d, 'runtime.txt'), 'w') as f:
        render_text(rep, f)
    render_text(rep, out)
    if plot:
        used = render_png(rep, os.path.join(d, 'runtime.png'), title, plot)
        if used == 'plain' and plot == 'auto':
            print("report: no matplotlib (python3-matplotlib): the plot has no text", file=sys.stderr)
    return rep


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 epilog='Exit codes: 0 written, 1 a boot incomplete or failed, 2 usage.')
    ap.add_argument('--sigmas', type=float, default=3.0, help='standard errors the difference must exceed (default 3)')
    ap.add_argument('--min-effect', type=float, default=0.0, metavar='PCT',
                    help='and at least this percent of old (default 0: -icount has no timer noise)')
    ap.add_argument('--title', default='runtime: new vs old')
    ap.add_argument('--plot', choices=('auto', 'matplotlib', 'plain', 'none'), default='auto',
                    help='PNG backend: matplotlib where installed (auto), plain bars without text, none')
    ap.add_argument('dir', metavar='DIR')
    args = ap.parse_args()
    if args.sigmas <= 0 or args.min_effect < 0:
        ap.error('--sigmas must be positive, --min-effect not negative')
    if not os.path.isdir(os.path.join(args.dir, 'boots')):
        print(f"report: {args.dir}: no boots/ directory (not an experiment.sh runtime output)", file=sys.stderr)
        return 2
    try:
        rep = write_report(args.dir, args.sigmas, args.min_effect, args.title,
                           None if args.plot == 'none' else args.plot)
    except ImportError:
        print("report: --plot matplotlib: no matplotlib (install python3-matplotlib)", file=sys.stderr)
        return 2
    except GuestError as e:
        print(f"report: {e}", file=sys.stderr)
        return 1
    if not rep['workloads']:
        print("report: no workload measured in both kernels", file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
