"""score() throughput over a fixed pseudo-random set of hands."""

from benchutil import clock_ms, elapsed_ms, report, sample_hands

from rules.score import score

N = 2000



def main():
    data = sample_hands(N)
    t0 = clock_ms()
    total = 0
    for hand, starter in data:
        total += score(hand, starter)
    report("score()", N, elapsed_ms(t0), "hand")
    print("checksum", total)


main()
