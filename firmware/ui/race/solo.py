# A solitaire raced on the cable: this device's game is the match's first,
# the other device's (replayed here from its moves) its second, so that the table shows
# "BOB 23" as it shows the other players of a match on one device; the turn stays
# this device's. Saved as a game alone plus the other's (ui.race.racer.Racer.keep).
from rules.match import Match
from rules.solitaires import load, new, step
from ui.race.racer import Racer
from ui.solitaire.game import Play, _entered


class RacePlay(Racer, Play):
    def __init__(self, app, match, theirs):
        Play.__init__(self, app, match)
        match.games.append(theirs)
        match.sides = ((0,), (1,))
        match.bonus = [0, 0]
        self.mine = match.games[0]
        self.theirs = theirs

    def take(self, b):
        step(self.theirs, b)

    def name(self, player, short=False):
        return "You" if player == 0 else self.people[1]

    def where(self):
        if self.count:
            return "Count", self.count
        return ("Race" if self.mine.over else "Table"), ()

    def send(self, a, b):
        g = self.mine
        start = len(g.log)
        g.discard(a, b)  # this device's game only: the turn stays here
        if len(g.log) > start:
            self.count = (0, start)
        self.save()

    def muggins(self):
        return False  # (no muggins between two devices: each counts its own)

    def state(self):
        d = Play.state(self)
        d["games"] = d["games"][:1]
        d["bonus"] = [0]
        d["turn"] = 0
        return self.keep(d)

    def finish(self):
        app = self.app
        saves = app.saves
        g = self.mine
        saves.record_end(self, 1, self.record)
        if self.hs < 1:
            if saves.is_high_score(g.variant, g.score) and not _entered(saves, g):
                app.go("Initials", "New high score!", self.initials)
                return
            self.hs = 1
        self.cleared()
        app.play = None
        app.go("Scores", g.kind)

    def record(self, player):
        return self.raced(Play.record(self, 0))


def race(app, kind):
    """Race rules.solitaire_games.VARIANTS[kind] on the cable: linking first."""
    from rules.solitaire_games import VARIANTS

    variant = VARIANTS[kind]

    def begin(link, people, peer, seed):
        play = RacePlay(app, Match([seed], False, variant), new(variant, seed))
        play.link_up(link, people, peer)
        return play

    app.go("Race", begin, bytes((0, kind)), variant)


def resumed(app, play, data):
    """The raced game a state() saved (play: this device's game, read as alone)."""
    from binascii import unhexlify

    people = data.get("people")
    link = data.get("link")
    theirs = load(unhexlify(link[1]))
    mine = play.match.games[0]
    if theirs.variant != mine.variant or theirs.seed != mine.seed:
        raise ValueError("saved game: bad link (not one deal)")
    race = RacePlay(app, play.match, theirs)
    race.claims = play.claims
    race.review = play.review
    race.count = play.count
    race.done = play.done
    race.recorded = play.recorded
    race.hs = play.hs
    race.relink(people, link[0], data.get("held"))
    return race
