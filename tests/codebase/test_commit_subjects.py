"""Every commit subject made since the rule came in is under 72 characters.

`git log --oneline` is how the next engineer reads the history: a subject says what changed
("link: refuse an empty HELLO") and the body says why, with the figures and the issue number,
as micropython-lib's tools/verifygitlog.py asks of its commits. The commits before BASE (main
when this test came in) stay as they are; every commit on this checkout's HEAD that BASE does
not hold is checked, merges too. Skipped, saying why, outside a git checkout, in a shallow
clone (its history cut short) or one without BASE."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASE = "475099e493207bc92b90f2e081b0bb72d6266b2b"
LIMIT = 72  # a subject must be shorter than this


def git(*args):
    proc = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=60)
    return proc.stdout if proc.returncode == 0 else None


def too_long(log):
    """(commit, length, subject) of each subject in `git log --format=%h%x00%s` output that is
    LIMIT characters or more."""
    found = []
    for line in log.splitlines():
        sha, _, subject = line.partition("\0")
        if len(subject) >= LIMIT:
            found.append((sha, len(subject), subject))
    return found


def test_a_subject_of_72_characters_or_more_is_found():
    log = "a1\0link: refuse an empty HELLO\nb2\0" + "x" * 71 + "\nc3\0" + "y" * 72 + "\n"
    assert too_long(log) == [("c3", 72, "y" * 72)]


def test_commit_subjects_since_the_base_are_under_72_characters():
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    if git("rev-parse", "--is-inside-work-tree") != "true\n":
        pytest.skip(f"{ROOT} is not a git checkout: no history to read")
    if git("rev-parse", "--is-shallow-repository") == "true\n":
        pytest.skip("a shallow clone: its history is cut short (git fetch --unshallow reads it all)")
    if git("cat-file", "-e", BASE + "^{commit}") is None:
        pytest.skip(f"this clone does not hold the base commit {BASE[:7]}")
    # Where HEAD's own history leaves the base's: the base itself when HEAD grew from it; on a
    # branch made before it, the fork point, so only the branch's own commits are read.
    start = git("merge-base", BASE, "HEAD")
    assert start, "git merge-base %s HEAD failed" % BASE[:7]
    log = git("log", "--format=%h%x00%s", start.strip() + "..HEAD")
    assert log is not None, "git log failed"
    found = too_long(log)
    assert not found, "commit subjects of %d characters or more (the why goes in the body):\n%s" % (
        LIMIT, "\n".join("  %s (%d): %s" % f for f in found))
