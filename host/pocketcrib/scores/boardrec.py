"""A game played with a real deck on the board (firmware ui/board/game.py writes it), checked and taken apart.

The record holds the players' names (a seat each; four players are two partnerships, seats 0 and 2
against 1 and 3), the target, each side's score, the game's worst skunk, and its deals packed as hex:
per deal the dealer's seat, the crib's points and his heels, then per side the points pegged by hand
(the play, and any count pegged without the hand counter), the hands counted and muggins. A pull puts
the record through the board's own field rules first (cribrec.refused); here it must also hold
together: exactly one side reached the target, every dealer is a seat and deals in turn, the skunk is
the one the scores make, and each side's points over the deals add up to its score.
"""

from collections import namedtuple

from pocketcrib.scores.cribrec import SKUNK_LINES, BadRecord, packed, side_of, table

VARIANT = "board"
MAX_DEALS = 100  # the board's limit (fields._BOARD_DEALS)

Game = namedtuple("Game", "players sides target names scores winner skunk points deals")
# One deal: the dealer's seat, the crib's points, heels, and per side (pegged, hand, muggins).
Deal = namedtuple("Deal", "dealer crib heels sides")


def game(rec):
    """The Game a board history record holds; BadRecord (cribrec's) naming what is wrong."""
    players, sides, target, scores = table(rec)
    names = rec.get("names")
    if type(names) is not list or len(names) != players or not all(type(n) is str and 1 <= len(n) <= 3
                                                                     for n in names):
        raise BadRecord("names")
    reached = [s for s in range(sides) if scores[s] >= target]
    if len(reached) != 1 or rec.get("score") != scores[reached[0]]:
        raise BadRecord("no one side reached the target with the score the record gives")
    winner = reached[0]
    skunk = max(_skunk(target, scores[s]) for s in range(sides) if s != winner)
    if rec.get("skunk") != skunk:
        raise BadRecord("skunk")
    deals = _deals(rec.get("deals"), players, sides)
    made = [0] * sides
    for i, d in enumerate(deals):
        if i and d.dealer != (deals[i - 1].dealer + 1) % players:
            raise BadRecord("deals (the deal did not pass to the left)")
        made[side_of(players, d.dealer)] += d.crib + d.heels
        for side, points in enumerate(d.sides):
            made[side] += sum(points)
    if made != scores:
        raise BadRecord("the deals do not add up to the scores")
    return Game(players, sides, target, list(names), list(scores), winner, skunk, 1 + skunk, deals)


def _skunk(target, score):
    line, double = SKUNK_LINES[target]
    return (score < line) + (score < double)


def _deals(text, players, sides):
    if not text:
        raise BadRecord("deals")
    return [Deal(d[0], d[1], d[2], tuple(tuple(d[3 + 3 * s:6 + 3 * s]) for s in range(sides)))
            for d in packed(text, players, sides, MAX_DEALS)]


def side_name(g, side):
    """A side as the board names it: the player's initials, partners as "ANN+CY"."""
    if g.players == 4:
        return g.names[side] + "+" + g.names[side + 2]
    return g.names[side]


def mode(g):
    """"3 players to 61", "partners to 121"."""
    return f"{'partners' if g.players == 4 else f'{g.players} players'} to {g.target}"


def outcome(g):
    """"ANN won, skunk" ..."""
    worth = ("", ", skunk", ", double skunk")[g.skunk]
    return f"{side_name(g, g.winner)} won{worth}"


def matches(games):
    """{(mode, the sides' names): {"games", "wins" a side, "points" a side (match points)}}, in the order
    first played: the same players sitting the same way, the same target."""
    out = {}
    for g in games:
        names = tuple(side_name(g, s) for s in range(g.sides))
        t = out.setdefault((mode(g), names), {"games": 0, "wins": [0] * g.sides, "points": [0] * g.sides})
        t["games"] += 1
        t["wins"][g.winner] += 1
        t["points"][g.winner] += g.points
    return out
