"""A game of cribbage as the board records it (ui/cribbage/stats.py writes it), checked and taken apart.

The record holds the game's summary (players, target, level, each side's
score, skunk) and its deals packed as hex: per deal the dealer's seat, the
crib's points and his heels, then per seat its hand, play and muggins points.
A game between people (issue 25) also names who sat where: "people", a name
a seat for a person and None for the computer (absent: the board's owner
alone at seat 0 against the computer), and may give each computer seat its
own level: "levels", 0-2 a computer's seat and None a person's (absent: every
computer at the record's "level").
A pull first puts the record through the board's own field rules (pcr.refused():
firmware/storage/fields.py's game_record, imported from the firmware folder, not a
copy): a record they refuse is one the board would not keep, and is not saved.
Here it must also hold together: one side reached the target and it is the one
the record says won or lost, every dealer is a seat, and each side's points
over the deals add up to its score. A record that does not is not taken
apart (the game itself is kept whole).
"""

import json
from collections import namedtuple

from pocketcrib.scores.pcr import is_utf8

VARIANT = "cribbage"
# A game on the link cable the other device left once its deal was fixed (issue 37): a record of
# its own, kept whole ("game" the variant it was, "people" both names, "link" the other's id).
LEFT = "abandoned"
LEVELS = ("easy", "normal", "expert")
TARGETS = (61, 121)
# A side short of the first mark is skunked, short of the second double skunked (per target).
SKUNK_LINES = {121: (91, 61), 61: (31, 0)}
MAX_DEALS = 120  # the board's limit (fields._CRIB_DEALS)
_HEX = frozenset("0123456789abcdef")
ME = 0  # the player's seat on the board; the computer has the others (at four, seat 2 is the partner)

# people: None (the board's owner alone at seat 0 against the computer) or a tuple, a name a person's seat
# and None the computer's; levels: a tuple, each computer seat's level (0-2) and None a person's.
Game = namedtuple("Game", "players sides target level scores winner skunk points deals people levels")
# One deal: the dealer's seat, the crib's points, heels, and per seat (hand, play, muggins).
Deal = namedtuple("Deal", "dealer crib heels seats")


class BadRecord(ValueError):
    """The record's field that is wrong, or the way it does not hold together."""


def side_of(players, seat):
    """Partners (four players) are seats 0 and 2 against 1 and 3."""
    return seat % 2 if players == 4 else seat


def _int(v, lo, hi):
    return type(v) is int and lo <= v <= hi


def table(rec):
    """(players, sides, target, each side's score) of a game of cribbage's record; BadRecord naming what is
    wrong."""
    players = rec.get("players")
    if not _int(players, 2, 4):
        raise BadRecord("players")
    sides = 2 if players == 4 else players
    target = rec.get("target")
    if type(target) is not int or target not in TARGETS:
        raise BadRecord("target")
    scores = rec.get("scores")
    if type(scores) is not list or len(scores) != sides or not all(_int(s, 0, 255) for s in scores):
        raise BadRecord("scores")
    return players, sides, target, scores


def game(rec):
    """The Game a cribbage history record holds; BadRecord naming what is wrong."""
    players, sides, target, scores = table(rec)
    if not _int(rec.get("score"), 0, 255) or rec["score"] not in scores:
        raise BadRecord("score")
    won = rec.get("won")
    if type(won) is not bool:
        raise BadRecord("won")
    level = rec.get("level")
    if not _int(level, 0, len(LEVELS) - 1):
        raise BadRecord("level")
    skunk = rec.get("skunk")
    if not _int(skunk, 0, 2):
        raise BadRecord("skunk")
    people, levels = seats(rec, players, level)
    deals = _deals(rec.get("deals"), players)
    reached = [s for s in range(sides) if scores[s] >= target]
    # "won" and "score" are the board's owner's: seat 0's, or on the cable (issue 28) the seat of
    # the device that recorded it, the side whose score the record gives (one side reached the target).
    mine = scores.index(rec["score"]) if rec.get("link") is not None else side_of(players, ME)
    if len(reached) != 1 or won != (reached[0] == mine):
        raise BadRecord("no one side reached the target, as won says")
    made = [0] * sides
    for d in deals:
        made[side_of(players, d.dealer)] += d.crib + d.heels
        for seat, (hand, play, muggins) in enumerate(d.seats):
            made[side_of(players, seat)] += hand + play + muggins
    if made != scores:
        raise BadRecord("the deals do not add up to the scores")
    return Game(players, sides, target, level, list(scores), reached[0], skunk, 1 + skunk, deals, people, levels)


def seats(rec, players, level):
    """(people, levels) of a record with `players` seats and its `level`, as Game holds them; BadRecord
    "people" or "levels". People: the first seat and one more at least a person's, a name (one to three
    characters) none twice. Levels: a list a seat, a level a computer's seat, None a person's (the board's
    owner's too), the first computer's `level` (1 with no computer); None or absent, every computer at
    `level`."""
    people = rec.get("people")
    if people is not None:
        if not _people(people, players):
            raise BadRecord("people")
        people = tuple(people)
    person = [p is not None for p in people] if people else [s == ME for s in range(players)]
    levels = rec.get("levels")
    if levels is None:
        return people, tuple(None if p else level for p in person)
    if type(levels) is not list or len(levels) != players or not all(
            x is None if p else _int(x, 0, len(LEVELS) - 1) for x, p in zip(levels, person, strict=False)):
        raise BadRecord("levels")
    # As the board writes them, "level" is the first computer's (normal, 1, with no computer at the table).
    if next((x for x in levels if x is not None), 1) != level:
        raise BadRecord("levels")
    return people, tuple(levels)


def _people(p, players):
    if type(p) is not list or len(p) != players or p[0] is None:
        return False
    names = [x for x in p if x is not None]
    return all(_text(x, 1, 3) for x in names) and len(names) > 1 and len(set(names)) == len(names)


def _text(v, lo, hi):
    """A str of lo to hi characters that is text (UTF-8 can write it: json reads lone surrogates too)."""
    return type(v) is str and lo <= len(v) <= hi and is_utf8(v)


def _deals(text, players):
    return [Deal(d[0], d[1], d[2], tuple(tuple(d[3 + 3 * s:6 + 3 * s]) for s in range(players)))
            for d in packed(text, players, players, MAX_DEALS)]


def packed(text, players, rows, most):
    """The deals' hex as bytes a deal (the dealer, the crib, heels, then three a seat or side, `rows` of
    them), at most `most` deals; BadRecord unless every dealer is at the table."""
    width = 3 + 3 * rows  # bytes a deal
    if type(text) is not str or len(text) > 2 * width * most or len(text) % (2 * width):
        raise BadRecord("deals")
    if not set(text) <= _HEX:
        raise BadRecord("deals")
    raw = bytes.fromhex(text)
    out = [raw[i:i + width] for i in range(0, len(raw), width)]
    if any(d[0] >= players for d in out):
        raise BadRecord("deals (a dealer who is not at the table)")
    return out


def skunked(g):
    """Each side's skunk: 0, 1 (short of the first line) or 2 (short of the second), the winner 0.

    The record keeps only the game's worst skunk (double skunks may be off), so
    a side's is read from its score, and no worse than the record's."""
    line, double = SKUNK_LINES[g.target]
    out = []
    for side, score in enumerate(g.scores):
        s = 0 if side == g.winner else 2 if score < double else 1 if score < line else 0
        out.append(min(s, g.skunk))
    return out


def _deal_sums(pairs):
    """Over the deals of (game, seat) pairs, the seat's points summed: as dealer [play, hand, crib with heels,
    muggins], as pone [play, hand, muggins]; and how many deals it dealt and poned."""
    dealer, pone = [0, 0, 0, 0], [0, 0, 0]
    dealt = poned = 0
    for g, seat in pairs:
        for d in g.deals:
            hand, play, muggins = d.seats[seat]
            if d.dealer == seat:
                dealt += 1
                dealer[0] += play
                dealer[1] += hand
                dealer[2] += d.crib + d.heels
                dealer[3] += muggins
            else:
                poned += 1
                pone[0] += play
                pone[1] += hand
                pone[2] += muggins
    return dealer, pone, dealt, poned


def per_deal(games, seat=ME):
    """Points a deal for seat: {"dealer": [play, hand, crib], "pone": [play, hand], "dealt", "poned"} averages.

    As the board's statistics count them: "dealer" the deals seat dealt (the
    crib with its heels), "pone" the others."""
    dealer, pone, dealt, poned = _deal_sums((g, seat) for g in games)
    return {"dealer": [x / dealt for x in dealer[:3]] if dealt else None,
            "pone": [x / poned for x in pone[:2]] if poned else None, "dealt": dealt, "poned": poned}


DEALER = ("play", "hand", "crib", "muggins")
PONE = ("play", "hand", "muggins")


def person_per_deal(pairs):
    """A person's points a deal over (game, seat) pairs: {"dealer": {DEALER..., "points"}, "pone": {PONE...,
    "points"}, "dealt", "poned"}, averages ("points" all of them together), None where he never dealt or poned."""
    dealer, pone, dealt, poned = _deal_sums(pairs)

    def mean(names, sums, n):
        if not n:
            return None
        return dict(zip(names, (x / n for x in sums), strict=True), points=sum(sums) / n)

    return {"dealer": mean(DEALER, dealer, dealt), "pone": mean(PONE, pone, poned), "dealt": dealt, "poned": poned}


def race(g):
    """Each side's score after every deal (the pegging race), starting at 0: a list per side."""
    out = [[0] for _ in range(g.sides)]
    for d in g.deals:
        gained = [0] * g.sides
        gained[side_of(g.players, d.dealer)] += d.crib + d.heels
        for seat, (hand, play, muggins) in enumerate(d.seats):
            gained[side_of(g.players, seat)] += hand + play + muggins
        for side in range(g.sides):
            out[side].append(out[side][-1] + gained[side])
    return out


def name_shown(name):
    """A person's name as printed: as written, or quoted (JSON) if it has odd spaces or characters (a quote
    among them, so that a quoted name reads as one)."""
    plain = name.isprintable() and name.strip() == name and '"' not in name and "\\" not in name
    return name if plain else json.dumps(name)


def who(g, seat):
    """A seat as the host names it: the person's name, "computer (expert)", or "you" (the board's owner,
    alone against the computer)."""
    if g.people and g.people[seat] is not None:
        return name_shown(g.people[seat])
    level = g.levels[seat]
    return "you" if level is None else f"computer ({LEVELS[level]})"


def sitting(g):
    """Who sat where, side against side, each side's seats in order: "ANN v BEE v computer (easy)";
    partners (seats 0 and 2 against 1 and 3) "ANN & BEE v computer (normal) & computer (expert)"."""
    return " v ".join(" & ".join(who(g, s) for s in range(g.players) if side_of(g.players, s) == side)
                      for side in range(g.sides))


def mode(g):
    """"Easy to 121" or "3 hands, Normal to 61", as the board names a mode ("3 hands, Easy/Expert to 121" with
    computers of two levels); between people who sat where, "ANN v BEE to 121"."""
    if g.people:
        return f"{sitting(g)} to {g.target}"
    levels = []  # the computers' levels, seat by seat, each once: "Easy/Expert" when they differ
    for lv in g.levels:
        if lv is not None and LEVELS[lv].capitalize() not in levels:
            levels.append(LEVELS[lv].capitalize())
    s = f"{'/'.join(levels)} to {g.target}"
    return s if g.players == 2 else f"{g.players} hands, {s}"


def seat_name(players, seat):
    """"you", "cpu" (two hands), "cpu 1", "cpu 2" (three), "partner", "cpu 1", "cpu 2" (four), as on the board."""
    if seat == ME:
        return "you"
    if players == 4:
        return "partner" if seat == 2 else f"cpu {(seat + 1) // 2}"
    return "cpu" if players == 2 else f"cpu {seat}"


def player(g, seat):
    """A seat of a game as the deals' CSV names it: the person's name between people, "computer" for
    the computer's seat there; else as the board names it (seat_name)."""
    if not g.people:
        return seat_name(g.players, seat)
    return g.people[seat] if g.people[seat] is not None else "computer"


def side_name(players, side):
    """A side as the board names it: "us"/"them" for partners, else the seat's name."""
    return ("us", "them")[side] if players == 4 else seat_name(players, side)


def side_label(g, side):
    """A side of a game as the plot's legend names it: its people between people, else as the board does."""
    if not g.people:
        return side_name(g.players, side)
    return " & ".join(who(g, s) for s in range(g.players) if side_of(g.players, s) == side)


def _tally_game(t, g, side):
    """Count game g in the tally t for the side: games, wins, skunks given and taken, match points."""
    t["games"] += 1
    if g.winner == side:
        t["wins"] += 1
        t["for"] += g.points
        t["skunks"] += g.skunk > 0
    else:
        t["against"] += g.points
        t["skunked"] += skunked(g)[side] > 0


def _new_tally():
    return {"games": 0, "wins": 0, "skunks": 0, "skunked": 0, "for": 0, "against": 0}


def tally(games):
    """{mode: {"games", "wins", "skunks", "skunked", "for", "against", "per_deal"}} for the player, modes
    in the order first played: skunks given and taken, match points won and lost. Games between people
    are not the player's (people_tally)."""
    out, played = {}, {}
    for g in games:
        if g.people:
            continue
        t = out.setdefault(mode(g), _new_tally())
        _tally_game(t, g, side_of(g.players, ME))
        played.setdefault(mode(g), []).append(g)
    for m, t in out.items():
        t["per_deal"] = per_deal(played[m])
    return out


def people_tally(games):
    """{name: {"games", "wins", "skunks", "skunked", "for", "against", "per_deal"}} for each person of the
    games between people (people first seen first), over the games he sat in, at whichever seat; per_deal
    as person_per_deal. A person is his name: the same name on two boards is one person."""
    out, sat = {}, {}
    for g in games:
        for seat, name in enumerate(g.people or ()):
            if name is not None:
                _tally_game(out.setdefault(name, _new_tally()), g, side_of(g.players, seat))
                sat.setdefault(name, []).append((g, seat))
    for name, t in out.items():
        t["per_deal"] = person_per_deal(sat[name])
    return out


def outcome(g):
    """"won", "won, skunk", "lost, double skunked" ... for the player; between people who won,
    "BEE won, skunk", "ANN & BEE won"."""
    if g.people:
        winners = " & ".join(who(g, s) for s in range(g.players) if side_of(g.players, s) == g.winner)
        return f"{winners} won" + ("" if not g.skunk else ", skunk" if g.skunk == 1 else ", double skunk")
    mine = side_of(g.players, ME)
    if g.winner == mine:
        return "won" + ("" if not g.skunk else ", skunk" if g.skunk == 1 else ", double skunk")
    s = skunked(g)[mine]
    return "lost" + ("" if not s else ", skunked" if s == 1 else ", double skunked")
