# The coach at the cribbage table: the expert's judgement, put in words.
#
#   best_discard(g, seat)  -> (cards, value, as_dealer): the expert's lay-away
#                             and its expected points (hand with the crib added
#                             as dealer, taken away as pone)
#   best_play(g, seat)     -> (card or None for go, reason in a few words)
#   r = Review(seat)       # after each deal, what the best choices were:
#   r.discard(g, cards)    # call before the player's discard is made
#   r.play(g, card)        # call before each card the player lays (None: go)
#   r.lines(name)          # the deal's review, a line each (cards named by name()); r.reset()
from players import cpu
from rules.cards import PIPS, card_name
from rules.pegging import items


def best_discard(g, seat):
    # Near the end of the game the expert's pick is for the game's chance, which
    # may not be the most points (players.race); its value is still its points.
    from players import laying  # let go with the advisor (cpu.let_go)

    cards, values = laying.choose_discard(g, seat, "expert")
    v = 0
    for x, laid in values:
        if laid == cards:
            v = x
    return cards, v, g.side_of(g.dealer) == g.side_of(seat)


def ranked_discards(g, seat):
    """[(value, cards)] for every lay-away, best first (the expert's values)."""
    from players import laying

    out = laying.discard_values(g, seat, "expert")
    out.sort(key=lambda t: -t[0])
    return out


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


class Review:
    """What the player chose in a deal against what the coach would have."""

    def __init__(self, seat):
        self.seat = seat
        self.reset()

    def reset(self):
        self.lay = None  # (best cards, best value, chosen value)
        self.plays = 0
        self.same = 0
        self.lost = 0.0  # look-ahead points given up, summed
        self.worst = None  # (lost, card, best card)

    def discard(self, g, cards):
        ranked = ranked_discards(g, self.seat)
        chosen = None
        for v, c in ranked:
            if sorted(c) == sorted(cards):
                chosen = v
        self.lay = (ranked[0][1], ranked[0][0], chosen)

    def play(self, g, card):
        cards = g.playable(self.seat)
        if len(cards) < 2 or card is None:
            return
        self.plays += 1
        best = cpu.play(g, self.seat, "expert")
        if best is None or best >> 2 == card >> 2:
            self.same += 1
            return
        if g.players == 2:
            totals, guesses = cpu.look_ahead(g, self.seat, cards)
            lost = (totals[cards.index(best)] - totals[cards.index(card)]) / guesses
        else:
            values = cpu.normal_values(g, self.seat, cards)
            lost = (values[cards.index(best)] - values[cards.index(card)]) / 1024
        lost = max(0.0, lost)
        self.lost += lost
        if self.worst is None or lost > self.worst[0]:
            self.worst = (lost, card, best)

    def lines(self, name=card_name):
        out = []
        if self.lay is not None:
            best, v, mine = self.lay
            names = " ".join(name(c) for c in best)
            if mine is None or mine >= v - 0.005:
                out.append("Lay away: yours was best (%.1f)" % v)
            else:
                out.append("Lay away: best %s %.1f, yours %.1f" % (names, v, mine))
        if self.plays:
            line = "Play: %d of %d as the coach" % (self.same, self.plays)
            if self.worst is not None and self.worst[0] > 0.05:
                lost, card, best = self.worst
                line += "; %s not %s, about %.1f points" % (name(best), name(card), lost)
            out.append(line)
        return out
