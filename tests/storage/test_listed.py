"""The saves' folder listed once at boot (records.listed): exists/is_folder/reader answer from
one listing instead of an os.stat each (1-2 ms apiece on a Pico's flash), and every change
made through records drops the listing, so the answers are never stale. A random run of the
records' operations gives the same answers and the same files with the listing as without."""

import os
import shutil
import tempfile

from hypothesis import given, settings
from hypothesis import strategies as st

from storage import records

NAMES = ("a.pcr", "a.pcr.new", "a.pcr.bad", "b.pcr", "b.pcr.new")
OPS = st.lists(st.tuples(st.sampled_from(("write", "remove", "delete", "aside", "folder", "check", "ask")),
                         st.sampled_from(NAMES)), max_size=12)


def run(ops, listed):
    root = tempfile.mkdtemp(prefix="listed-")
    answers = []
    try:
        if listed:
            records.listed(root)
        for op, leaf in ops:
            path = root + "/" + leaf
            if op == "write":
                if not os.path.isdir(path):
                    records.write(path, "scores", [{"n": 1}], [])
            elif op == "remove":
                if not os.path.isdir(path):
                    records.remove(path)
            elif op == "delete":
                if not os.path.isdir(path) and not os.path.isdir(path + ".new"):
                    records.delete(path)
            elif op == "aside":
                if os.path.isfile(path):
                    records.set_aside(path, "test", [])
            elif op == "folder":
                if not os.path.exists(path):
                    os.mkdir(path)
                    if listed:
                        records.listed(root)  # a change made elsewhere: listed again, as Saves would be made anew
            elif op == "check":
                answers.append(records.check(path, "scores", []))
            f = records.reader(path)
            answers.append((op, leaf, records.exists(path), records.is_folder(path), f is not None))
            if f is not None:
                f.close()
        answers.append(sorted(os.listdir(root)))
    finally:
        records.listed(None)
        shutil.rmtree(root)
    return answers


@settings(max_examples=300, deadline=None)
@given(OPS)
def test_listed_answers_as_the_filesystem_does(ops):
    assert run(ops, True) == run(ops, False)


def test_a_listed_folder_is_not_asked_again():
    root = tempfile.mkdtemp(prefix="listed-")
    try:
        records.write(root + "/a.pcr", "scores", [{"n": 1}], [])
        records.listed(root)
        os.remove(root + "/a.pcr")  # behind records' back: the listing still says it is there
        assert records.exists(root + "/a.pcr")
        records.remove(root + "/b.pcr")  # nothing there: nothing changes, the listing stays
        assert records.exists(root + "/a.pcr")
        records.write(root + "/b.pcr", "scores", [{"n": 1}], [])  # a change made here: dropped
        assert not records.exists(root + "/a.pcr") and records.exists(root + "/b.pcr")
    finally:
        records.listed(None)
        shutil.rmtree(root)
