"""The advisor's expectations by plain enumeration (every starter, every crib completion): the
portable tests' reference, and the CPython brute-force test's."""
from players import advisor
from rules.score import score


def combos2(cards):
    out = []
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            out.append((cards[i], cards[j]))
    return out


def brute(pending, crib, unseen, rule, others=(), with_crib=True):
    """Expected points of each discard by plain enumeration: every starter, every crib completion."""
    out = []
    for i, j in advisor.PAIRS:
        a = pending[i]
        b = pending[j]
        kept = tuple(c for c in pending if c != a and c != b)
        total = 0
        cases = 0
        for s in unseen:
            h = score(kept, s) + (2 if s >> 2 == 10 else 0)
            for o in others:
                h += score(o, s)
            if not with_crib:
                total += h
                cases += 1
            elif crib:
                total += h + score(tuple(crib) + (a, b), s, rule)
                cases += 1
            else:
                for x, y in combos2([c for c in unseen if c != s]):
                    total += h + score((a, b, x, y), s, rule)
                    cases += 1
        out.append(total / cases)
    return out
