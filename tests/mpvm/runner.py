"""Portable test runner: runs `test_*` functions of plain modules (no pytest needed).

Works on MicroPython and CPython:

    runner.py [-v] MODULE [MODULE...]

MODULE is an importable module name (e.g. test_cards) or a path to a .py file
whose folder is already on sys.path. Every module-level callable named test_*
is called, in name order; a bare `assert` or any exception fails it, but an
exception named SkipTest (tests/core/skiptest.py, or unittest's) skips it. A
module may define MICROPYTHON_SKIP = ("test_name", ...) to skip heavy tests
when run on MicroPython. Prints failures and skips, then a closing line `N
passed, M failed[, K skipped]`, and exits 1 if anything failed (or nothing
ran), else 0.
"""

import sys

ON_MICROPYTHON = sys.implementation.name == "micropython"

try:
    from time import ticks_diff, ticks_ms
except ImportError:  # CPython
    from time import monotonic

    def ticks_ms():
        return int(monotonic() * 1000)

    def ticks_diff(a, b):
        return a - b


def print_exception(e):
    if ON_MICROPYTHON:
        sys.print_exception(e)
    else:
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__, file=sys.stdout)


def module_name(arg):
    """'tests/core/test_cards.py' -> 'test_cards'; names pass through."""
    if arg.endswith(".py"):
        arg = arg[:-3]
        arg = arg[arg.rfind("/") + 1 :]
    return arg


def run_module(name, verbose, counts):
    try:
        mod = __import__(name)
    except Exception as e:
        print("ERROR importing %s:" % name)
        print_exception(e)
        counts[1] += 1
        return
    skip = getattr(mod, "MICROPYTHON_SKIP", ()) if ON_MICROPYTHON else ()
    names = sorted(n for n in dir(mod) if n.startswith("test_") and callable(getattr(mod, n)))
    for n in names:
        label = name + "." + n
        if n in skip:
            counts[2] += 1
            if verbose:
                print("SKIP", label)
            continue
        t0 = ticks_ms()
        try:
            getattr(mod, n)()
        except Exception as e:  # report every failure, keep going
            if type(e).__name__ == "SkipTest":  # it cannot run here: never counted as passed
                counts[2] += 1
                print("SKIP %s: %s" % (label, e))
                continue
            counts[1] += 1
            print("FAIL %s: %s: %s" % (label, type(e).__name__, e))
            print_exception(e)
            continue
        counts[0] += 1
        if verbose:
            print("ok   %s (%d ms)" % (label, ticks_diff(ticks_ms(), t0)))


def main(argv):
    verbose = "-v" in argv
    mods = [a for a in argv if a != "-v"]
    counts = [0, 0, 0]  # passed, failed, skipped
    for arg in mods:
        run_module(module_name(arg), verbose, counts)
    line = "%d passed, %d failed" % (counts[0], counts[1])
    if counts[2]:
        line += ", %d skipped" % counts[2]
    print(line)
    return 1 if counts[1] or not (counts[0] or counts[2]) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
