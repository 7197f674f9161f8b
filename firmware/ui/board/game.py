# The board for a real deck: the game in progress (BoardPlay), saved after
# every peg, resumed, and recorded in the history at its end with the match
# points of the same players so far.
#
# The rules (rules.board) keep the moves; a save is their bytes plus the
# players' names and what the hand counter remembers of the deal on (its
# starter, the hands counted so far), so that a resumed game is the very game.
from binascii import hexlify, unhexlify

from rules.board import CRIB, HAND, MUGGINS, Board, load
from ui.board import VARIANT

_SAVE_VERSION = 1
_STATE = ("v", "game", "save", "names", "starter", "counted", "done", "recorded")


class BoardPlay:
    """A game on the board and what the screens remember of it."""

    def __init__(self, app, g, names):
        self.app = app
        self.g = g
        self.names = names  # a name (initials) a seat
        self.starter = None  # the deal's starter, once the hand counter has it
        self.counted = 0  # the hands (and crib) of this deal pegged by the counter
        self.done = 0  # 1 once the finished game is in the history
        self.recorded = None  # type: int | None  # the history number stamped on it on the way
        self.note = ""  # the last peg in a few words, for the board
        self.side = g.side_of(g.pone())  # the side the board's cursor is on

    # Names

    def name(self, seat):
        return self.names[seat]

    def side_name(self, side):
        """A seat's name; partners as "ANN+CY"."""
        if self.g.players == 4:
            return self.names[side] + "+" + self.names[side + 2]
        return self.names[side]

    def pause_line(self):
        """The scores, for the pause: "To 121: 87-64", the sides in the board's order."""
        return "To %d: " % self.g.target + "-".join(["%d" % x for x in self.g.scores])

    # Where the game stands

    def where(self):
        return "BoardOver" if self.g.over else "BoardPegs"

    def show(self):
        self.app.go(self.where())

    # Pegs

    def peg(self, side, points, kind=0):
        """Peg and save; the board or the end is shown by the caller (show())."""
        self.g.peg(side, points, kind)
        self.note = "%s +%d: %d" % (self.side_name(side), points, self.g.scores[side])
        self.save()

    def heels(self):
        g = self.g
        side = g.side_of(g.dealer)
        g.peg(side, 2, 1)
        self.note = "%s: his heels, 2" % self.name(g.dealer)
        self.save()

    def count(self, seat, crib, points, claimed=None, starter=None):
        """A hand (or the crib) counted: its points to its owner; with a claim
        under them (muggins) the claim, and the rest to the next player. The
        crib ends the deal; until then the counter keeps the deal's starter."""
        g = self.g
        self.starter = starter
        mine = points if claimed is None or claimed > points else claimed
        g.peg(g.side_of(seat), mine, CRIB if crib else HAND)
        self.note = "%s's %s: %d" % (self.name(seat), "crib" if crib else "hand", mine)
        missed = points - mine
        if missed and not g.over:
            other = (seat + 1) % g.players
            g.peg(g.side_of(other), missed, MUGGINS)
            self.note = "%s: muggins %d" % (self.name(other), missed)
        self.counted += 1
        if crib and not g.over:
            self.deal_over()
        else:
            self.save()

    def deal_over(self):
        g = self.g
        g.next_deal()
        self.side = g.side_of(g.pone())  # the pone pegs first
        self.starter = None
        self.counted = 0
        self.note = "%s deals" % self.name(self.g.dealer)
        self.save()

    def undo(self):
        """The last peg taken back (and the deal it ended, if it did); False if none."""
        g = self.g
        deal = g.deal_no
        last = g.undo()
        if last is None:
            self.note = "nothing to take back"
            return False
        side, points, kind = last
        if g.deal_no != deal:
            self.starter = None  # the counter's memory is of the deal left
        if g.deal_no != deal or kind == HAND or kind == CRIB:
            self.counted = g.counts()  # a count taken back, or the deal's before its end
        self.note = "took back %s %d" % (self.side_name(side), points)
        self.save()
        return True

    # Saving

    def state(self):
        return {"v": _SAVE_VERSION, "game": VARIANT, "save": hexlify(self.g.save()).decode(),
                "names": list(self.names), "starter": self.starter, "counted": self.counted,
                "done": self.done, "recorded": self.recorded}

    def save(self):
        self.app.saves.save_current(self.state())

    # The end

    def finish(self):
        """Record the game (once, even across a power cut); then the menu."""
        app = self.app
        app.saves.record_end(self, 1, lambda _: record(self, app.date()))
        app.saves.clear_current()
        app.play = None
        app.home()

    def match(self):
        """Each side's match points (1 a game, 2 a skunk, 3 a double skunk) over the
        finished games of these players (the same names, sitting the same way, the
        same target), this one counted if it is not in the history yet."""
        g = self.g
        names = list(self.names)
        points = [0] * g.sides
        for r in self.app.saves.history():
            if r.get("variant") == VARIANT and r.get("names") == names and r.get("target") == g.target:
                scores = r["scores"]
                for side in range(g.sides):
                    if scores[side] >= g.target:
                        points[side] += 1 + r["skunk"]
        if g.over and not (self.done == 1 or self.app.saves.has_game(self.recorded)):
            points[g.winner] += g.game_points()
        return points


def record(play, date):
    """The history record of a finished game: per deal the dealer, the crib
    and his heels, then each side's points pegged by hand, hands counted and muggins."""
    g = play.g
    out = bytearray()
    for d in g.deals:
        out.extend(d)
    return {"variant": VARIANT, "score": g.scores[g.winner], "target": g.target, "date": date,
            "players": g.players, "code": None, "names": list(play.names), "scores": list(g.scores),
            "skunk": g.game_points() - 1, "deals": hexlify(bytes(out)).decode()}


def start(app, players, target, names, dealer):
    play = BoardPlay(app, Board(players, target, dealer), names)
    app.play = play
    play.save()
    play.show()


def resumed(app, data):
    """The BoardPlay a state() saved; ValueError unless every field is one it could hold."""
    if any([k not in _STATE for k in data]) or data.get("v") != _SAVE_VERSION:
        raise ValueError("saved board game: not one this firmware saves")
    text = data.get("save")
    if type(text) is not str or len(text) > 9000:
        raise ValueError("saved board game: bad save")
    g = load(unhexlify(text))
    names = data.get("names")
    if type(names) is not list or len(names) != g.players:
        raise ValueError("saved board game: bad names")
    for n in names:
        if type(n) is not str or not 1 <= len(n) <= 3:
            raise ValueError("saved board game: bad names")
    starter = data.get("starter")
    if starter is not None and (type(starter) is not int or not 0 <= starter < 52):
        raise ValueError("saved board game: bad starter")
    counted = data.get("counted", 0)
    if type(counted) is not int or not 0 <= counted <= g.players + 1:
        raise ValueError("saved board game: bad counted")
    done = data.get("done", 0)
    if type(done) is not int or not 0 <= done <= (1 if g.over else 0):
        raise ValueError("saved board game: bad done")
    recorded = data.get("recorded")
    if recorded is not None and (type(recorded) is not int or recorded < 1 or not g.over):
        raise ValueError("saved board game: bad recorded")
    play = BoardPlay(app, g, names)
    play.starter = starter
    play.counted = counted
    play.done = done
    play.recorded = recorded
    return play
