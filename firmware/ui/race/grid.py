# A grid game raced on the cable: this device's grid is the play's first, the
# other device's (replayed here from its moves) its second; the turn stays this device's
# and no hand-over hides anything. Saved as a grid alone plus the other's
# (ui.race.racer.Racer.keep).
from rules import grids
from ui.grid.game import GridPlay, record
from ui.race.racer import Racer


class RaceGrid(Racer, GridPlay):
    def __init__(self, app, mine, theirs):
        GridPlay.__init__(self, app, [mine, theirs])
        self.holder = 0
        self.mine = mine
        self.theirs = theirs

    def take(self, b):
        self.theirs.place(b)

    def name(self, i):
        return self.people[i]

    @property
    def over(self):
        return self.mine.over

    def where(self):
        return "Race" if self.mine.over else "GridTable"

    def place(self, square, best=None, mine=None):
        GridPlay.place(self, square, best, mine)
        self.turn = 0  # the other's grid is played on the other device (saved so: state())

    def hand_over(self):
        self.show()  # no one to hand the device to: the table again, the cursor by the last card

    def state(self):
        d = GridPlay.state(self)
        d["grids"] = d["grids"][:1]
        d["matched"] = d["matched"][:1]
        d["lost"] = d["lost"][:1]
        d["turn"] = 0
        return self.keep(d)

    def finish(self):
        app = self.app
        saves = app.saves
        variant, table, foster = _board(self)
        me, you = self.mine.score, self.theirs.score
        place = 1 if me >= you else 2
        saves.record_end(self, 1, lambda i: self.raced(record(self, 0, place, app.date())))
        if self.hs < 1:
            g = self.mine
            if saves.is_high_score(variant, g.score, table, foster) and not self.entered(g):
                app.go("Initials", "New high score!", self.initials)
                return
            self.hs = 1
        self.cleared()
        app.play = None
        app.go("Scores", 3 + self.kind)


def _board(play):
    from rules.grid_games import board

    return board(play.kind)


def race(app, kind):
    """Race rules.grid_games.GAMES[kind] on the cable: linking first."""
    from rules.grid_games import GAMES

    variant, table, foster = GAMES[kind]

    def begin(link, people, peer, seed):
        play = RaceGrid(app, grids.new(variant, seed, table, foster), grids.new(variant, seed, table, foster))
        play.link_up(link, people, peer)
        return play

    app.go("Race", begin, bytes((1, kind)), variant)


def resumed(app, play, data):
    """The raced grid game a state() saved (play: this device's grid, read as alone)."""
    from binascii import unhexlify

    link = data.get("link")
    mine = play.games[0]
    theirs = grids.load(unhexlify(link[1]))
    if (theirs.variant, theirs.seed, theirs.table, theirs.foster) != (mine.variant, mine.seed, mine.table,
                                                                      mine.foster):
        raise ValueError("saved grid game: bad link (not one deal)")
    race = RaceGrid(app, mine, theirs)
    race.matched = play.matched + [0]
    race.lost = play.lost + [0]
    race.done = play.done
    race.recorded = play.recorded
    race.hs = play.hs
    race.relink(data.get("people"), link[0], data.get("held"))
    return race
