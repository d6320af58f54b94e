# SPDX-License-Identifier: GPL-2.0
"""testlib -- what the Python test scripts share, as lib.sh does for the
shell ones: fail() and skip() with the test's name (set once by name()),
run() which runs a command and fails the test when its exit code is not
the one wanted, and the test's own working directory.  Under ctest it is the
directory asminline_add_test made for the test (ASMINLINE_TEST_WORKDIR,
the current directory, holding the marker file .asminline-test-workdir),
emptied but for the marker; anywhere else -- by hand, or with the variable
set in a shell but no marker -- a fresh temporary one, so a script never
deletes files it does not own.  Import it after sys.path.insert(0,
<tests/lib>)."""
import os
import shutil
import subprocess
import sys
import tempfile

MARK = ".asminline-test-workdir"
# Output of a failed command shown by run(): the end of each stream.
TAIL = 3000

TEST = None     # the test's name, its messages' first word: name() sets it


def name(test):
    """The test is test (its ctest name): fail() and skip() say so.  Returns it."""
    global TEST
    TEST = test
    return test


def fail(msg):
    """The test failed: exit 1, saying why on stderr."""
    print(f"{TEST}: FAIL: {msg}", file=sys.stderr, flush=True)
    sys.exit(1)


def skip(msg):
    """The test cannot run here: exit 77 (ctest's skip), saying why."""
    print(f"{TEST}: SKIP: {msg}", flush=True)
    sys.exit(77)


def run(cmd, want=0, **kw):
    """cmd run to its end with its output captured, as text (undecodable
    bytes replaced) unless text=False; other keywords are subprocess.run's
    (cwd, env, input).  An exit code other than want fails the test, with
    the command and the end of its output; want=None accepts any."""
    opts = {"capture_output": True, "text": True, "errors": "replace"}
    opts.update(kw)
    if not opts["text"]:
        del opts["errors"]
    p = subprocess.run(cmd, **opts)
    if want is not None and p.returncode != want:
        out, err = p.stdout, p.stderr
        if not opts["text"]:
            out, err = (b.decode(errors="replace") for b in (out, err))
        fail(f"{' '.join(cmd)}: exit {p.returncode}, wanted {want}\n"
             f"{out[-TAIL:]}{err[-TAIL:]}")
    return p


def owned(path="."):
    """Is path the directory ctest made for this test (the marker in it)?"""
    mine = os.environ.get("ASMINLINE_TEST_WORKDIR")
    mark = os.path.join(path, MARK)
    return bool(mine) and os.path.isdir(mine) and os.path.samefile(mine, path) \
        and os.path.isfile(mark) and not os.path.islink(mark)


def workdir(test):
    """The directory to work in, emptied or new; not entered."""
    if owned("."):
        for e in os.listdir("."):
            if e == MARK:
                continue
            if os.path.isdir(e) and not os.path.islink(e):
                shutil.rmtree(e)
            else:
                os.remove(e)
        return os.getcwd()
    work = tempfile.mkdtemp(prefix=f"asminline-{test}.")
    print(f"{test}: working in {work}")
    return work


def enter(test):
    """workdir(test), entered; its path."""
    work = workdir(test)
    os.chdir(work)
    return work
