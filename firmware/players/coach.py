# The coach at the cribbage table: the expert's judgement, put in words.
#
#   best_discard(g, seat)  -> (cards, figure, by_chance): the expert's lay-away
#                             and its figure: its expected points (what they add
#                             up: players.laying.added_up), or near the end of the game,
#                             where the expert lays away for the game, its chance
#                             of winning (0..1, by_chance True)
#   best_play(g, seat)     -> (card or None for go, reason in a few words)
#
# Loaded when the player asks (UP) and let go after: the review of each deal, which
# stays at the table, is players.review.
from players import cpu
from rules.cards import PIPS
from rules.pegging import items


def best_discard(g, seat):
    """(cards, figure, by_chance): see the header."""
    from players import laying  # let go with the advisor (cpu.let_go)

    return laying.judged(g, seat)[:3]


def best_play(g, seat):
    """The expert's card and why, e.g. ("5H", "fifteen for 2") as (card, text)."""
    cards = g.playable(seat)
    if not cards:
        return None, "go: nothing fits under 31"
    card = cpu.play(g, seat, "expert")
    return card, reason(g, seat, card, cards)


_SHORT = {"fifteen": "fifteen", "thirty-one": "31", "pair": "pairs", "pair royal": "pair royal",
          "double pair royal": "double pair royal"}


def reason(g, seat, card, cards):
    """A few words on why `card` is the one to lay of `cards`."""
    seq = list(g.seq) + [card]
    got = items(seq)
    if got:
        words = []
        for label, points, run in got:
            if label == "run":
                words.append("run of %d" % len(run))
            else:
                words.append(_SHORT[label])
        return "%s for %d" % (" and ".join(words), sum(p for _, p, _ in got))
    if len(cards) == 1:
        return "the only card that fits"
    after = g.count + PIPS[card >> 2]
    for bad in (5, 21):
        if after != bad and any(g.count + PIPS[c >> 2] == bad for c in cards):
            return "avoids leaving %d" % bad
    if after in (5, 21):
        return "the least bad"
    if all(c >> 2 == card >> 2 for c in cards):
        return "any of them"
    if not g.seq:
        return "a lead under 5: no fifteen" if PIPS[card >> 2] < 5 else "a safe lead"
    if _pairable(g, seat, card):
        return "hard to pair: its rank is mostly out"
    if all(PIPS[c >> 2] <= PIPS[card >> 2] for c in cards):
        return "keeps low cards for later"
    return "best over the rest of the play"


def _pairable(g, seat, card):
    """He could pair one of the other cards, but this one's rank is mostly out."""
    seen = 0
    for s in range(g.players):
        for c in g.played[s]:
            if c >> 2 == card >> 2:
                seen += 1
    for c in g.hands[seat]:
        if c >> 2 == card >> 2:
            seen += 1
    return seen >= 3
