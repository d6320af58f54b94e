#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""compare-runs.py [OPTIONS] 'COMMAND A' 'COMMAND B' — is B faster or slower than A, beyond the noise?

Runs the two shell commands alternately (A B A B ..., after warm-up runs
that are not counted, so drift and cache effects fall on both), each run
pinned to one CPU with taskset, and reports for each the mean and sample
standard deviation of its wall time, then whether the difference of the
means exceeds the noise (scripts/experiment/runstats.py, shared with the runtime
experiment): |mean B - mean A| > K standard errors of that
difference (sqrt(sA^2/nA + sB^2/nB), K = --sigmas, default 3) and at
least --min-effect percent of mean A (default 1).

The timer says which clock was used: "perf" (`perf stat --null`, the
"seconds time elapsed" it prints, as docs/reference/measuring.md recommends) when
perf works here, else "wall" (this script's own monotonic clock around
the command).  --null means no hardware counter is needed: on a machine
or VM where perf has none, the perf timer still works.

Exit status: 0 the difference is within the noise, 1 it exceeds it,
2 usage error or a command failed.
"""
import argparse
import re
import shutil
import subprocess
import sys
import time

from runstats import compare

ELAPSED = re.compile(r'^\s*([0-9.]+) seconds time elapsed', re.M)


def perf_works():
    if not shutil.which('perf'):
        return False
    p = subprocess.run(['perf', 'stat', '--null', '--', 'true'],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return p.returncode == 0 and ELAPSED.search(p.stderr) is not None


def pin(cpu):
    if cpu is None or not shutil.which('taskset'):
        return []
    return ['taskset', '-c', str(cpu)]


def run_once(cmd, timer, cpu):
    """Seconds one run of cmd took, or raise on failure."""
    sh = pin(cpu) + ['sh', '-c', cmd]
    if timer == 'perf':
        p = subprocess.run(['perf', 'stat', '--null', '--'] + sh,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        m = ELAPSED.search(p.stderr)
        if p.returncode != 0 or not m:
            raise RuntimeError(f"'{cmd}' failed (exit {p.returncode})")
        return float(m.group(1))
    t0 = time.perf_counter_ns()
    p = subprocess.run(sh, stdout=subprocess.DEVNULL)
    t1 = time.perf_counter_ns()
    if p.returncode != 0:
        raise RuntimeError(f"'{cmd}' failed (exit {p.returncode})")
    return (t1 - t0) / 1e9


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog='Exit status: 0 within the noise, 1 beyond it, 2 usage or a command failed.')
    ap.add_argument('-r', '--repeat', type=int, default=10, help='runs of each (default 10)')
    ap.add_argument('-w', '--warmup', type=int, default=1, help='uncounted runs of each first (default 1)')
    ap.add_argument('-c', '--cpu', type=int, default=None,
                    help='pin every run to this CPU with taskset (default: not pinned)')
    ap.add_argument('--timer', choices=('auto', 'perf', 'wall'), default='auto')
    ap.add_argument('--sigmas', type=float, default=3.0)
    ap.add_argument('--min-effect', type=float, default=1.0, metavar='PCT')
    ap.add_argument('a', metavar='COMMAND_A')
    ap.add_argument('b', metavar='COMMAND_B')
    args = ap.parse_args()
    if args.repeat < 2 or args.warmup < 0 or args.sigmas <= 0 or args.min_effect < 0:
        ap.error('--repeat must be at least 2; --warmup, --sigmas, --min-effect not negative')
    timer = args.timer
    if timer == 'auto':
        timer = 'perf' if perf_works() else 'wall'
    elif timer == 'perf' and not perf_works():
        ap.error('--timer perf: perf stat --null does not work here')
    if args.cpu is not None and not shutil.which('taskset'):
        ap.error('--cpu: taskset not found')

    times = {'A': [], 'B': []}
    try:
        for i in range(args.warmup + args.repeat):
            for key, cmd in (('A', args.a), ('B', args.b)):
                t = run_once(cmd, timer, args.cpu)
                if i >= args.warmup:
                    times[key].append(t)
    except RuntimeError as e:
        print(f"compare-runs: {e}", file=sys.stderr)
        return 2

    c = compare(times['A'], times['B'], args.sigmas, args.min_effect)
    ma, sa, mb, sb = c['mean_a'], c['sd_a'], c['mean_b'], c['sd_b']
    se, diff, rel, beyond = c['se'], c['diff'], c['rel'], c['beyond']
    where = f", pinned to CPU {args.cpu}" if args.cpu is not None else ""
    print(f"timer: {timer} ({'perf stat --null' if timer == 'perf' else 'own monotonic clock'})"
          f"{where}; {args.repeat} runs each, alternating, after {args.warmup} warm-up")
    for key, cmd, m, s in (('A', args.a, ma, sa), ('B', args.b, mb, sb)):
        print(f"{key}: {m:.6f} s +- {s:.6f} ({s * 100.0 / m if m else 0.0:.2f}%)  {cmd}")
    print(f"B - A: {diff:+.6f} s ({rel:+.2f}%), noise (standard error of the difference) "
          f"{se:.6f} s: {'BEYOND' if beyond else 'within'} the noise "
          f"({args.sigmas:g} sigmas, at least {args.min_effect:g}%)")
    return 1 if beyond else 0


if __name__ == '__main__':
    sys.exit(main())
