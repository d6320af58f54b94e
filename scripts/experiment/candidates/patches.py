# SPDX-License-Identifier: GPL-2.0
"""patches.py — one git-am-able patch per site, its evidence in the commit
message, checked on the source it came from.

The patch is `asmscan patch --format-patch DIR --split site --site
FILE:LINE` on the warn build; the what-if's figures go into its body as a
paragraph before the "---" line.  The check: a git repository made from
the unpacked source (its work tree hard links to the source's files, a
file the patch touches unlinked first, so nothing is written through a
link), `git am` of the patch on a branch of its own, then `make UNIT.o`
for every unit holding the site in an O= tree of that repository
configured as the warn build was, with CONFIG_WERROR=y and without the
plugin; and the objects so built compared with the what-if's (the same
loaded bytes mean the patch does what the what-if measured).
"""
import os
import re
import shutil
import subprocess
import textwrap

import kbuild

BASE_TAG = "candidates-base"
GIT_ENV = {"GIT_COMMITTER_NAME": "asminline candidates",
           "GIT_COMMITTER_EMAIL": "candidates@asminline.invalid",
           "GIT_AUTHOR_NAME": "asminline candidates",
           "GIT_AUTHOR_EMAIL": "candidates@asminline.invalid"}


class PatchError(Exception):
    pass


def git(repo, *args, check=True, logf=None):
    env = dict(os.environ, **GIT_ENV)
    p = subprocess.run(["git", "-C", repo] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, errors="replace", env=env)
    if logf:
        logf.write(f"$ git {' '.join(args)}\n{p.stdout}")
    if check and p.returncode:
        raise PatchError(f"git {' '.join(args)} in {repo}: {p.stdout.strip()[-300:]}")
    return p


def make_patch(asmscan, src, inputs, site, outdir):
    """The site's patch file, or None with asmscan's reason."""
    if os.path.isdir(outdir):
        shutil.rmtree(outdir)
    p = subprocess.run([asmscan, "patch", "--source", src, "--format-patch", outdir,
                        "--split", "site", "--site", site] + list(inputs),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode:
        raise PatchError(f"asmscan patch --site {site}: exit {p.returncode}: {p.stderr.strip()[-300:]}")
    files = [ln.strip() for ln in p.stdout.splitlines() if ln.strip().endswith(".patch")]
    if len(files) != 1:
        return None, p.stderr.strip()
    return files[0], p.stderr.strip()


def wrap(text):
    return "\n".join(textwrap.fill(par, 72, break_on_hyphens=False, break_long_words=False)
                     for par in text.split("\n"))


def add_evidence(path, paragraphs):
    """Insert PARAGRAPHS (text, already laid out) before the patch's "---"."""
    with open(path) as f:
        lines = f.read().split("\n")
    try:
        at = lines.index("---")
    except ValueError:
        raise PatchError(f"{path}: no '---' line")
    body = paragraphs.rstrip("\n").split("\n") + [""]
    lines[at:at] = body
    with open(path, "w") as f:
        f.write("\n".join(lines))


def touched(path):
    """Files a patch changes (its +++ b/ lines)."""
    with open(path) as f:
        return [m.group(1) for m in re.finditer(r"^\+\+\+ b/(\S+)", f.read(), re.M)]


def ensure_repo(src, repo, version, logpath):
    """A git repository of SRC at REPO (work tree: hard links), tagged."""
    if os.path.exists(os.path.join(repo, ".git", "candidates-ready")):
        return
    if os.path.exists(repo):
        shutil.rmtree(repo)
    kbuild.log(f"git repository of {src} in {repo} (about a minute)")
    os.makedirs(repo)
    for name in os.listdir(src):
        if name.startswith(".asminline"):
            continue
        s = os.path.join(src, name)
        rc = subprocess.run(["cp", "-al", s, repo]).returncode
        if rc:
            raise PatchError(f"cp -al {s} {repo} failed")
    with open(logpath, "a") as lf:
        git(repo, "init", "-q", logf=lf)
        # Debian's linux-source ignores the whole top level (/* in
        # .gitignore): -f takes every file of the unpacked source.
        git(repo, "-c", "core.loosecompression=1", "add", "-f", "-A", ".", logf=lf)
        git(repo, "commit", "-q", "-m", f"Linux {version} (unpacked source)", logf=lf)
        git(repo, "tag", "-f", BASE_TAG, logf=lf)
    open(os.path.join(repo, ".git", "candidates-ready"), "w").close()


def unlink_copy(repo, rel):
    """Give REPO/REL an inode of its own (it was a hard link to the source)."""
    p = os.path.join(repo, rel)
    if os.path.isfile(p) and os.stat(p).st_nlink > 1:
        tmp = p + ".candidates-tmp"
        shutil.copy2(p, tmp)
        os.replace(tmp, p)


def apply_patch(repo, patch, branch, logpath):
    """git am PATCH on BRANCH (made from the base tag); (ok, message)."""
    with open(logpath, "a") as lf:
        git(repo, "am", "--abort", check=False, logf=lf)
        git(repo, "checkout", "-q", "-f", BASE_TAG, logf=lf)
        for rel in touched(patch):
            unlink_copy(repo, rel)
        git(repo, "checkout", "-q", "-B", branch, logf=lf)
        p = git(repo, "am", "-q", os.path.abspath(patch), check=False, logf=lf)
        if p.returncode:
            git(repo, "am", "--abort", check=False, logf=lf)
            return False, p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "git am failed"
        head = git(repo, "log", "-1", "--format=%h %s", logf=lf).stdout.strip()
    return True, head


def run_checkpatch(src, path):
    """checkpatch.pl's output and {type: count} of its errors and warnings
    (--no-tree --no-signoff: no tree to look up, no Signed-off-by yet)."""
    p = subprocess.run(["perl", os.path.join(src, "scripts", "checkpatch.pl"), "--no-tree",
                        "--no-signoff", "--show-types", path], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, errors="replace")
    found = {}
    for kind, typ in re.findall(r"^(ERROR|WARNING):(\w+):", p.stdout, re.M):
        found[(kind, typ)] = found.get((kind, typ), 0) + 1
    return p.stdout, found


def reverse_diff(text):
    """The diff part of a patch undone: what checkpatch says of the lines
    the patch replaces."""
    out, inside = [], False
    for line in text.split("\n"):
        if line.startswith("--- a/"):
            inside = True
        if not inside or line == "-- ":
            if inside:
                break
            continue
        if line.startswith("--- a/"):
            out.append("+++ b/" + line[6:])
        elif line.startswith("+++ b/"):
            out.insert(len(out) - 1, "--- a/" + line[6:])
        elif line.startswith("@@"):
            m = re.match(r"@@ -(\S+) \+(\S+) @@(.*)", line)
            out.append(f"@@ -{m.group(2)} +{m.group(1)} @@{m.group(3)}" if m else line)
        elif line.startswith("+"):
            out.append("-" + line[1:])
        elif line.startswith("-"):
            out.append("+" + line[1:])
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def checkpatch(src, patch, outdir):
    """checkpatch.pl on PATCH and on its reverse: {"errors", "warnings"}
    of the patch, and "new": the ones the replaced lines do not draw
    (the lines a conversion keeps, such as a template's %c[feature],
    draw their own).  Outputs in OUTDIR/checkpatch*.txt."""
    with open(patch) as f:
        text = f.read()
    fwd_text, fwd = run_checkpatch(src, patch)
    rev = os.path.join(outdir, "reverse.diff")
    with open(rev, "w") as f:
        f.write(reverse_diff(text))
    back_text, back = run_checkpatch(src, rev)
    with open(os.path.join(outdir, "checkpatch.txt"), "w") as f:
        f.write(fwd_text)
    with open(os.path.join(outdir, "checkpatch-replaced.txt"), "w") as f:
        f.write(back_text)
    new = {f"{k[0]}:{k[1]}": n - back.get(k, 0) for k, n in fwd.items() if n > back.get(k, 0)}
    return {"errors": sum(n for k, n in fwd.items() if k[0] == "ERROR"),
            "warnings": sum(n for k, n in fwd.items() if k[0] == "WARNING"),
            "types": sorted(f"{k[0]}:{k[1]}" for k in fwd), "new": new}


def restore_base(repo, logpath):
    with open(logpath, "a") as lf:
        git(repo, "checkout", "-q", "-f", BASE_TAG, logf=lf)
