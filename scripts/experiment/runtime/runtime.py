#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""runtime.py [OPTIONS] OLD NEW — boot two kernels under QEMU and compare what they execute per system call.

OLD and NEW are each a kernel build directory (an O= tree: vmlinux and
arch/x86/boot/bzImage) or a directory holding bzImage and vmlinux.  The
script:
  1. asks `asmscan diff OLD/vmlinux NEW/vmlinux` which callees' call sites
     changed, and finds each callee's symbols in both kernels (nm);
  2. builds its benchmark (asminline-bench.c, static) and an initramfs
     with it as /init and the symbol lists;
  3. boots each kernel --boots times, alternating OLD NEW OLD NEW, under
     QEMU TCG with -icount shift=0,sleep=off (guest time is executed
     instructions: deterministic; boot i of both kernels gets the same
     emulated clock, boot i+1 another, so the spread says how far an
     irrelevant change of boot conditions moves a figure), then
     --count-boots more each with the function profiler (and kprobes for
     the notrace symbols) counting calls to those symbols, so that
     counting never perturbs the instruction figures;
  4. writes OUT/runtime.txt, OUT/runtime.json, OUT/runtime.png
     (scripts/experiment/runtime/report.py) and prints the table.
Progress goes to stderr.  Every boot's output is kept in OUT/boots/
(NN-SIDE-KIND.txt and the kernel console in .console), so report.py can
render it again.

Exit codes: 0 measured (whatever the verdict), 1 a boot or a tool failed,
2 usage, bad input or a missing tool (the message names the package).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)
import initramfs  # noqa: E402
import report  # noqa: E402

WORKLOADS = ('getpid', 'pipe', 'futex', 'open', 'stat', 'rw', 'mmap', 'socket')
CLONE_NUMBER = re.compile(r'\.\d+')


class InputError(Exception):
    """Bad input or a missing tool: exit 2."""


class RunError(Exception):
    """A boot or a tool failed: exit 1."""


def log(msg):
    print(f"runtime: {msg}", file=sys.stderr, flush=True)


def need_tool(tool, package):
    path = shutil.which(tool)
    if not path:
        raise InputError(f"{tool} not found: install the package {package} (scripts/dev/setup.sh does)")
    return path


def read_head(path, n):
    try:
        with open(path, 'rb') as f:
            return f.read(n)
    except OSError as e:
        raise InputError(f"{path}: {e.strerror}")


def check_bzimage(path):
    """A bzImage carries the boot protocol's 0xAA55 at 0x1FE and "HdrS" at 0x202."""
    head = read_head(path, 0x210)
    if len(head) < 0x206 or head[0x1fe:0x200] != b'\x55\xaa' or head[0x202:0x206] != b'HdrS':
        raise InputError(f"{path}: not a bzImage (no x86 boot header \"HdrS\" at 0x202)")


def check_vmlinux(path):
    """ELFCLASS64, e_machine EM_X86_64 (62)."""
    head = read_head(path, 20)
    if head[:4] != b'\x7fELF' or len(head) < 20 or head[4] != 2 or head[18:20] != b'\x3e\x00':
        raise InputError(f"{path}: not an x86-64 ELF file (a vmlinux)")


def find_kernel(d):
    """(bzImage, vmlinux) of a build directory or of a directory holding both."""
    if not os.path.isdir(d):
        raise InputError(f"{d}: not a directory (a kernel build directory, or one holding bzImage and vmlinux)")
    d = os.path.abspath(d)
    bz = next((p for p in (os.path.join(d, 'arch/x86/boot/bzImage'), os.path.join(d, 'bzImage'))
               if os.path.isfile(p)), None)
    if not bz:
        raise InputError(f"{d}: no bzImage (looked for {d}/arch/x86/boot/bzImage and {d}/bzImage; make bzImage builds it)")
    vml = os.path.join(d, 'vmlinux')
    if not os.path.isfile(vml):
        raise InputError(f"{d}: no vmlinux")
    check_bzimage(bz)
    check_vmlinux(vml)
    return bz, vml


def text_symbols(vmlinux):
    p = subprocess.run(['nm', vmlinux], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode:
        raise RunError(f"nm {vmlinux}: {p.stderr.strip()}")
    syms = set()
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in 'tTwW':
            syms.add(parts[2])
    return syms


def diff_callees(asmscan, old, new, out, which, limit):
    """{callee: {'static_delta', 'tail_delta'}} of asmscan diff: the
    callees whose call sites went down (which='lost') or changed at all."""
    path = os.path.join(out, 'diff.json')
    p = subprocess.run([asmscan, '--format', 'json', 'diff', '-o', path, old, new],
                       stderr=subprocess.PIPE, text=True)
    if p.returncode:
        raise RunError(f"asmscan diff exited {p.returncode}: {p.stderr.strip()}")
    with open(path) as f:
        d = json.load(f)
    rows = []
    for c in d['callees']:
        delta = c['delta'] + c.get('tail_delta', 0)
        # Only functions: retpoline thunks, static-call trampolines and
        # __stack_chk_fail are not what a conversion inlines, and a
        # kprobe on a thunk is one on every indirect call.
        if c.get('class', 'plain') != 'plain' or c['name'].startswith('__SCT__'):
            continue
        if delta < 0 or (which == 'changed' and delta > 0):
            rows.append(c)
    rows.sort(key=lambda c: (-abs(c['delta'] + c.get('tail_delta', 0)), c['name']))
    return {c['name']: {'static_delta': c['delta'], 'tail_delta': c.get('tail_delta', 0)}
            for c in rows[:limit]}


def resolve(callees, syms):
    """The symbols of a kernel each callee name stands for: asmscan names
    a clone without its number (foo.isra for foo.isra.0)."""
    by_norm = {}
    for s in syms:
        by_norm.setdefault(CLONE_NUMBER.sub('', s), []).append(s)
    return {name: sorted(by_norm.get(name, [])) for name in callees}


def build_bench(out, cc):
    """Compile asminline-bench.c, statically linked; its path."""
    exe = os.path.join(out, 'asminline-bench')
    src = os.path.join(HERE, 'asminline-bench.c')
    p = subprocess.run([cc, '-static', '-O2', '-Wall', '-o', exe, src],
                       stderr=subprocess.PIPE, text=True)
    if p.returncode:
        raise InputError(f"{cc} -static {src} failed (a static C library is needed: install libc6-dev):\n{p.stderr.strip()}")
    return exe


def qemu_command(qemu, args, bz, initrd, result, console, cmdline, pair):
    cmd = [qemu, '-nodefaults', '-display', 'none', '-no-reboot', '-m', str(args.memory),
           '-smp', '1', '-kernel', bz, '-initrd', initrd, '-append', cmdline,
           '-serial', f'file:{console}', '-serial', f'file:{result}']
    if args.accel == 'tcg':
        # One emulated nanosecond per instruction, no sleeping: the clock
        # the guest times itself with counts instructions.  The RTC runs
        # on that clock from a start that differs per boot pair.
        cmd += ['-accel', 'tcg', '-icount', 'shift=0,sleep=off',
                '-rtc', f'base=2026-01-01T{pair // 60 % 24:02d}:{pair % 60:02d}:00,clock=vm']
    else:
        cmd += ['-accel', 'kvm', '-cpu', 'host']
    return cmd


def boot(args, qemu, side, kind, index, total, pair, bz, initrd, out):
    name = f"{index:02d}-{side}-{kind}"
    result = os.path.join(out, 'boots', name + '.txt')
    console = os.path.join(out, 'boots', name + '.console')
    # The same command line for both kernels: the kernel mixes it into
    # its entropy pool, and random state moves the figures.
    guest = ['out=/dev/ttyS1', f'repeat={args.repeat}', f'scale={args.scale:g}', f'settle={args.settle}']
    if args.workloads:
        guest.append('workloads=' + ','.join(args.workloads))
    guest += [f'{w}={n}' for w, n in args.ops]
    if kind == 'count':
        guest += [f'profile=/callees/{side}.txt', f'kprobes={args.max_kprobes}']
    # nokaslr norandmaps: kernel and user addresses fixed, fewer layouts.
    cmdline = f"console=ttyS0 quiet loglevel=3 panic=-1 nokaslr norandmaps {args.append} -- " + ' '.join(guest)
    cmd = qemu_command(qemu, args, bz, initrd, result + '.part', console, cmdline.replace('  ', ' '), pair)
    log(f"[{index}/{total}] booting {side} ({'instructions' if kind == 'time' else 'call counts'}) ...")
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                           timeout=args.timeout)
    except subprocess.TimeoutExpired:
        raise RunError(f"{name}: no power-off after {args.timeout} s (kernel console: {console})")
    wall = time.monotonic() - t0
    if p.returncode:
        raise RunError(f"{name}: {os.path.basename(qemu)} exited {p.returncode}: {p.stderr.strip()}")
    try:
        with open(result + '.part', errors='replace') as f:
            text = f.read()
    except FileNotFoundError:
        text = ''
    if '\nend status=' not in '\n' + text:
        try:
            with open(console, errors='replace') as f:
                tail = f.read().strip().splitlines()[-5:]
        except FileNotFoundError:
            tail = ['(nothing)']
        raise RunError(f"{name}: the benchmark printed no result; the console ends with:\n  " + '\n  '.join(tail))
    os.replace(result + '.part', result)
    g = report.parse_guest(text)
    first = next(iter(g['runs'].items()), None)
    what = f"; {first[0]} {first[1][0][1] / first[1][0][0]:,.1f} ns/op" if first else ''
    log(f"[{index}/{total}] {side} done in {wall:.1f} s{what}")


def parse_ops(v):
    w, sep, n = v.partition('=')
    if not sep or w not in WORKLOADS or not n.isdigit() or int(n) < 1:
        raise argparse.ArgumentTypeError(f"'{v}': not WORKLOAD=N (N a positive integer; workloads: {', '.join(WORKLOADS)})")
    return (w, int(n))


def parse_workloads(v):
    ws = v.split(',')
    for w in ws:
        if w not in WORKLOADS:
            raise argparse.ArgumentTypeError(f"unknown workload '{w}' (known: {', '.join(WORKLOADS)})")
    return ws


def positive(v):
    try:
        n = int(v)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"'{v}': not a positive integer")
    return n


def options():
    ap = argparse.ArgumentParser(prog='experiment.sh runtime', description=__doc__.splitlines()[0],
                                 epilog='Exit codes: 0 measured, 1 a boot or tool failed, 2 usage, bad input or a missing tool.',
                                 allow_abbrev=False)
    ap.add_argument('-o', '--output', default='runtime-out', help='results directory (default runtime-out)')
    ap.add_argument('-b', '--boots', type=positive, default=5, help='instruction boots of each kernel (default 5)')
    ap.add_argument('-c', '--count-boots', type=int, default=1,
                    help='call-counting boots of each kernel, after those (default 1; 0: no counting)')
    ap.add_argument('--accel', choices=('tcg', 'kvm'), default='tcg',
                    help='tcg (default: -icount, guest ns = instructions) or kvm (real time, noisy)')
    ap.add_argument('--workloads', type=parse_workloads, help='comma-separated subset (default all)')
    ap.add_argument('--ops', type=parse_ops, action='append', default=[], metavar='WORKLOAD=N',
                    help='operations of one workload (repeatable)')
    ap.add_argument('--scale', type=float, default=1.0, help='multiply every default count (default 1)')
    ap.add_argument('--repeat', type=positive, default=1, help='runs of each workload in a boot (default 1)')
    ap.add_argument('--callees', choices=('lost', 'changed'), default='lost',
                    help='callees to count: those that lost call sites (default), or all that changed')
    ap.add_argument('--max-callees', type=positive, default=1000, help='most callees counted (default 1000)')
    ap.add_argument('--max-kprobes', type=int, default=100,
                    help='most of their symbols counted through kprobes, the rest through ftrace (default 100)')
    ap.add_argument('--sigmas', type=float, default=3.0)
    ap.add_argument('--min-effect', type=float, default=0.0, metavar='PCT')
    ap.add_argument('--settle', type=int, default=5, metavar='S',
                    help='guest seconds of idle before the first workload (default 5; free under -icount)')
    ap.add_argument('--memory', type=positive, default=512, help='guest MiB (default 512)')
    ap.add_argument('--timeout', type=positive, default=900, help='seconds a boot may take (default 900)')
    ap.add_argument('--append', default='', help='more kernel command line')
    ap.add_argument('--asmscan', default=os.path.join(ROOT, 'build/analyzer/asmscan'))
    ap.add_argument('--qemu', default='qemu-system-x86_64')
    ap.add_argument('--cc', default='cc')
    ap.add_argument('--title', default=None, help='plot title')
    ap.add_argument('--prepare-only', action='store_true',
                    help='build the benchmark and the initramfs in OUT, boot nothing (OLD and NEW not needed)')
    ap.add_argument('old', metavar='OLD', nargs='?')
    ap.add_argument('new', metavar='NEW', nargs='?')
    args = ap.parse_args()
    if args.count_boots < 0 or args.max_kprobes < 0 or args.sigmas <= 0 or args.min_effect < 0 or not args.scale > 0:
        ap.error('--count-boots, --max-kprobes and --min-effect must not be negative, --sigmas and --scale positive')
    if not args.prepare_only and not (args.old and args.new):
        ap.error('OLD and NEW are required')
    return args


def prepare(args, out, callee_syms=None):
    """The benchmark and the initramfs; the initramfs's path."""
    exe = build_bench(out, args.cc)
    extra = []
    for side in ('old', 'new'):
        # In the diff's order, largest change first: the guest's kprobe
        # cap keeps the first ones.
        syms = list(dict.fromkeys(s for v in (callee_syms or {}).values() for s in v['symbols'][side]))
        extra.append((f'/callees/{side}.txt', ''.join(s + '\n' for s in syms).encode()))
    with open(exe, 'rb') as f:
        data = initramfs.build(f.read(), extra)
    path = os.path.join(out, 'initramfs.cpio')
    with open(path, 'wb') as f:
        f.write(data)
    return path


def run(args):
    out = os.path.abspath(args.output)
    os.makedirs(out, exist_ok=True)
    if args.prepare_only:
        need_tool(args.cc, 'build-essential')
        path = prepare(args, out)
        log(f"initramfs: {path}")
        return 0
    kernels = {'old': find_kernel(args.old), 'new': find_kernel(args.new)}
    qemu = need_tool(args.qemu, 'qemu-system-x86')
    need_tool(args.cc, 'build-essential')
    need_tool('nm', 'binutils')
    if args.accel == 'kvm' and not os.access('/dev/kvm', os.R_OK | os.W_OK):
        raise InputError('--accel kvm: /dev/kvm is not there or not usable')
    if args.count_boots:
        if not os.access(args.asmscan, os.X_OK):
            raise InputError(f"{args.asmscan}: no asmscan (build it: cmake --build build)")
    os.makedirs(os.path.join(out, 'boots'), exist_ok=True)
    for f in os.listdir(os.path.join(out, 'boots')):
        os.unlink(os.path.join(out, 'boots', f))

    callees = {}
    if args.count_boots:
        log('asmscan diff: which callees changed')
        names = diff_callees(args.asmscan, kernels['old'][1], kernels['new'][1], out, args.callees, args.max_callees)
        syms = {side: text_symbols(kernels[side][1]) for side in kernels}
        for side in kernels:
            if 'ftrace_profile_write' not in syms[side]:
                log(f"{side}: no CONFIG_FUNCTION_PROFILER (no ftrace_profile_write): calls counted through kprobes only")
        res = {side: resolve(names, syms[side]) for side in kernels}
        callees = {n: dict(names[n], symbols={side: res[side][n] for side in kernels}) for n in names}
        log(f"{len(callees)} callees to count ({args.callees})")
    with open(os.path.join(out, 'callees.json'), 'w') as f:
        json.dump({'format_version': 1, 'which': args.callees, 'callees': callees}, f, indent=1)
        f.write('\n')
    initrd = prepare(args, out, callees)

    plan = []
    for i in range(args.boots):
        plan += [('old', 'time', i), ('new', 'time', i)]
    for i in range(args.count_boots):
        plan += [('old', 'count', i), ('new', 'count', i)]
    t0 = time.monotonic()
    for n, (side, kind, pair) in enumerate(plan, 1):
        boot(args, qemu, side, kind, n, len(plan), pair, kernels[side][0], initrd, out)
    log(f"{len(plan)} boots in {time.monotonic() - t0:.0f} s")
    title = args.title or f"{os.path.basename(os.path.abspath(args.new))} vs {os.path.basename(os.path.abspath(args.old))}"
    with open(os.path.join(out, 'settings.json'), 'w') as f:
        json.dump({'old': dict(zip(('bzImage', 'vmlinux'), kernels['old'])),
                   'new': dict(zip(('bzImage', 'vmlinux'), kernels['new'])),
                   'accel': args.accel, 'boots': args.boots, 'count_boots': args.count_boots,
                   'repeat': args.repeat, 'scale': args.scale, 'ops': dict(args.ops),
                   'workloads': args.workloads or list(WORKLOADS)}, f, indent=1)
        f.write('\n')
    try:
        report.write_report(out, args.sigmas, args.min_effect, title)
    except report.GuestError as e:
        raise RunError(str(e))
    log(f"written: {out}/runtime.txt, runtime.json, runtime.png")
    return 0


def main():
    args = options()
    try:
        return run(args)
    except InputError as e:
        print(f"runtime: {e}", file=sys.stderr)
        return 2
    except RunError as e:
        print(f"runtime: {e}", file=sys.stderr)
        return 1


if __name__ == '__main__':
    sys.exit(main())
