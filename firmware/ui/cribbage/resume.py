# Cribbage: a saved game read back (ui.cribbage.game.Crib.state() wrote it), every
# field checked. Kept apart from the game, loaded for the resume and let go after
# (ui.resume), so that the table does without it.
from binascii import unhexlify

from micropython import const

from rules.cribbage import load
from players import LEVELS
from ui.cribbage import ME
from ui.cribbage.game import Crib

_SAVE_VERSION = const(1)  # ui.cribbage.game's
_STATE = ("v", "game", "save", "level", "seen", "started", "done", "recorded", "review", "people", "levels", "link",
          "held")


def resumed(app, data):
    """The Crib a state() saved; ValueError unless every field is one it could hold."""
    for k in data:
        if k not in _STATE:
            raise ValueError("saved cribbage game: bad %s" % k)
    level = data.get("level")
    seen = data.get("seen")
    done = data.get("done", 0)  # saves from before it had "done" stand at 0
    recorded = data.get("recorded")
    text = data.get("save")
    if data.get("v") != _SAVE_VERSION:
        raise ValueError("saved cribbage game: bad version")
    if type(level) is not int or not 0 <= level < len(LEVELS):
        raise ValueError("saved cribbage game: bad level")
    if type(text) is not str or len(text) > 2000:
        raise ValueError("saved cribbage game: bad save")
    g = load(unhexlify(text))
    if type(seen) is not int or not 0 <= seen <= len(g.records):
        raise ValueError("saved cribbage game: bad seen")
    if type(done) is not int or not 0 <= done <= (1 if g.over else 0):
        raise ValueError("saved cribbage game: bad done")
    if recorded is not None and (type(recorded) is not int or recorded < 1 or not g.over):
        raise ValueError("saved cribbage game: bad recorded")
    people = data.get("people")
    if people is not None and not _people(people, g.players):
        raise ValueError("saved cribbage game: bad %s" % "people")
    levels = data.get("levels")  # saves from before levels per seat have none: all at level
    if levels is not None:
        from storage.fields import crib_levels

        if not crib_levels(levels, people, g.players, level):
            raise ValueError("saved cribbage game: bad %s" % "levels")
    review = data.get("review")
    if review is not None:
        review = _review(review, g)
    link = data.get("link")  # a game over the cable: [this device's seat, the other's id]
    held = data.get("held")  # the other device said it holds the finished game
    if held is not None and (held is not True or not g.over or link is None):
        raise ValueError("saved cribbage game: bad held")
    if link is not None:
        if type(link) is not list or len(link) != 2 or link[0] not in (0, 1) or type(link[1]) is not str \
                or people is None or g.players != 2 or None in people:
            raise ValueError("saved cribbage game: bad link")
        # Last, once every field has passed: the cable is opened and served from here on
        # (app.net), which a save set aside must not leave behind.
        from ui.cribbage.cable import relinked

        crib = relinked(app, g, link[0], people, link[1])
        if held:
            crib.duel.ended = len(g.moves)
    else:
        crib = Crib(app, g, level, people, levels)
    crib.seen = seen
    crib.started = data.get("started") is True
    crib.done = done
    crib.recorded = recorded
    if review is not None:
        crib.review = review
    return crib


def _review(v, g):
    """The coach's review as saved: [lay, plays, same, lost, worst]."""
    from players.review import Review

    bad = ValueError("saved cribbage game: bad review")
    if type(v) is not list or len(v) != 5:
        raise bad
    lay, plays, same, lost, worst = v
    r = Review(ME)
    need = 2 if g.players == 2 else 1
    if lay is not None:
        if type(lay) is not list or len(lay) not in (need + 2, need + 3) or not _cards(lay[:need]):
            raise bad
        by_chance = len(lay) == need + 3
        if by_chance and lay[-1] is not True:
            raise bad
        mine = lay[need + 1]
        r.lay = (tuple(lay[:need]), _num(lay[need], bad), None if mine is None else _num(mine, bad),
                 by_chance)
    if type(plays) is not int or type(same) is not int or not 0 <= same <= plays <= 8:
        raise bad
    r.plays = plays
    r.same = same
    r.lost = _num(lost, bad)
    if worst is not None:
        if type(worst) is not list or len(worst) != 3 or not _cards(worst[1:]):
            raise bad
        r.worst = (_num(worst[0], bad), worst[1], worst[2])
    return r


def _people(p, players):
    """A name (one to three letters) a seat, None for the computer's: seat 1 and another
    a person, no name twice (as storage.fields.crib_people says of the record)."""
    if type(p) is not list or len(p) != players or p[0] is None:
        return False
    for x in p:
        if x is not None and (type(x) is not str or not 0 < len(x) < 4 or p.count(x) > 1):
            return False
    return p.count(None) < players - 1


def _cards(cs):
    for c in cs:
        if type(c) is not int or not 0 <= c < 52:
            return False
    return True


def _num(x, bad):
    if type(x) is not int and type(x) is not float:
        raise bad
    return x
