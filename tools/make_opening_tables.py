"""Make the expert's opening tables for the two-hand play: tables/leadtable.py (the
pone's first card), tables/replies/r0.py .. r12.py (the dealer's first card, one
module per rank led, so that only one is loaded) and tables/seconds/s0.py .. s12.py
(the pone's second card, having led the lead table's card, one module per rank
the dealer replied with).

For every four ranks a player may keep (1,820 of them: suits never matter in the
play), for the dealer each rank the pone may lead, and for the pone's second card
each rank the dealer may reply with, the look-ahead of
players/lookahead.py is run against many guesses at the other's cards, drawn
(seeded, rules/rng.py) from the cards not held and not laid (after his first card,
only those it leaves him, read as a normal player's: players.reading); the average for each
card it could lay, plus the normal value of that card (players.cpu.normal_values
over the same cards), picks the card. A table holds that pick, two bits a hand:
which of the hand's distinct ranks, lowest first. At the device's budget the
expert sees only six to eight guesses for the first cards (a dozen or so for the
pone's second); the tables stand for hundreds. They leave out what the real pool
lacks (the player's discards and the starter) and the end of the game (there the
search decides).

    python tools/make_opening_tables.py [lead_guesses] [reply_guesses] [second_guesses] [ranks]

writes the files (a count of 0 skips those tables; ranks, such as 0,1,2, makes only
the second-card tables after those replies, to share the work between processes).
"""
import os
import sys
from itertools import combinations_with_replacement

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "host", "pocketcrib", "twins", "mpshim"))

from players import cpu  # noqa: E402
from players import lookahead  # noqa: E402
from players import opening  # noqa: E402
from players import reading as told  # noqa: E402
from rules.cards import PIPS  # noqa: E402
from rules.cribbage import Cribbage  # noqa: E402
from rules.rng import Rng  # noqa: E402

LEAD_SEED = 9_100_000  # far from the bench's and the tests' seeds
REPLY_SEED = 9_200_000
SECOND_SEED = 9_300_000
HANDS = 1820


class Position:
    """Just what players.cpu.normal_values and players.reading read of a game: seat 0 to lay,
    holding mine; the other holds k cards; seq the count's cards so far, each the
    other's but those in laid (seat 0's own)."""

    def __init__(self, mine, k, seq, laid=()):
        self.players = 2
        self.hands = [list(mine), [0] * k]
        self.passed = 0
        self.seq = list(seq)
        self.count = sum(PIPS[c >> 2] for c in seq)
        self.starter = None
        self.played = [list(laid), [c for c in seq if c not in laid]]
        self.dealt = [list(mine) + list(laid), []]
        self.record = self
        self.trail = [c | (0 if c in laid else 1) << 6 | i << 8 for i, c in enumerate(seq)]
        self.seed = self.deal_no = 0

    unseen = Cribbage.unseen  # the game's own answer, over these fields


def hand_of(ranks):
    """Four cards of these ranks (a rank's repeats in different suits)."""
    return [r * 4 + ranks[:i].count(r) for i, r in enumerate(ranks)]


def pick(ranks, guesses, seed, led_rank=None):
    """Index, among the hand's distinct ranks lowest first, of the card with the best
    value: as pone to lead (led_rank None), or as dealer after a card of led_rank."""
    mine = hand_of(ranks)
    led = []
    if led_rank is not None:
        free = _free(led_rank, mine)
        if not free:
            return 0  # he cannot lead a rank all four of whose cards it holds
        led = [free[-1]]
    best = _best(mine, led, (), guesses, seed)
    return sorted(set(ranks)).index(mine[best] >> 2)


def second(ranks, reply_rank, guesses, seed, lead):
    """As pone, index among the hand's distinct ranks of its second card, having led
    the card the lead table `lead` names and the dealer having replied with reply_rank."""
    mine = hand_of(ranks)
    first = opening.table_rank(lead, ranks)
    led = [c for c in mine if c >> 2 == first][-1:]
    rest = [c for c in mine if c not in led]
    free = _free(reply_rank, mine)
    if not free:
        return 0  # he cannot reply with a rank all four of whose cards it holds
    # His four drawn as likely as normal keeps them (players.cpu.PRIOR, his side the
    # dealer's), as the look-ahead draws them (tables of uniform guesses gained nothing).
    best = _best(rest, led + [free[-1]], led, guesses, seed, cpu.PRIOR[0])
    return sorted(set(ranks)).index(rest[best] >> 2)


def _free(rank, mine):
    """The cards of rank not in mine."""
    return [rank * 4 + s for s in range(4) if rank * 4 + s not in mine]


def _best(mine, seq, laid, guesses, seed, prior=None):
    """Index in mine of the card with the best look-ahead over guesses at his cards,
    plus its normal value: seq the count so far, laid those of seq that are mine;
    prior, his side's players.cpu.PRIOR: his four drawn as likely as normal keeps them."""
    k = 4 - len(seq) + len(laid)
    pool = bytearray(c for c in range(52) if c not in mine and c not in seq)
    if len(seq) > len(laid):
        # His cards tell what he holds not (players.reading: what a normal player would
        # rather have laid), as the look-ahead's guesses later in the play are drawn.
        no = told.told(Position(mine, k, seq, laid), 0, told.new_memo())
        pool = told.leaves(pool, no, k)
    rng = Rng(seed)
    guess = bytearray(k)
    n = len(mine)
    totals = [0] * n
    out = [None] * n
    count = sum(PIPS[c >> 2] for c in seq)
    theirs = [c for c in seq if c not in laid] + [0] * k
    for _ in range(guesses):
        if prior is None:
            cpu._draw(pool, guess, rng)
        else:
            cpu.draw_kept(pool, guess, theirs, prior, 16 * cpu.PRIOR_CAP, rng)
        lookahead.setup(mine, guess, seq, count, 0)
        lookahead.values(out)
        for i in range(n):
            totals[i] += out[i]
    normal = cpu.normal_values(Position(mine, k, seq, laid), 0, mine)
    values = [totals[i] * cpu._ONE // guesses + normal[i] for i in range(n)]
    return max(range(n), key=lambda i: (values[i], -i))


def picks(guesses, seed, led_rank=None, reply_rank=None):
    """Every hand's pick, packed four to a byte (the first in the low bits): the lead,
    the reply to led_rank, or (reply_rank) the pone's second card."""
    hands = list(combinations_with_replacement(range(13), 4))
    assert sorted(opening.hand_index(h) for h in hands) == list(range(HANDS))
    if reply_rank is not None:
        from tables import leadtable
    packed = bytearray(HANDS // 4)
    for h in hands:
        i = opening.hand_index(h)
        if reply_rank is None:
            p = pick(list(h), guesses, seed + i, led_rank)
        else:
            p = second(list(h), reply_rank, guesses, seed + i, leadtable.LEAD)
        packed[i >> 2] |= p << (2 * (i & 3))
    return bytes(packed)


def blob(data):
    return "\n".join("    b\"%s\"" % "".join("\\x%02x" % x for x in data[i:i + 16])
                     for i in range(0, len(data), 16))


def module(lines, name, data):
    """A table's module: its comment lines, then name = the data as bytes."""
    return "\n".join(["# " + line if line else "#" for line in lines]
                     + ["%s = (" % name, blob(data), ")"]) + "\n"


def lead_module(guesses):
    return module([
        "The expert's opening lead as pone in the two-hand play, by the four ranks it kept.",
        "Made by tools/make_opening_tables.py with %d guesses a hand (see there); do not edit." % guesses,
        "",
        "LEAD: two bits a hand (%d hands, players.opening.hand_index order, four to a byte," % HANDS,
        "the first in the low bits): which of the hand's distinct ranks to lead, lowest first.",
    ], "LEAD", picks(guesses, LEAD_SEED))


def reply_module(guesses, led_rank):
    return module([
        "The expert's first card as dealer in the two-hand play when the pone has led a",
        "card of rank %d, by the four ranks it kept." % led_rank,
        "Made by tools/make_opening_tables.py with %d guesses a hand (see there); do not edit." % guesses,
        "",
        "PICK: two bits a hand, as tables.leadtable.LEAD.",
    ], "PICK", picks(guesses, REPLY_SEED + led_rank * HANDS, led_rank))


def second_module(guesses, reply_rank):
    return module([
        "The expert's second card as pone in the two-hand play, when it led as",
        "tables.leadtable says and the dealer replied with a card of rank %d, by the four" % reply_rank,
        "ranks it kept. Made by tools/make_opening_tables.py with %d guesses a hand (see" % guesses,
        "there); do not edit.",
        "",
        "PICK: two bits a hand, as tables.leadtable.LEAD (a rank of the four kept).",
    ], "PICK", picks(guesses, SECOND_SEED + reply_rank * HANDS, reply_rank=reply_rank))


def main():
    lead = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    reply = int(sys.argv[2]) if len(sys.argv) > 2 else 160
    seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    ranks = [int(r) for r in sys.argv[4].split(",")] if len(sys.argv) > 4 else range(13)
    crib = os.path.join(ROOT, "firmware", "tables")
    if lead:
        with open(os.path.join(crib, "leadtable.py"), "w") as f:
            f.write(lead_module(lead))
    if reply:
        for r in range(13):
            with open(os.path.join(crib, "replies", "r%d.py" % r), "w") as f:
                f.write(reply_module(reply, r))
            print("reply to rank %d done" % r, file=sys.stderr)
    if seconds:
        # After the lead table's lead: made from it, so made after it.
        for r in ranks:
            with open(os.path.join(crib, "seconds", "s%d.py" % r), "w") as f:
                f.write(second_module(seconds, r))
            print("second after rank %d done" % r, file=sys.stderr)


if __name__ == "__main__":
    main()
