#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""runtime-report.py ROOT — scripts/experiment/runtime/report.py on recorded guest outputs.

The outputs are written here in asminline-bench's format 1 with known
figures: three boots of each kernel, two workloads, one beyond the noise
and one within it, and a count boot of each with function-profiler and
kprobe text as the kernel prints it (a name cut at 30 characters, a name
twice, a kprobe read before and after, a symbol one kernel does not have).
Expected values come from Python's statistics module, not from runstats.
Then the failure modes: a boot cut short, a failed workload, no boots.
"""
import json
import os
import statistics
import struct
import subprocess
import sys
import zlib

ROOT = os.path.abspath(sys.argv[1])
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import testlib  # noqa: E402

testlib.enter("scripts-runtime-report")    # never the directory it was run in
REPORT = os.path.join(ROOT, 'scripts/experiment/runtime/report.py')
fails = []


def check(cond, what):
    if not cond:
        fails.append(what)
        print(f"scripts-runtime-report: FAIL: {what}", file=sys.stderr)


def header(kind):
    return (f"asminline-bench format=1 label=none profile={int(kind == 'count')} repeat=1 scale=1 settle=5 pid1=1\r\n"
            "uname release=6.12.117 machine=x86_64\r\n")


def time_boot(getpid_ns_per_op, pipe_ns_per_op):
    return (header('time') +
            "[    3.1] a console line the parser must ignore\n"
            f"workload name=getpid run=0 ops=1000 ns={getpid_ns_per_op * 1000}\n"
            f"workload name=pipe run=0 ops=200 ns={pipe_ns_per_op * 200}\n"
            "end status=0\n")


LONG = 'a_very_long_function_name_that_is_cut'   # 37 characters
LONG2 = 'a_very_long_function_name_that_is_other'


def stat_line(name, hits):
    # ftrace.c function_stat_show: "  %-30.30s  %10lu", then the times.
    return f"  {name[:30]:<30}  {hits:>10}    123.4 us        1.234 us        0.5 us\n"


def trace(wl, phase, file, text):
    return ''.join(f"trace workload={wl} run=0 phase={phase} file={file} | {l}\n"
                   for l in text.splitlines())


def count_boot(side):
    out = header('count')
    out += f"count symbol=foo method=ftrace\n" if side == 'old' else ''
    out += f"count symbol={LONG} method=ftrace\ncount symbol=dup method=ftrace\n"
    out += "count symbol=bar.isra.0 method=kprobe event=asminline/k0\n"
    out += "count symbol=nocount method=none\n"
    out += f"count symbol=gained method=ftrace\n" if side == 'new' else ''
    if side == 'old':
        out += f"count symbol={LONG2} method=ftrace\n"
    hdr = ("  Function                               Hit    Time            Avg             s^2\n"
           "  --------                               ---    ----            ---             ---\n")
    kp_before = "  k0                                                         5               0\n"
    kp_after = "  k0                                                       105               0\n"
    if side == 'old':
        stat = hdr + stat_line('foo', 200) + stat_line(LONG, 100) + stat_line('dup', 30) + stat_line('dup', 20)
        stat1 = hdr + stat_line(LONG2, 7)   # a second CPU; cut name matching two symbols
    else:
        stat = hdr + stat_line(LONG, 100) + stat_line('gained', 50)
        stat1 = hdr
    out += trace('getpid', 'before', 'kprobe_profile', kp_before)
    out += trace('getpid', 'after', 'kprobe_profile', kp_after)
    out += trace('getpid', 'after', 'trace_stat/function0', stat)
    out += trace('getpid', 'after', 'trace_stat/function1', stat1)
    out += "workload name=getpid run=0 ops=100 ns=123456\n"
    out += "end status=0\n"
    return out


CALLEES = {
    'foo': {'static_delta': -3, 'tail_delta': 0, 'symbols': {'old': ['foo'], 'new': []}},
    LONG: {'static_delta': -1, 'tail_delta': 0, 'symbols': {'old': [LONG], 'new': [LONG]}},
    'dup': {'static_delta': -2, 'tail_delta': 0, 'symbols': {'old': ['dup'], 'new': ['dup']}},
    'bar.isra': {'static_delta': -1, 'tail_delta': -1, 'symbols': {'old': ['bar.isra.0'], 'new': ['bar.isra.0']}},
    'nocount': {'static_delta': -1, 'tail_delta': 0, 'symbols': {'old': ['nocount'], 'new': ['nocount']}},
    'gained': {'static_delta': 2, 'tail_delta': 0, 'symbols': {'old': [], 'new': ['gained']}},
}

OLD_GETPID, NEW_GETPID = [1000, 1002, 998], [990, 991, 989]
OLD_PIPE, NEW_PIPE = [5000, 5010, 4990], [5001, 5011, 4989]


def write_dir(d, boots):
    os.makedirs(os.path.join(d, 'boots'))
    with open(os.path.join(d, 'callees.json'), 'w') as f:
        json.dump({'format_version': 1, 'which': 'changed', 'callees': CALLEES}, f)
    for name, text in boots.items():
        with open(os.path.join(d, 'boots', name), 'w') as f:
            f.write(text)


def run(*args):
    return subprocess.run([sys.executable, REPORT] + list(args), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)


boots = {}
for i in range(3):
    boots[f'{2 * i + 1:02d}-old-time.txt'] = time_boot(OLD_GETPID[i], OLD_PIPE[i])
    boots[f'{2 * i + 2:02d}-new-time.txt'] = time_boot(NEW_GETPID[i], NEW_PIPE[i])
boots['07-old-count.txt'] = count_boot('old')
boots['08-new-count.txt'] = count_boot('new')
boots['notes.txt'] = 'not a boot file: ignored\n'
write_dir('good', boots)
p = run('--plot', 'plain', '--title', 'test', 'good')
check(p.returncode == 0, f"report exited {p.returncode}: {p.stderr}")
rep = json.load(open('good/runtime.json'))
w = {x['name']: x for x in rep['workloads']}
check(set(w) == {'getpid', 'pipe'}, f"workloads {sorted(w)}")
check(rep['boots'] == {'old': 3, 'new': 3} and rep['count_boots'] == {'old': 1, 'new': 1}, f"boots {rep['boots']}")
for name, old, new, verdict in (('getpid', OLD_GETPID, NEW_GETPID, 'beyond'), ('pipe', OLD_PIPE, NEW_PIPE, 'within')):
    x = w[name]
    check(x['old']['per_op'] == old and x['new']['per_op'] == new, f"{name} samples {x['old']['per_op']} {x['new']['per_op']}")
    check(abs(x['old']['mean'] - statistics.mean(old)) < 1e-9, f"{name} old mean {x['old']['mean']}")
    check(abs(x['old']['sd'] - statistics.stdev(old)) < 1e-9, f"{name} old sd {x['old']['sd']}")
    check(abs(x['new']['sd'] - statistics.stdev(new)) < 1e-9, f"{name} new sd {x['new']['sd']}")
    se = (statistics.variance(old) / 3 + statistics.variance(new) / 3) ** 0.5
    check(abs(x['se'] - se) < 1e-9, f"{name} se {x['se']} != {se}")
    diff = statistics.mean(new) - statistics.mean(old)
    check(abs(x['diff'] - diff) < 1e-9 and abs(x['rel_pct'] - diff * 100 / statistics.mean(old)) < 1e-9,
          f"{name} diff {x['diff']} rel {x['rel_pct']}")
    check(x['verdict'] == verdict, f"{name} verdict {x['verdict']}, expected {verdict}")
    check(x['ops'] == (1000 if name == 'getpid' else 200), f"{name} ops {x['ops']}")

c = w['getpid']['calls']
check(c is not None, 'getpid: no call counts')
rows = {r['callee']: r for r in (c or {}).get('callees', [])}
# LONG is cut to the same 30 characters as LONG2 in old: counted in
# neither, so it is left out rather than shown as 0 calls.
want = {'foo': (2.0, 0.0), 'dup': (0.5, 0.0), 'bar.isra': (1.0, 1.0), 'gained': (0.0, 0.5)}
for name, (o, n) in want.items():
    r = rows.get(name)
    check(r is not None and abs(r['old_per_op'] - o) < 1e-9 and abs(r['new_per_op'] - n) < 1e-9
          and abs(r['avoided_per_op'] - (o - n)) < 1e-9, f"callee {name}: {r}, expected {o} -> {n}")
check('nocount' not in rows, 'a callee no kernel could count is in the table')
check(LONG not in rows, 'a callee cut ambiguously is in the table')
if c:
    check(abs(c['old_per_op'] - 3.5) < 1e-9 and abs(c['new_per_op'] - 1.5) < 1e-9
          and abs(c['avoided_per_op'] - 2.0) < 1e-9, f"getpid totals {c['old_per_op']} {c['new_per_op']}")
    check(list(rows)[0] == 'foo', f"rows not sorted by calls avoided: {list(rows)}")
check(w['pipe']['calls'] is None, 'pipe had no count boot, yet has counts')
check(any('matches 2 symbols' in x for x in rep['problems']), f"ambiguous cut name not reported: {rep['problems']}")
cs = rep['callees']
check(cs['old'] == {'ftrace': 3, 'kprobe': 1, 'none': 1, 'absent': 1}, f"old methods {cs['old']}")
check(cs['new'] == {'ftrace': 3, 'kprobe': 1, 'none': 1, 'absent': 1}, f"new methods {cs['new']}")

txt = open('good/runtime.txt').read()
check(txt == p.stdout.split('plot:')[0] or txt in p.stdout, 'runtime.txt differs from what was printed')
lines = {l.split()[0]: l for l in txt.splitlines() if l.split() and l.split()[0] in ('getpid', 'pipe')}
check('beyond' in lines.get('getpid', '') and '+2.00 (3.50 -> 1.50)' in lines.get('getpid', ''),
      f"text getpid line: {lines.get('getpid')}")
check('within' in lines.get('pipe', '') and lines.get('pipe', '').rstrip().endswith('-'), f"text pipe line: {lines.get('pipe')}")
check('getpid: foo 2.00 -> 0.00' in txt, 'per-callee line missing')

png = open('good/runtime.png', 'rb').read()
check(png[:8] == b'\x89PNG\r\n\x1a\n' and png[12:16] == b'IHDR', 'not a PNG')
wid, hei = struct.unpack('>II', png[16:24])
check((wid, hei) == (640, 320), f"plain PNG is {wid}x{hei}")
idat = png.index(b'IDAT')
n = struct.unpack('>I', png[idat - 4:idat])[0]
raw = zlib.decompress(png[idat + 4:idat + 4 + n])
check(len(raw) == hei * (1 + 3 * wid), 'PNG pixel data has the wrong size')
# The getpid bar (beyond, fewer instructions) is green, the pipe bar grey.
row = raw[(hei // 2 + 5) * (1 + 3 * wid) + 1:(hei // 2 + 6) * (1 + 3 * wid)]
px = [tuple(row[3 * x:3 * x + 3]) for x in range(wid)]
check((44, 160, 44) in px[:wid // 2], 'no green bar below the zero line for getpid')
try:
    import matplotlib  # noqa: F401
    p2 = run('--plot', 'matplotlib', 'good')
    check(p2.returncode == 0 and open('good/runtime.png', 'rb').read()[:8] == b'\x89PNG\r\n\x1a\n',
          f"matplotlib plot: {p2.stderr}")
except ImportError:
    p2 = run('--plot', 'matplotlib', 'good')
    check(p2.returncode == 2 and 'python3-matplotlib' in p2.stderr, f"--plot matplotlib without it: {p2.stderr}")

# Failure modes.
cut = dict(boots)
cut['03-old-time.txt'] = header('time') + 'workload name=getpid run=0 ops=1000 ns=1000000\n'
write_dir('cut', cut)
p = run('--plot', 'none', 'cut')
check(p.returncode == 1 and '03-old-time.txt: no "end" line' in p.stderr, f"cut boot: {p.returncode} {p.stderr}")
failed = dict(boots)
failed['04-new-time.txt'] = header('time') + 'error what=open_/x errno=2\nend status=1\n'
write_dir('failed', failed)
p = run('--plot', 'none', 'failed')
check(p.returncode == 1 and 'the benchmark failed: open_/x' in p.stderr, f"failed boot: {p.returncode} {p.stderr}")
garbage = dict(boots)
garbage['05-old-time.txt'] = 'Kernel panic - not syncing: VFS: Unable to mount root fs\n'
write_dir('garbage', garbage)
p = run('--plot', 'none', 'garbage')
check(p.returncode == 1 and 'no "asminline-bench" header' in p.stderr, f"no header: {p.returncode} {p.stderr}")
os.makedirs('empty', exist_ok=True)
p = run('empty')
check(p.returncode == 2 and 'no boots/ directory' in p.stderr, f"no boots: {p.returncode} {p.stderr}")
p = run('--sigmas', '0', 'good')
check(p.returncode == 2, f"--sigmas 0 exited {p.returncode}")
# The verdict follows --sigmas and --min-effect: 1% asked, getpid moved 1%.
p = run('--plot', 'none', '--min-effect', '1.5', 'good')
check(p.returncode == 0 and json.load(open('good/runtime.json'))['workloads'][0]['verdict'] == 'within',
      '--min-effect 1.5 still says beyond')

print('scripts-runtime-report: ' + ('FAIL' if fails else 'PASS'))
sys.exit(1 if fails else 0)
