"""The play's scorer against the brute force on every count of up to eight cards.

CPython only (some 13 million sequences; about ten minutes on a busy machine):
make test checks up to five cards, on CPython and in the VM. The brute force and
the walk are those of tests/core/test_pegging.py.
"""
import sys
import time

if sys.implementation.name == "micropython":
    print("bench_pegging: CPython only (make test runs the short form in the VM)")
else:
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
    import test_pegging

    t0 = time.monotonic()
    n = test_pegging.check_all(8)
    print("peg() equals the brute force on all %d counts of 1 to 8 cards (%.0f s)" % (
        n, time.monotonic() - t0))
    assert n == 12892167, n
