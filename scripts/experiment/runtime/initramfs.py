#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""initramfs.py [-o OUT] INIT [DEST=SRC]... — write an initramfs (cpio "newc") whose /init is INIT.

The archive holds the directories /dev, /proc, /sys, /tmp, the console
device /dev/console (character 5:1, which the kernel opens as init's
stdin, stdout and stderr before it runs /init), /init (INIT, mode 0755)
and every extra file DEST=SRC (DEST an absolute path inside the archive,
mode 0644; its parent directories are added).  Written by this script, not
by cpio(1), so it needs no root for the device node and is byte for byte
the same for the same inputs: every entry has uid 0, gid 0, mtime 0 and
inode numbers in the order written.

The format is the kernel's (Documentation/driver-api/early-userspace/
buffer-format.rst): a 110-byte ASCII header "070701" + 13 eight-digit
hexadecimal fields, the NUL-terminated name, padding to 4 bytes, the
data, padding to 4 bytes; the archive ends with the entry "TRAILER!!!".

Exit codes: 0 written, 2 usage or an unreadable input.
"""
import argparse
import os
import stat
import sys

S_IFDIR, S_IFREG, S_IFCHR = 0o040000, 0o100000, 0o020000


def _pad(n):
    return b'\0' * ((4 - n % 4) % 4)


class Writer:
    """Entries of a newc archive, in order; bytes() gives the archive."""

    def __init__(self):
        self.parts = []
        self.ino = 0
        self.dirs = set()

    def entry(self, name, mode, data=b'', rdev=(0, 0)):
        self.ino += 1
        nlink = 2 if mode & 0o170000 == S_IFDIR else 1
        fields = (self.ino, mode, 0, 0, nlink, 0, len(data), 0, 0,
                  rdev[0], rdev[1], len(name) + 1, 0)
        hdr = b'070701' + b''.join(b'%08X' % f for f in fields)
        raw = hdr + name.encode() + b'\0'
        self.parts += [raw, _pad(len(raw)), data, _pad(len(data))]

    def directory(self, path):
        path = path.strip('/')
        if not path or path in self.dirs:
            return
        self.directory(os.path.dirname(path))
        self.dirs.add(path)
        self.entry(path, S_IFDIR | 0o755)

    def file(self, path, data, perm=0o644):
        path = path.strip('/')
        self.directory(os.path.dirname(path))
        self.entry(path, S_IFREG | perm, data)

    def bytes(self):
        self.entry('TRAILER!!!', 0)
        out = b''.join(self.parts)
        # The kernel reads the initramfs in 512-byte blocks' worth of
        # padding happily; pad like cpio does.
        return out + b'\0' * ((512 - len(out) % 512) % 512)


def build(init_data, extra):
    """The archive's bytes: /init from init_data, extra a list of (dest, data)."""
    w = Writer()
    for d in ('dev', 'proc', 'sys', 'tmp'):
        w.directory(d)
    w.entry('dev/console', S_IFCHR | 0o600, rdev=(5, 1))
    w.file('init', init_data, 0o755)
    for dest, data in extra:
        if not dest.startswith('/') or dest.strip('/') in ('', 'init'):
            raise ValueError(f"{dest}: not an absolute path other than /init")
        w.file(dest, data)
    return w.bytes()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 epilog='Exit codes: 0 written, 2 usage or an unreadable input.')
    ap.add_argument('-o', '--output', default='initramfs.cpio', help='archive to write (default initramfs.cpio)')
    ap.add_argument('init', metavar='INIT', help='the program that becomes /init')
    ap.add_argument('files', metavar='DEST=SRC', nargs='*', help='extra file SRC at DEST in the archive')
    args = ap.parse_args()
    try:
        with open(args.init, 'rb') as f:
            init = f.read()
        if not os.access(args.init, os.X_OK) or not stat.S_ISREG(os.stat(args.init).st_mode):
            ap.error(f"{args.init}: not an executable file")
        extra = []
        for spec in args.files:
            dest, sep, src = spec.partition('=')
            if not sep or not src:
                ap.error(f"'{spec}': not DEST=SRC")
            with open(src, 'rb') as f:
                extra.append((dest, f.read()))
        data = build(init, extra)
    except (OSError, ValueError) as e:
        print(f"initramfs: {e}", file=sys.stderr)
        return 2
    tmp = args.output + '.tmp'
    with open(tmp, 'wb') as f:
        f.write(data)
    os.replace(tmp, args.output)
    return 0


if __name__ == '__main__':
    sys.exit(main())
