# SPDX-License-Identifier: GPL-2.0
"""testlib -- what the Python test scripts share, as lib.sh does for the
shell ones: the test's own working directory.  Under ctest it is the
directory asminline_add_test made for the test (ASMINLINE_TEST_WORKDIR,
the current directory, holding the marker file .asminline-test-workdir),
emptied but for the marker; anywhere else -- by hand, or with the variable
set in a shell but no marker -- a fresh temporary one, so a script never
deletes files it does not own.  Import it after sys.path.insert(0,
<tests/lib>)."""
import os
import shutil
import tempfile

MARK = ".asminline-test-workdir"


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
