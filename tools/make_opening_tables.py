"""Make the expert's opening tables for the two-hand play: crib/leadtable.py (the
pone's first card) and crib/replies/r0.py .. r12.py (the dealer's first card, one
module per rank led, so that only one is loaded).

For every four ranks a player may keep (1,820 of them: suits never matter in the
play), and for the dealer each rank the pone may lead, the look-ahead of
crib/lookahead.py is run against many guesses at the other's cards, drawn
(seeded, crib/rng.py) from the cards not held and not led (for the reply, only
those his lead leaves him, read as a normal player's: crib.told); the average for each
card it could lay, plus the normal value of that card (crib.cpu.normal_values
over the same cards), picks the card. A table holds that pick, two bits a hand:
which of the hand's distinct ranks, lowest first. At the device's budget the
expert sees only six to eight guesses for these cards; the tables stand for
hundreds. They leave out what the real pool lacks (the player's discards and the
starter) and the end of the game (there the search decides).

    python tools/make_opening_tables.py [lead_guesses] [reply_guesses]   # writes the files
"""
import os
import sys
from itertools import combinations_with_replacement

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "host", "pocketcrib", "mpshim"))

from crib import cpu, lookahead, opening, told  # noqa: E402
from crib.cards import PIPS  # noqa: E402
from crib.rng import Rng  # noqa: E402

LEAD_SEED = 9_100_000  # far from the bench's and the tests' seeds
REPLY_SEED = 9_200_000
HANDS = 1820


class Position:
    """Just what crib.cpu.normal_values reads of a game: seat 0 to lay, holding
    mine; the other holds k cards and has laid `led`."""

    def __init__(self, mine, k, led):
        self.players = 2
        self.hands = [list(mine), [0] * k]
        self.passed = 0
        self.seq = list(led)
        self.count = sum(PIPS[c >> 2] for c in led)
        self.starter = None
        self.played = [[], list(led)]
        self.dealt = [self.hands[0], []]
        self.record = self
        self.trail = [c | 1 << 6 | i << 8 for i, c in enumerate(led)]
        self.seed = self.deal_no = 0


def hand_of(ranks):
    """Four cards of these ranks (a rank's repeats in different suits)."""
    return [r * 4 + ranks[:i].count(r) for i, r in enumerate(ranks)]


def pick(ranks, guesses, seed, led_rank=None):
    """Index, among the hand's distinct ranks lowest first, of the card with the best
    value: as pone to lead (led_rank None), or as dealer after a card of led_rank."""
    mine = hand_of(ranks)
    led = []
    if led_rank is not None:
        free = [led_rank * 4 + s for s in range(4) if led_rank * 4 + s not in mine]
        if not free:
            return 0  # he cannot lead a rank all four of whose cards it holds
        led = [free[-1]]
    pool = bytearray(c for c in range(52) if c not in mine and c not in led)
    if led and cpu.TOLD:
        # His lead tells what he holds not (crib.told: what a normal player would
        # rather have led), as the look-ahead's guesses later in the play are drawn.
        no = told.told(Position(mine, 4 - len(led), led), 0, told.new_memo())
        pool = told.leaves(pool, no, 4 - len(led))
    rng = Rng(seed)
    guess = bytearray(4 - len(led))
    totals = [0] * 4
    out = [None] * 4
    count = sum(PIPS[c >> 2] for c in led)
    for _ in range(guesses):
        cpu._draw(pool, guess, rng)
        lookahead.setup(mine, guess, led, count, 0)
        lookahead.values(out)
        for i in range(4):
            totals[i] += out[i]
    normal = cpu.normal_values(Position(mine, len(guess), led), 0, mine)
    values = [totals[i] * cpu._ONE // guesses + normal[i] * cpu.BLEND // cpu._ONE for i in range(4)]
    best = max(range(4), key=lambda i: (values[i], -i))
    return sorted(set(ranks)).index(ranks[best])


def picks(guesses, seed, led_rank=None):
    """Every hand's pick, packed four to a byte (the first in the low bits)."""
    hands = list(combinations_with_replacement(range(13), 4))
    assert sorted(opening.hand_index(h) for h in hands) == list(range(HANDS))
    packed = bytearray(HANDS // 4)
    for h in hands:
        i = opening.hand_index(h)
        packed[i >> 2] |= pick(list(h), guesses, seed + i, led_rank) << (2 * (i & 3))
    return bytes(packed)


def blob(data):
    return "\n".join("    b\"%s\"" % "".join("\\x%02x" % x for x in data[i:i + 16])
                     for i in range(0, len(data), 16))


def lead_module(guesses):
    return "\n".join([
        "# The expert's opening lead as pone in the two-hand play, by the four ranks it kept.",
        "# Made by tools/make_opening_tables.py with %d guesses a hand (see there); do not edit." % guesses,
        "#",
        "# LEAD: two bits a hand (%d hands, crib.opening.hand_index order, four to a byte," % HANDS,
        "# the first in the low bits): which of the hand's distinct ranks to lead, lowest first.",
        "LEAD = (",
        blob(picks(guesses, LEAD_SEED)),
        ")",
    ]) + "\n"


def reply_module(guesses, led_rank):
    return "\n".join([
        "# The expert's first card as dealer in the two-hand play when the pone has led a",
        "# card of rank %d, by the four ranks it kept." % led_rank,
        "# Made by tools/make_opening_tables.py with %d guesses a hand (see there); do not edit." % guesses,
        "#",
        "# PICK: two bits a hand, as crib.leadtable.LEAD.",
        "PICK = (",
        blob(picks(guesses, REPLY_SEED + led_rank * HANDS, led_rank)),
        ")",
    ]) + "\n"


def main():
    lead = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    reply = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    crib = os.path.join(ROOT, "firmware", "crib")
    if lead:
        with open(os.path.join(crib, "leadtable.py"), "w") as f:
            f.write(lead_module(lead))
    if reply:
        for r in range(13):
            with open(os.path.join(crib, "replies", "r%d.py" % r), "w") as f:
                f.write(reply_module(reply, r))
            print("rank %d done" % r, file=sys.stderr)


if __name__ == "__main__":
    main()
