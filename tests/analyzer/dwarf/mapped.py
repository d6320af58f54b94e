#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# mapped.py ASMSCAN CC SRCDIR [PLUGIN] — a relocatable object larger than
# DWARF_SCRATCH_MAX (64 MB, analyzer/dwarf/dwarf.h) is relocated by
# libdwfl on a private mapping of its file (object_map_image(), from
# dwarf_rel_open()), not on a copy in the worker's buffer.  The objects:
# src/sites-rank.c and src/copies-a.c compiled with -O2 -g -c (with the
# plugin, if given: its records, for check, sites and patch) and linked with
# `ld -r` into one.o, once alone (small/) and once after a non-allocated
# 70 MB .pad assembled from .skip (large/: ET_REL, 70 MB before its
# .debug_* and their .rela.debug_*); copies-b.o beside it; and an ar
# archive of copies-b.o and the large one.o, whose member starts at an
# offset that is not 8-aligned (ar/lib.a), and one without a symbol index
# whose one.o starts at a non-zero 8-aligned offset (ar8/lib.a: copies-b.o
# given a non-allocated .gap of 0-7 bytes to get there).  Then:
#   - every verb that reads DWARF (the summary in JSON and text, copies,
#     calls --all, tables, sites, check --copies against a baseline of
#     small/, patch) prints the same for large/, ar/lib.a and ar8/lib.a as
#     for small/,
#     the objects' names aside;
#   - what only DWARF gives is there: every object read with DWARF, its
#     units and functions; DWARF copies (hdr_twice, addr_taken); each
#     decl_file:decl_line is a line of that file naming the function; with
#     the plugin, the sites' lines known from the line tables;
#   - diff small/ against large/, ar/lib.a and ar8/lib.a: nothing changed;
#   - with strace: asmscan maps the large object a second time, read-write
#     and private, makes the pages of the sections it relocates anonymous
#     memory read from the file, in whole huge pages of the address space
#     but at the mapping's ends (object_image_own()), and unmaps the
#     mapping whole; small/'s one.o only once (it
#     goes to the buffer), and ar/lib.a only once too: its member starts at
#     an offset that is not 8-aligned (archive members are 2-aligned), and
#     the ELF structures are read in place, so it is copied (UBSan caught a
#     misaligned Elf64_Ehdr read when it was mapped); ar8/lib.a twice, its
#     member mapped where it starts in the archive, and unmapped whole;
#     small/one.o's .rela.debug_* are read apart from the rest of it, from
#     the file in chunks of at most 8,192 entries (dwarf_rel_flat()), and
#     small/one.o is opened three times: listed, mapped, and once for all
#     the reads of its DWARF task.
# Exit 0 pass, 1 fail, 77 skip.
import glob
import json
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
import testlib  # noqa: E402
from testlib import fail, run, skip  # noqa: E402

TEST = testlib.name("analyzer-dwarf-mapped")

SCRATCH_MAX = 64 << 20          # DWARF_SCRATCH_MAX
PAD = 70 << 20
OBJS = ["copies-b.o", "one.o"]  # the archive's order: one.o not first
ARCHIVES = ("ar", "ar8")        # one.o not 8-aligned in ar/, 8-aligned in ar8/


def sections(obj):
    """{name: (type, offset, size)} and the ELF type, from readelf."""
    out = run(["readelf", "-hSW", obj]).stdout
    m = re.search(r"^\s*Type:\s*(\S+)", out, re.M)
    secs = {}
    for line in out.splitlines():
        f = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+"
                     r"([0-9a-f]+)\s+([0-9a-f]+)", line)
        if f:
            secs[f[1]] = (f[2], int(f[3], 16), int(f[4], 16))
    return (m[1] if m else None), secs


def member_offset(archive, name):
    """Where the data of member name starts in archive (ar format)."""
    with open(archive, "rb") as f:
        data = f.read(1 << 20)
    if not data.startswith(b"!<arch>\n"):
        fail(f"{archive}: not an ar archive")
    off = 8
    while off + 60 <= len(data):
        hdr = data[off:off + 60]
        size = int(hdr[48:58])
        if hdr[:16].decode().rstrip() == name + "/":
            return off + 60
        off += 60 + size + (size & 1)
    fail(f"{archive}: no member {name} in its first MB")


def plain_names(doc):
    """doc with every "lib.a(X)" string as "X"."""
    if isinstance(doc, dict):
        return {k: plain_names(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [plain_names(v) for v in doc]
    if isinstance(doc, str):
        m = re.fullmatch(r"lib\.a\((.*)\)", doc)
        return m[1] if m else doc
    return doc


def first_difference(a, b, path="$"):
    """The path of the first place a and b differ, or None."""
    if type(a) is not type(b):
        return f"{path}: {a!r} / {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}: only in one"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None if len(a) == len(b) else f"{path}: {len(a)} / {len(b)} items"
    return None if a == b else f"{path}: {a!r} / {b!r}"


def declarations(doc, found):
    """Every dict of doc with a decl_file and decl_line, into found."""
    if isinstance(doc, dict):
        if "decl_file" in doc and "decl_line" in doc:
            found.append(doc)
        for v in doc.values():
            declarations(v, found)
    elif isinstance(doc, list):
        for v in doc:
            declarations(v, found)
    return found


def check_dwarf(doc, verb):
    """What only DWARF gives is in small/'s output of verb."""
    for o in doc.get("objects", []):
        if not o.get("dwarf") or not o.get("dwarf_units") or \
                not o.get("dwarf_functions"):
            fail(f"{verb}: {o.get('name')} read without DWARF: {o}")
    decls = declarations(doc, [])
    for d in decls:
        name = d.get("name") or d.get("function")
        if not d["decl_file"] or not d["decl_line"] or not name:
            fail(f"{verb}: an empty declaration: {d}")
        base = name.split(".")[0]       # scale.constprop.0 is scale
        with open(d["decl_file"]) as f:
            lines = f.read().splitlines()
        line = lines[d["decl_line"] - 1] if d["decl_line"] <= len(lines) else ""
        if not re.search(rf"\b{re.escape(base)}\b", line):
            fail(f"{verb}: {name} declared at {d['decl_file']}:"
                 f"{d['decl_line']}, which reads {line!r}")
    return decls


def asmscan_runs(srcdir, plugin):
    """The runs compared: (label, arguments, JSON?)."""
    runs = [("summary", ["-f", "json", "-n", "0"], True),
            ("summary text", ["-n", "0"], False),
            ("copies", ["copies", "-f", "json", "-n", "0"], True),
            ("calls", ["calls", "--all", "-f", "json", "-n", "0"], True),
            ("tables", ["tables", "-f", "json", "-n", "0"], True)]
    if plugin:      # check and sites need the plugin's records
        runs += [("check", ["check", "--copies", "--baseline", "../base.txt",
                            "-f", "json"], True),
                 ("sites", ["sites", "-f", "json", "-n", "0"], True),
                 ("patch", ["patch", "--source",
                            os.path.join(srcdir, "tests", "analyzer", "src")],
                  False)]
    return runs


def compare(asmscan, runs):
    """small/, large/ and ar/lib.a agree in every run; small/'s outputs."""
    outs = {}
    for label, args, is_json in runs:
        got = {}
        for where, inputs in (("small", OBJS), ("large", OBJS),
                              *((a, ["lib.a"]) for a in ARCHIVES)):
            p = run([asmscan, *args, *inputs], cwd=where)
            if is_json:
                got[where] = plain_names(json.loads(p.stdout))
            else:
                got[where] = re.sub(r"lib\.a\(([^)]*)\)", r"\1", p.stdout)
            if not p.stdout.strip():
                fail(f"{label}: nothing printed for {where}")
        for where in ("large", *ARCHIVES):
            d = first_difference(got["small"], got[where])
            if d:
                fail(f"{label}: {where} differs from small/: {d}")
        outs[label] = got["small"]
    return outs


def check_outputs(outs, plugin):
    """What each verb must have found, read from DWARF."""
    decls = []
    for label, doc in outs.items():
        if isinstance(doc, dict):
            decls += check_dwarf(doc, label)
    copies = {f["name"] for f in outs["copies"]["copies"]["dwarf"]["functions"]}
    if not {"hdr_twice", "addr_taken"} <= copies:
        fail(f"DWARF copies {sorted(copies)}: hdr_twice and addr_taken wanted")
    callees = {c["name"]: c for c in outs["calls"]["calls"]["callees"]}
    if not callees.get("locked_inc", {}).get("decl_file", "").endswith("sites-rank.h"):
        fail(f"calls: locked_inc not declared in sites-rank.h: {callees.get('locked_inc')}")
    if plugin:
        chk = outs["check"]["check"]
        if chk["new"] or chk["fixed"] or not chk["unchanged"] or \
                chk["unchanged"] != chk["baseline_findings"]:
            fail(f"check against small/'s baseline: {chk}")
        sites = outs["sites"]["sites"]
        if not sites["objects_with_lines"] or not sites["sites"] or \
                not all(s["lines_known"] and s["line_functions"]
                        for s in sites["sites"]):
            fail(f"sites: lines not known from the line tables: {sites}")
        if "asm_inline" not in outs["patch"]:
            fail(f"patch: no conversion: {outs['patch'][:500]}")
    return len(decls)


def check_diff(asmscan):
    """diff small/ against large/ and the archives: nothing changed."""
    for new in ("large", *(a + "/lib.a" for a in ARCHIVES)):
        doc = json.loads(run([asmscan, "diff", "-f", "json", "small", new]).stdout)
        dw = doc["summary"]["copies"]["dwarf"]
        if doc["functions"] or doc["callees"] or doc["copies"] or \
                not dw["before"] or dw["before"] != dw["after"]:
            fail(f"diff small {new}: changes {doc['summary']}")


def mappings(asmscan, inputs, cwd, length):
    """How often asmscan maps length bytes of a file read-write, private,
    from 0 (object_open() and object_map_image() both do), and how many of
    those mappings it unmaps whole (each thread traced to a file of its
    own: no call cut in two by another's)."""
    prefix = os.path.join(os.getcwd(), "trace", cwd)
    run(["strace", "-ff", "-e", "trace=mmap,munmap", "-o", prefix,
         asmscan, "-f", "json", *inputs], cwd=cwd)
    mapped = re.compile(rf"mmap\(NULL, {length}, PROT_READ\|PROT_WRITE, "
                        r"MAP_PRIVATE, \d+, 0\)\s*= (0x[0-9a-f]+)")
    unmapped = re.compile(rf"munmap\((0x[0-9a-f]+), {length}\)\s*= 0")
    owned = re.compile(r"mmap\((0x[0-9a-f]+), (\d+), PROT_READ\|PROT_WRITE, "
                       r"MAP_PRIVATE\|MAP_FIXED\|MAP_ANONYMOUS, -1, 0\)\s*= 0x")
    maps, unmaps, anon = [], set(), []
    for name in glob.glob(prefix + ".*"):
        with open(name) as f:
            for line in f:
                m, u, a = (mapped.search(line), unmapped.search(line),
                           owned.search(line))
                if m:
                    maps.append(m[1])
                if u:
                    unmaps.add(u[1])
                if a:
                    anon.append((int(a[1], 16), int(a[2])))
    # Ranges of the mappings made anonymous: the sections relocated, each
    # widened to whole huge pages of the address space but at the
    # mapping's ends (object_image_own()).
    end = (length + PAGE - 1) // PAGE * PAGE
    inside = [(at, n, int(m, 16)) for at, n in anon for m in maps
              if int(m, 16) <= at and at + n <= int(m, 16) + end]
    for at, n, m in inside:
        if (at % HUGE and at != m) or ((at + n) % HUGE and at + n != m + end):
            fail(f"{cwd}: {n} bytes at {at:#x} made anonymous in the mapping "
                 f"at {m:#x} ({end} bytes): not whole huge pages")
    return len(maps), sum(1 for a in maps if a in unmaps), len(inside)


def check_mapped(asmscan):
    """With strace: the large object mapped again and unmapped, the small
    one mapped once."""
    if not shutil.which("strace") or \
            run(["strace", "-f", "-o", "/dev/null", "true"], want=None).returncode:
        print(f"{TEST}: strace cannot run here: the second mapping not observed",
              flush=True)
        return
    os.mkdir("trace")
    small = os.path.getsize("small/one.o")
    large = os.path.getsize("large/one.o")
    # one.o is the archives' last member: they end where it ends.
    member = member_offset("ar/lib.a", "one.o") + large
    member8 = member_offset("ar8/lib.a", "one.o") + large
    for inputs, cwd, length, want in ((OBJS, "small", small, 1),
                                      (OBJS, "large", large, 2),
                                      (["lib.a"], "ar", member, 1),
                                      (["lib.a"], "ar8", member8, 2)):
        n, gone, inside = mappings(asmscan, inputs, cwd, length)
        if n != want or gone != n:
            fail(f"{cwd}: {n} read-write mappings of {length} bytes "
                 f"({want} wanted), {gone} of them unmapped")
        # The second mapping's relocated sections: anonymous memory.
        if (inside > 0) != (want == 2):
            fail(f"{cwd}: {inside} ranges of the mappings made anonymous "
                 f"({'some' if want == 2 else 'none'} wanted)")
    print(f"{TEST}: large/one.o and ar8/lib.a (its member 8-aligned) mapped "
          "twice, the sections relocated made anonymous there, and unmapped; "
          "small/one.o, and ar/lib.a (its member not 8-aligned: copied), once",
          flush=True)


FLAT_CHUNK = 8192 * 24          # dwarf-rel.c: entries read at a time
PAGE = os.sysconf("SC_PAGE_SIZE")
HUGE = 2 << 20                  # object.c: OWN_HUGE


def check_rela_read(asmscan):
    """With strace: small/one.o's .rela.debug_* are not read with the rest
    of it into the worker's buffer, but from the file a chunk at a time."""
    if not shutil.which("strace") or \
            run(["strace", "-f", "-o", "/dev/null", "true"], want=None).returncode:
        print(f"{TEST}: strace cannot run here: the reads not observed",
              flush=True)
        return
    _, secs = sections("small/one.o")
    relas = [(off, size) for name, (kind, off, size) in secs.items()
             if kind == "RELA" and name.startswith(".rela.debug_") and size]
    if not relas:
        fail("small/one.o has no .rela.debug_* section")
    trace = os.path.abspath("pread.trace")
    run(["strace", "-ff", "-y", "-e", "trace=pread64,openat", "-o", trace,
         asmscan, "-f", "json", *OBJS], cwd="small")
    reads, opens = [], 0
    for name in glob.glob(trace + ".*"):    # a file per thread: whole lines
        with open(name) as f:
            for line in f:
                opens += bool(re.search(r'openat\(AT_FDCWD(<[^>]*>)?, "one\.o", '
                                        r'.*\)\s*= \d', line))
                m = re.search(r"pread64\(\d+<[^>]*/one\.o>, .*, (\d+), "
                              r"(\d+)\)\s*= \d+", line)
                if m:
                    reads.append((int(m[2]), int(m[1])))
    for off, size in relas:
        inside = sorted(r for r in reads if off <= r[0] < off + size)
        across = [r for r in reads if r[0] < off < r[0] + r[1] or
                  (off <= r[0] < off + size and r[0] + r[1] > off + size)]
        at = off
        for r_off, r_len in inside:
            if r_off != at or r_len > FLAT_CHUNK:
                fail(f"small/one.o: the entries at {off:#x} ({size} bytes) "
                     f"read as {inside} (chunks of at most {FLAT_CHUNK} wanted)")
            at += r_len
        if at != off + size or across:
            fail(f"small/one.o: the entries at {off:#x} ({size} bytes) read "
                 f"as {inside}, across them {across}")
    # Looked at when the inputs are listed, mapped when it is opened, and
    # once for every read of its DWARF task (dwarf_rel_open()).
    if opens != 3:
        fail(f"small/one.o opened {opens} times (3 wanted: listed, mapped, "
             "its DWARF task's reads)")
    print(f"{TEST}: small/one.o's {len(relas)} .rela.debug_* sections read "
          f"from the file in chunks of at most {FLAT_CHUNK} bytes, apart from "
          "the rest", flush=True)


def build(asmscan, cc, srcdir, plugin):
    """small/, large/ and ar/lib.a, and (plugin) small/'s baseline."""
    src = os.path.join(srcdir, "tests", "analyzer", "src")
    flags = [cc, "-O2", "-g", "-c", f"-I{src}", "-Wno-attributes"]
    if plugin:
        flags += [f"-fplugin={plugin}", "-fplugin-arg-asminline-diag=none"]
    for d in ("obj", "small", "large", *ARCHIVES):
        os.mkdir(d)
    for unit in ("sites-rank", "copies-a", "copies-b"):
        run(flags + [os.path.join(src, unit + ".c"), "-o", f"obj/{unit}.o"])
    with open("obj/pad.s", "w") as f:
        f.write(f'\t.section .pad,"",@progbits\n\t.skip {PAD}\n'
                '\t.section .note.GNU-stack,"",@progbits\n')
    run([cc, "-c", "obj/pad.s", "-o", "obj/pad.o"])
    units = ["obj/sites-rank.o", "obj/copies-a.o"]
    run(["ld", "-r", *units, "-o", "small/one.o"])
    run(["ld", "-r", "obj/pad.o", *units, "-o", "large/one.o"])
    for d in ("small", "large"):
        shutil.copy("obj/copies-b.o", d)
    run(["ar", "rc", "ar/lib.a", "large/copies-b.o", "large/one.o"])
    archive_aligned("obj/copies-b.o", "large/one.o", "ar8")
    if plugin:
        run([asmscan, "check", "--copies", "--write-baseline",
             "--baseline", "../base.txt", *OBJS], cwd="small")


def archive_aligned(first, large, where):
    """where/lib.a: first (as copies-b.o) and large, without a symbol index
    (ar S), large's data at an 8-aligned offset: first is given a .gap
    section of the 0-7 bytes that put it there (not allocated: no verb
    reads it)."""
    for gap in range(8):
        member = f"{where}/copies-b.o"
        with open(f"{where}/gap", "wb") as f:
            f.write(b"g" * gap)
        if gap:
            run(["objcopy", "--add-section", f".gap={where}/gap", first, member])
        else:
            shutil.copy(first, member)
        lib = f"{where}/lib.a"
        if os.path.exists(lib):
            os.remove(lib)
        run(["ar", "rcS", lib, member, large])
        if member_offset(lib, "one.o") % 8 == 0:
            os.remove(member)
            os.remove(f"{where}/gap")
            return
    fail(f"{where}/lib.a: no .gap of 0-7 bytes puts one.o at an 8-aligned offset")


def check_inputs():
    """large/one.o is what the test is about, else it proves nothing."""
    etype, secs = sections("large/one.o")
    size = os.path.getsize("large/one.o")
    if etype != "REL" or size <= SCRATCH_MAX:
        fail(f"large/one.o: {etype}, {size} bytes: ET_REL over 64 MB wanted")
    for name in (".rela.debug_info", ".rela.debug_line"):
        if name not in secs:
            fail(f"large/one.o: no {name}: libdwfl would relocate nothing")
    if secs[".debug_info"][1] <= SCRATCH_MAX:
        fail(f"large/one.o: .debug_info at {secs['.debug_info'][1]:#x}, "
             "not past 64 MB (did ld place .pad elsewhere?)")
    off = member_offset("ar/lib.a", "one.o")
    if off % 8 == 0:
        fail(f"ar/lib.a: one.o at {off}, 8-aligned: the copy path untested")
    off8 = member_offset("ar8/lib.a", "one.o")
    if off8 % 8 or off8 < 4096:
        fail(f"ar8/lib.a: one.o at {off8}: 8-aligned and past the first "
             "page wanted (the mapping at a member's offset untested)")
    print(f"{TEST}: large/one.o {size} bytes, .debug_info at "
          f"{secs['.debug_info'][1]:#x}; in ar/lib.a at offset {off}, in "
          f"ar8/lib.a at {off8}", flush=True)


def main():
    if len(sys.argv) not in (4, 5):
        fail("usage: mapped.py ASMSCAN CC SRCDIR [PLUGIN]")
    asmscan, cc, srcdir = sys.argv[1:4]
    plugin = os.path.abspath(sys.argv[4]) if len(sys.argv) == 5 else None
    asmscan, srcdir = os.path.abspath(asmscan), os.path.abspath(srcdir)
    for tool in ("readelf", "ld", "ar", "objcopy"):
        if not shutil.which(tool):
            skip(f"{tool} not found")
    testlib.enter(TEST)     # its own directory: never the one it was run in
    build(asmscan, cc, srcdir, plugin)
    check_inputs()
    outs = compare(asmscan, asmscan_runs(srcdir, plugin))
    ndecl = check_outputs(outs, plugin)
    check_diff(asmscan)
    check_mapped(asmscan)
    check_rela_read(asmscan)
    # 280 MB of this directory's own files: gone once they proved it.
    for f in ("large/one.o", "ar/lib.a", "ar8/lib.a", "obj/pad.o"):
        os.remove(f)
    print(f"{TEST}: PASS: {len(outs)} runs agree on small/, large/, "
          f"ar/lib.a and ar8/lib.a; {ndecl} declarations found at their lines"
          f"{'' if plugin else ' (no plugin: check, sites and patch not run)'}")


if __name__ == "__main__":
    main()
