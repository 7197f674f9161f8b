# The board for a real deck, before the game: how many play, to 121 or 61,
# the players' names (initials, kept in the settings between games) and who
# deals first.
from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx
from ui.board import PLAYERS

_TARGETS = (121, 61)
_ROWS = 5


def names(saves):
    """The four names kept in the settings (a name left blank: P1..P4)."""
    s = saves.get("names")
    out = []
    for i in range(4):
        n = s[3 * i:3 * i + 3].strip()
        out.append(n if n else PLAYERS[i])
    return out


class BoardSetup:
    """Players, game, names, first dealer; Start."""

    def __init__(self, app):
        self.app = app
        self.players = 2
        self.target = 0  # index into _TARGETS
        self.names = names(app.saves)
        self.dealer = 0
        self.cur = _ROWS - 1

    def key(self, k):
        app = self.app
        step = -1 if k == LEFT else 1
        cur = self.cur
        if k == UP or k == DOWN:
            self.cur = (cur + (1 if k == DOWN else -1)) % _ROWS
        elif k in (LEFT, RIGHT, A) and cur == 0:
            self.players = 2 + (self.players - 2 + step) % 3
            self.dealer = 0
        elif k in (LEFT, RIGHT, A) and cur == 1:
            self.target ^= 1
        elif k == A and cur == 2:
            self.ask(0)
            return
        elif k in (LEFT, RIGHT, A) and cur == 3:
            self.dealer = (self.dealer + step) % self.players
        elif k == A and cur == 4:
            from ui.saved import ask_first

            ask_first(app, self.begin)
            return
        elif k == B:
            app.back()
            return
        app.redraw()

    def ask(self, i):
        """The name of player i, then of the next ones."""
        def done(name):
            name = name.strip()
            self.names[i] = name if name else PLAYERS[i]
            self.app.saves.set("names", "".join([(n + "   ")[:3] for n in self.names]))
            self.app.back()
            if i + 1 < self.players:
                self.ask(i + 1)

        self.app.visit("Initials", "Player %d's name" % (i + 1), done, (self.names[i] + "   ")[:3])

    def begin(self):
        from ui.board.game import start

        start(self.app, self.players, _TARGETS[self.target], self.names[:self.players], self.dealer)

    def draw(self, fb):
        gfx.bar(fb, "The board: real cards")
        n = self.players
        rows = ("Players: %d%s" % (n, " (partners)" if n == 4 else ""),
                "Game: to %d" % _TARGETS[self.target],
                "Names: " + " ".join(self.names[:n]),
                "First deal: " + self.names[self.dealer],
                "Start")
        gfx.listing(fb, rows, self.cur, 0)
        gfx.text(fb, "Peg, count, undo", 4, 56)
