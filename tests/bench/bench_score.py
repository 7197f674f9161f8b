"""score() throughput over a fixed pseudo-random set of hands."""

from benchutil import clock_ms, elapsed_ms, report

from crib.score import score

N = 2000


def hands(n):
    # A small LCG keeps the set identical on CPython and MicroPython.
    x = 12345
    out = []
    while len(out) < n:
        seen = []
        while len(seen) < 5:
            x = (x * 1103515245 + 12345) & 0x3FFFFFFF
            c = (x >> 8) % 52
            if c not in seen:
                seen.append(c)
        out.append((tuple(seen[:4]), seen[4]))
    return out


def main():
    data = hands(N)
    t0 = clock_ms()
    total = 0
    for hand, starter in data:
        total += score(hand, starter)
    report("score()", N, elapsed_ms(t0), "hand")
    print("checksum", total)


main()
