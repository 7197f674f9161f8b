# Cribbage in the history: a game's record (its deals packed as hex), and
# the statistics of each mode (hands, target, the computer's level) against the
# computer, and of each person in games between people ("@" and the name),
# streamed from the history when asked for.
from binascii import hexlify, unhexlify

from rules.cribbage import skunk_line
from ui.cribbage import LEVEL_NAMES, ME, VARIANT


LEFT_PAGE = "!"  # the page of the games on the cable the other device left unfinished (issue 37)


def mode_of(players, target, level):
    return "%d %d %d" % (players, target, level)


def mode_name(mode):
    """"Expert, to 121" or "3 hands, Easy, to 61"; "ANN with people"; "Left unfinished"."""
    if mode == LEFT_PAGE:
        return "Left unfinished"
    if mode[0] == "@":
        return mode[1:] + " with people"
    players, target, level = [int(x) for x in mode.split()]
    s = "%s to %d" % (LEVEL_NAMES[level], target)
    return s if players == 2 else "%d hands %s" % (players, s)


def record(crib, date):
    """The history record of a finished game: per deal the dealer, the crib
    and his heels, then each seat's hand, play and muggins points."""
    g = crib.g
    out = bytearray()
    # (Between people, "won" and "score" are seat 1's, and "people" names each seat.)
    for d in g.records:
        out.append(d.dealer)
        out.append(min(255, d.crib_points))
        out.append(d.heels)
        for s in range(g.players):
            out.append(min(255, d.hand[s]))
            out.append(min(255, d.play[s]))
            out.append(min(255, d.muggins[s]))
    peer = getattr(crib, "peer", None)  # the other device's id, in a game over the cable
    mine = g.side_of(crib.seat if peer else ME)
    loser = 1 - mine if g.winner == mine else mine
    if g.sides == 3:
        loser = max(range(3), key=lambda s: g.skunk(s))
    r = {"variant": VARIANT, "seed": g.seed, "score": g.scores[mine],
         "won": g.winner == mine, "target": g.target, "date": date, "players": g.players,
         "code": None, "level": crib.level, "scores": list(g.scores),
         "skunk": g.skunk(loser), "deals": hexlify(bytes(out)).decode()}
    if crib.people is not None:
        r["people"] = crib.people
    if crib.levels is not None:  # (only when the computer's seats are at different levels)
        r["levels"] = crib.levels
    if peer:
        r["link"] = peer  # (its name is in people)
    return r


def _skunked(r, side):
    """Whether the side was skunked in a game it lost. The record's skunk is the
    worst among the losers: with three hands it may be another player's."""
    if not r.get("skunk"):
        return False
    if r.get("players") != 3:
        return True
    scores = r.get("scores")
    return bool(scores) and scores[side] < skunk_line(r.get("target"))


def stats(saves, mode):
    """games, wins, skunks won and lost, match points for and against, and
    points per deal as dealer and as pone: [play, hand, crib] sums and deals.
    A person's (mode "@" and the name) over the games between people he sat in."""
    person = mode[1:] if mode[0] == "@" else None
    if person is None:
        players, target, level = [int(x) for x in mode.split()]
    s = {"games": 0, "wins": 0, "skunked": 0, "skunks": 0, "for": 0, "against": 0,
         "dealer": [0, 0, 0], "pone": [0, 0, 0], "dealt": 0, "poned": 0}
    for r in saves.history():
        if r.get("variant") != VARIANT:
            continue
        people = r.get("people")
        if person is None:
            if (people is not None or r.get("players") != players or r.get("target") != target
                    or r.get("level") != level):
                continue
            seat = side = ME
            won = r.get("won")
        else:
            if people is None or person not in people:
                continue
            players = r["players"]
            seat = people.index(person)
            side = seat % 2 if players == 4 else seat
            won = r["scores"][side] >= r["target"]
        width = 3 + 3 * players
        s["games"] += 1
        worth = 1 + r.get("skunk", 0)
        if won:
            s["wins"] += 1
            s["for"] += worth
            if r.get("skunk"):
                s["skunks"] += 1
        else:
            s["against"] += worth
            if _skunked(r, side):
                s["skunked"] += 1
        try:
            deals = unhexlify(r.get("deals", ""))
        except ValueError:
            continue
        for i in range(0, len(deals) - width + 1, width):
            mine = 3 + 3 * seat
            if deals[i] == seat:
                t = s["dealer"]
                t[2] += deals[i + 1] + deals[i + 2]
                s["dealt"] += 1
            else:
                t = s["pone"]
                s["poned"] += 1
            t[0] += deals[i + mine + 1]
            t[1] += deals[i + mine]
    return s


def left_by(saves):
    """[name, device id, games] of each other device that left games on the cable unfinished
    (cribbage or a race: history records of variant "abandoned"), first seen first."""
    out = []
    for r in saves.history():
        if r.get("variant") == "abandoned":
            who = [r["people"][1], r["link"]]
            for row in out:
                if row[:2] == who:
                    row[2] += 1
                    break
            else:
                out.append(who + [1])
    return out


def modes(saves):
    """The modes played so far, in the order first played; the games left unfinished last."""
    out = []
    left = False
    for r in saves.history():
        left = left or r.get("variant") == "abandoned"
        if r.get("variant") == VARIANT:
            people = r.get("people")
            if people is None:
                ms = (mode_of(r.get("players", 2), r.get("target", 121), r.get("level", 0)),)
            else:
                ms = ["@" + p for p in people if p]
            for m in ms:
                if m not in out:
                    out.append(m)
    if left:
        out.append(LEFT_PAGE)
    return out
