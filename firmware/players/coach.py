# The coach at the cribbage table: the expert's judgement, put in words.
#
#   best_discard(g, seat)  -> (cards, figure, by_chance): the expert's lay-away
#                             and its figure: its expected points (what they add
#                             up: players.laying.added_up), or near the end of the game,
#                             where the expert lays away for the game, its chance
#                             of winning (0..1, by_chance True)
#   best_play(g, seat)     -> (card or None for go, reason in a few words)
#   r = Review(seat)       # after each deal, what the best choices were:
#   r.discard(g, cards)    # call before the player's discard is made
#   r.play(g, card)        # call before each card the player lays (None: go)
#   r.lines(name)          # the deal's review, a line each (cards named by name()); r.reset()
from players import cpu
from rules.cards import PIPS, card_name
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


class Review:
    """What the player chose in a deal against what the coach would have."""

    def __init__(self, seat):
        self.seat = seat
        self.reset()

    def reset(self):
        self.lay = None  # (best cards, best figure, chosen figure, by the chance of winning)
        self.plays = 0
        self.same = 0
        self.lost = 0.0  # look-ahead points given up, summed
        self.worst = None  # (lost, card, best card)

    def discard(self, g, cards):
        from players import laying

        best, v, by_chance, mine = laying.judged(g, self.seat, cards)
        self.lay = (best, v, mine, by_chance)

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
            best, v, mine, by_chance = self.lay
            unit = " to win" if by_chance else " points"
            if mine is None or mine >= v - 0.005:
                out.append("Lay away: yours was best, " + _figure(v if mine is None else mine, by_chance) + unit)
            else:
                out.append("Lay away: best %s %s%s, yours %s" % (" ".join(name(c) for c in best),
                           _figure(v, by_chance), unit, _figure(mine, by_chance)))
        if self.plays:
            line = "Play: %d of %d as the coach" % (self.same, self.plays)
            if self.worst is not None and self.worst[0] > 0.05:
                lost, card, best = self.worst
                line += "; %s not %s, about %.1f points" % (name(best), name(card), lost)
            out.append(line)
        return out


def _figure(v, by_chance):
    """A lay-away's figure: its points, or its chance of winning in percent."""
    return "%d%%" % round(100 * v) if by_chance else "%.1f" % v
