# The coach's review of a deal at the cribbage table: what the player chose against
# what the expert would have (kept all through the game while hints are on; the coach's
# words for a hint, players.coach, are loaded only when asked for).
#
#   r = Review(seat)       # after each deal, what the best choices were:
#   r.discard(g, cards)    # call before the player's discard is made
#   r.play(g, card)        # call before each card the player lays (None: go)
#   r.lines(name)          # the deal's review, a line each (cards named by name()); r.reset()
from players import cpu
from rules.cards import card_name


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
