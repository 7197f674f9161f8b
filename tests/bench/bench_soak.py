"""The soak (issue 5): 2,000 games auto-played by the demo mode through the UI in
the MicroPython VM, the whole firmware from .mpy; the heap in use after each game
(after a collection) must not grow, and no MemoryError may occur.

The VM collects garbage only between top-level calls, so this bench drives it
from CPython (soakvm.py: one game per call); in the VM it says so.
`make test` runs a shorter soak (tests/sim/test_soak.py)."""
import sys

GAMES = 2000

if sys.implementation.name == "micropython":
    print("bench_soak: runs from the CPython side (it drives the VM one game per call)")
else:
    import soakvm

    heaps, summary, _ = soakvm.run(GAMES)
    print(summary)
    n = len(heaps)
    half = n // 2
    print("heap in use after each game: first %d, min %d, max %d, last %d bytes"
          % (heaps[0], min(heaps), max(heaps), heaps[-1]))
    print("  games 1-%d max %d, games %d-%d max %d (goal: no growth)"
          % (half, max(heaps[:half]), half + 1, n, max(heaps[half:])))
    for k in (1, 10, 100, 500, 1000, 1500, 2000):
        if k <= n:
            print("  after game %4d: %d bytes" % (k, heaps[k - 1]))
    ms = int(summary.split()[3])
    print("ms per game in the VM (demo, every frame drawn): %.1f" % (ms / n))
    if n != GAMES or max(heaps[half:]) > max(heaps[:half]) + 256:
        print("bench_soak: FAILED (heap grew, or games missing)")
        sys.exit(1)
