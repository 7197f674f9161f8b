# The device playing by itself, a step at a time at a pace people can follow:
# the computer opponent's turns (CpuTurn) and the demo (Demo).
#
# Both are ticked by the app (tick(now_ms)) with time from the board, so the
# simulator and the tests drive them with the same clock as everything else.
from micropython import const

from players import autoplay
from rules.solitaires import VARIANTS, new
from drivers.buttons import A, B, B_LONG
from ui import gfx
from ui.calls import LABELS, SHORT, count_calls

LEVELS = ("Easy", "Normal", "Expert")
# The computer's discards per level: hand only, the crib table, the full advisor.
POLICIES = ("hand", "table", "advisor")

_MASK = const(0x3FFFFFFF)  # ticks_ms() wraps at 2**30
# Phases of a deal.
_SIX = const(0)  # the six cards dealt
_ONE = const(1)  # one card marked for the crib
_TWO = const(2)  # both marked
_COUNT = const(3)  # the counted items, one at a time
_TOTAL = const(4)  # the deal's points and the score
_OVER = const(5)  # (the demo) the game's result
# Milliseconds each phase stays on the screen.
_WAITS = b"\x08\x08\x08\x14\x0f\x19"  # in tenths of a second: 0.8 s ... 2.5 s


class Deal:
    """One deal of a game played by `pick` (game -> (a, b)), shown step by step;
    `send(a, b)` makes the discard (the game's own, or the match's)."""

    def __init__(self, game, pick, send):
        self.g = game
        self.pick = pick
        self.send = send
        self.start = len(game.log)
        self.level = None  # shown in the title of the total
        if game.pending is not None:
            self.six()
        else:
            self.counted(self.start)

    def six(self):
        self.cards = sorted(self.g.pending)
        self.marks = ()
        self.choice = (0, 0)
        self.phase = _SIX

    def wait(self):
        return _WAITS[self.phase] * 100

    def counted(self, start):
        """The discard was made before (a resumed game): straight to its total."""
        self.start = start
        self.cards = ()
        self.phase = _TOTAL

    def advance(self):
        """One step on; False once the deal's total is shown."""
        p = self.phase
        g = self.g
        if p == _SIX:
            self.choice = self.pick(g)
            self.marks = self.choice[:1]
            self.phase = _ONE
        elif p == _ONE:
            self.marks = self.choice
            self.phase = _TWO
        elif p == _TWO:
            a, b = self.choice
            self.send(a, b)
            if len(g.log) == self.start:
                self.six()  # Patience II: the second six of the deal
            else:
                self.items = g.log[self.start:]
                self.item = 0
                self.phase = _COUNT
                self.open()
        elif p == _COUNT:
            self.item += 1
            if self.item < len(self.items):
                self.open()
            else:
                self.phase = _TOTAL
        else:
            return False
        return True

    def finish(self):
        """Run on to the deal's total."""
        while self.advance():
            pass

    def open(self):
        label, cards, starter, points = self.items[self.item]
        if label == "heels":
            self.lines = ["the cut is a jack:", "two for his heels"]
        else:
            _, calls = count_calls(cards, starter, label == "crib" and self.g.crib_rule)
            lines = []
            last = len(calls) - 1
            for i in range(len(calls)):
                lines.extend(gfx.wrap(calls[i] + ("," if i < last else ""), 126))
            self.lines = lines[-3:]  # the end of the count: it holds the total
        self.title = "%s  %d" % (LABELS.get(label, label), points)

    def draw(self, fb, who, foot):
        g = self.g
        p = self.phase
        if p == _COUNT:
            label, cards, starter, points = self.items[self.item]
            gfx.bar(fb, who + "  " + self.title)
            for i in range(len(cards)):
                gfx.card(fb, cards[i], 1 + 21 * i, 10)
            if starter is not None:
                gfx.card(fb, starter, 1 + 21 * len(cards) + 4 if label == "heels" else 108, 10)
            for i in range(len(self.lines)):
                gfx.text(fb, self.lines[i], 1, 38 + 9 * i)
            return
        if p >= _TOTAL:
            deal = len(g.round_points())
            gfx.bar(fb, "%s  deal %d/%d" % (who, deal, g.deals))
            points = g.round_points()[-1] if deal else 0
            gfx.center(fb, "%d points this deal" % points, 14)
            if self.level is not None:
                gfx.right(fb, self.level, 126, 1, 0)
            gfx.center(fb, "Score %d of %d" % (g.score, g.target), 26)
            gfx.center(fb, foot, 42)
        else:
            gfx.bar(fb, "%s  deal %d/%d" % (who, g.round, g.deals))
            gfx.right(fb, "%d/%d" % (g.score, g.target), 126, 1, 0)
            cards = self.cards
            marks = self.marks
            for i in range(len(cards)):
                gfx.card(fb, cards[i], 1 + 21 * i, 10, cards[i] in marks)
            gfx.text(fb, "thinking..." if p == _SIX else "to the crib", 1, 43)
        gfx.strip(fb, g.score, g.target, 57)


class CpuTurn:
    """The computer's deal in a game against it: its six, its two for the crib,
    its count, its total. A runs on to the total, then back to the player."""

    def __init__(self, app, shown=False):
        play = app.play
        self.play = play
        self.app = app
        g = play.match.games[1]
        self.deal = Deal(g, autoplay.chooser(POLICIES[play.cpu], g.seed), play.send)
        self.deal.level = LEVELS[play.cpu]
        if shown:
            self.deal.counted(play.count[1])
        self.who = "CPU"
        self.at = self.app.board.ticks_ms()

    def tick(self, now):
        if (now - self.at) & _MASK < self.deal.wait():
            return
        self.at = now
        if self.deal.advance():
            self.app.last = now  # busy: the screen stays awake
            self.app.redraw()

    def key(self, k):
        if k == B_LONG:
            self.app.visit("Pause")
        elif k == A or k == B:
            if self.deal.phase < _TOTAL:
                self.deal.finish()
                self.app.redraw()
            else:
                self.play.counted()

    def draw(self, fb):
        self.deal.draw(fb, self.who, "A: your turn" if not self.play.match.over else "A: go on")


class Demo:
    """The device plays game after game with the advisor (the variants in turn);
    any key goes back to the menu. Nothing is saved."""

    def __init__(self, app):
        self.app = app
        self.games = 0  # games finished
        self.at = app.board.ticks_ms()
        self.begin()

    def begin(self):
        variant = VARIANTS[self.games % len(VARIANTS)]
        seed = self.app.new_seed()
        g = new(variant, seed)
        self.g = g
        self.deal = Deal(g, autoplay.chooser("advisor", seed), g.discard)
        self.who = "Demo"
        self.over = False

    def tick(self, now):
        wait = _WAITS[_OVER] * 100 if self.over else self.deal.wait()
        if (now - self.at) & _MASK < wait:
            return
        self.at = now
        self.app.last = now
        if self.over:
            self.games += 1
            self.begin()
        elif not self.deal.advance():
            if self.g.over:
                self.over = True
            else:
                self.deal = Deal(self.g, self.deal.pick, self.g.discard)
        self.app.redraw()

    def key(self, k):
        self.app.back()

    def draw(self, fb):
        if not self.over:
            self.deal.draw(fb, self.who, "")
            return
        g = self.g
        gfx.bar(fb, "Demo %s: over" % SHORT[g.kind])
        gfx.center(fb, "Made it!" if g.won else "Short by %d" % (g.target - g.score), 14)
        gfx.center(fb, "%d points of %d" % (g.score, g.target), 26)
        gfx.center(fb, "any key: menu", 42)
        gfx.strip(fb, g.score, g.target, 57)
