# Cribbage in the history: a game's record (its deals packed as hex), and
# the statistics of each mode (hands, target, the computer's level) streamed
# from the history when asked for.
from binascii import hexlify, unhexlify

from rules.cribbage import skunk_line
from ui.cribbage import LEVEL_NAMES, ME, VARIANT


def mode_of(players, target, level):
    return "%d %d %d" % (players, target, level)


def mode_name(mode):
    """"Expert, to 121" or "3 hands, Easy, to 61"."""
    players, target, level = [int(x) for x in mode.split()]
    s = "%s to %d" % (LEVEL_NAMES[level], target)
    return s if players == 2 else "%d hands %s" % (players, s)


def record(crib, date):
    """The history record of a finished game: per deal the dealer, the crib
    and his heels, then each seat's hand, play and muggins points."""
    g = crib.g
    out = bytearray()
    for d in g.records:
        out.append(d.dealer)
        out.append(min(255, d.crib_points))
        out.append(d.heels)
        for s in range(g.players):
            out.append(min(255, d.hand[s]))
            out.append(min(255, d.play[s]))
            out.append(min(255, d.muggins[s]))
    mine = g.side_of(ME)
    loser = 1 - mine if g.winner == mine else mine
    if g.sides == 3:
        loser = max(range(3), key=lambda s: g.skunk(s))
    return {"variant": VARIANT, "seed": g.seed, "score": g.scores[mine],
            "won": g.winner == mine, "target": g.target, "date": date, "players": g.players,
            "code": None, "level": crib.level, "scores": list(g.scores),
            "skunk": g.skunk(loser), "deals": hexlify(bytes(out)).decode()}


def _skunked(r):
    """Whether my side was skunked in a game it lost. The record's skunk is the
    worst among the losers: with three hands it may be another player's."""
    if not r.get("skunk"):
        return False
    if r.get("players") != 3:
        return True
    scores = r.get("scores")
    return bool(scores) and scores[ME] < skunk_line(r.get("target"))


def stats(saves, mode):
    """games, wins, skunks won and lost, match points for and against, and
    points per deal as dealer and as pone: [play, hand, crib] sums and deals."""
    players, target, level = [int(x) for x in mode.split()]
    s = {"games": 0, "wins": 0, "skunked": 0, "skunks": 0, "for": 0, "against": 0,
         "dealer": [0, 0, 0], "pone": [0, 0, 0], "dealt": 0, "poned": 0}
    width = 3 + 3 * players
    for r in saves.history():
        if (r.get("variant") != VARIANT or r.get("players") != players
                or r.get("target") != target or r.get("level") != level):
            continue
        s["games"] += 1
        worth = 1 + r.get("skunk", 0)
        if r.get("won"):
            s["wins"] += 1
            s["for"] += worth
            if r.get("skunk"):
                s["skunks"] += 1
        else:
            s["against"] += worth
            if _skunked(r):
                s["skunked"] += 1
        try:
            deals = unhexlify(r.get("deals", ""))
        except ValueError:
            continue
        for i in range(0, len(deals) - width + 1, width):
            mine = 3 + 3 * ME
            if deals[i] == ME:
                t = s["dealer"]
                t[2] += deals[i + 1] + deals[i + 2]
                s["dealt"] += 1
            else:
                t = s["pone"]
                s["poned"] += 1
            t[0] += deals[i + mine + 1]
            t[1] += deals[i + mine]
    return s


def modes(saves):
    """The modes played so far, in the order first played."""
    out = []
    for r in saves.history():
        if r.get("variant") == VARIANT:
            m = mode_of(r.get("players", 2), r.get("target", 121), r.get("level", 0))
            if m not in out:
                out.append(m)
    return out
