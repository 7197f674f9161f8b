"""Portable helpers for bench scripts (CPython and MicroPython)."""

try:
    from time import ticks_diff, ticks_ms

    def clock_ms():
        return ticks_ms()

    def elapsed_ms(t0):
        return ticks_diff(ticks_ms(), t0)

except ImportError:  # CPython
    from time import perf_counter

    def clock_ms():
        return perf_counter() * 1000

    def elapsed_ms(t0):
        return perf_counter() * 1000 - t0


def report(name, count, ms, unit="op"):
    """One result line: total time and time per item."""
    per = ms * 1000 / count if count else 0
    print("%-24s %8d %ss in %8.1f ms  %8.2f us/%s" % (name, count, unit, ms, per, unit))
