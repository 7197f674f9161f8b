# The app: one screen at a time, key events in, frames out, and the power
# policy (dim after idle, display off later, any key wakes).
#
#   app = App(board, saves)     # board: display, keys, ticks_ms(), sleep_ms(ms)
#   app.run()                   # forever; tests and the simulator call step()
#
# The board is board.Board on the device and a desktop twin in the simulator.
# It provides: .display (a framebuf.FrameBuffer with show(), contrast(v),
# poweroff(), poweron(), flip(on)), .keys (get() -> key event, 0 for none),
# ticks_ms() and sleep_ms(ms); and may provide start_sampling(),
# sleep_until_key(), beep(), date() ("YYYY-MM-DD", or None while the clock
# is unset) and random32() (32 random bits for new games' seeds, or None).
# Time comes only from the board, so a simulator can drive it.
# A screen with a tick(now_ms) method (the device playing by itself) is
# ticked every step while the display is on. A screen with a patch(fb) method
# can draw just what a key changed over the frame on the glass: it asks with
# app.update() instead of app.redraw() (a whole frame costs a Pico far more
# Python than the few cells a cursor moved by hand changes).
#
# The app is the one place that knows the screens (SCREENS below). A screen is
# a class with key(k) and draw(fb), made as Class(app, *args); it names where
# to go next and never imports another screen:
#
#   app.go("CribSetup")         # show a screen, forgetting the ones before
#   app.visit("Pause")          # show one over this one (a pause, a note) ...
#   app.back()                  # ... and come back to this one as it was
#   app.home(), app.title()     # the menu, the title: every screen leads back there,
#                               # so none names them (a screen named leads on, never back)
#
# A screen's module is imported the first time the screen is shown, so the
# heap holds only the screens that have been used.
import gc
import sys

from micropython import const

_ON = const(0)
_DIM = const(1)
_OFF = const(2)
_MASK = const(0x3FFFFFFF)  # ticks_ms() wraps at 2**30
_A = const(16)  # drivers.buttons.A, without importing the module at boot
_DIM_CONTRAST = const(1)

# Every screen, by the name of its class, and the module that holds it.
SCREENS = {
    "Title": "ui.app",
    "Menu": "ui.menus",
    "Players": "ui.menus",
    "Opponent": "ui.menus",
    "Settings": "ui.menus",
    "Scores": "ui.scores",
    "Stats": "ui.scores",
    "About": "ui.menus",
    "Notice": "ui.dialogs",
    "Confirm": "ui.dialogs",
    "Initials": "ui.scores",
    "CodeEntry": "ui.deals",
    "DayDeals": "ui.deals",
    "Table": "ui.solitaire.screens",
    "Count": "ui.solitaire.screens",
    "Summary": "ui.solitaire.screens",
    "Pass": "ui.solitaire.screens",
    "Over": "ui.solitaire.screens",
    "Standings": "ui.solitaire.screens",
    "Pause": "ui.dialogs",
    "CpuTurn": "ui.solitaire.auto",
    "Demo": "ui.solitaire.auto",
    "GridMenu": "ui.grid.menu",
    "GridTable": "ui.grid.screens",
    "GridOver": "ui.grid.screens",
    "GridRank": "ui.grid.people",
    "GridPass": "ui.grid.people",
    "CribSetup": "ui.cribbage.setup",
    "CribStats": "ui.cribbage.stats",
    "CribCut": "ui.cribbage.show",
    "CribLay": "ui.cribbage.play",
    "CribPlay": "ui.cribbage.play",
    "CribShow": "ui.cribbage.show",
    "CribDeal": "ui.cribbage.show",
    "CribOver": "ui.cribbage.show",
    "CribPass": "ui.cribbage.people",
    "CribBoard": "ui.cribbage.play",
    "CribLink": "ui.cribbage.linked",
    "CribWait": "ui.cribbage.people",
    "Race": "ui.race",
    "BoardSetup": "ui.board.setup",
    "BoardPegs": "ui.board.pegs",
    "BoardOver": "ui.board.pegs",
    "BoardHand": "ui.board.count",
    "BoardCount": "ui.board.count",
}

# Modules that only screens import, and the screen modules that import them at
# the top, directly or through another module: each goes with the last of those
# (they hold no state). A test keeps this in step with the imports.
HELPERS = {
    "ui.saved": (),  # the saved game in words, asking first: imported where used
    "ui.resume": (),  # resuming the saved game: imported where used
    # A cribbage game's record and the statistics, which the next game's table does without.
    "ui.cribbage.history": ("ui.cribbage.stats",),
    # The menus' lists of games, which the cribbage table does without.
    "rules.grid_games": ("ui.deals", "ui.grid.menu", "ui.scores"),
    "rules.solitaire_games": ("ui.deals", "ui.menus", "ui.scores", "ui.solitaire.auto"),
    # The grid games' placement advisor and its table: the largest data the device loads, which a
    # cribbage table after a grid game would otherwise carry.
    "players.placement": ("ui.grid.screens",),
    "tables.gridtable": ("ui.grid.screens",),
    "ui.calls": ("ui.solitaire.auto", "ui.cribbage.show", "ui.solitaire.screens", "ui.board.count"),
    "ui.counting": ("ui.cribbage.show", "ui.solitaire.screens", "ui.board.count"),
    "players.autoplay": ("ui.solitaire.auto",),
    "ui.deliberate": ("ui.cribbage.people", "ui.grid.people", "ui.grid.screens", "ui.scores", "ui.solitaire.screens"),
}

# A game's own modules (its play, app.play's, and the rules it plays by), which
# screens load inside functions when a game starts or resumes: each goes once no
# game is in progress and none of the screens named is on view, so that a game
# played earlier is not carried into the menus and the next game (the heap at a
# cribbage table after them: docs/benchmarks.md, "Heap at the tables").
_SOLITAIRE = ("ui.solitaire.screens", "ui.solitaire.auto")
_GRID = ("ui.grid.screens", "ui.grid.people")
GAMES = {
    "ui.solitaire.game": _SOLITAIRE,
    "rules.match": _SOLITAIRE,
    "rules.solitaires": _SOLITAIRE,
    "players.advisor": _SOLITAIRE,  # the hints'; players.autoplay holds it, and goes with its screen
    "ui.grid.game": _GRID,
    "rules.grids": _GRID,
    "rules.poker": _GRID,
    "rules.dealcode": ("ui.deals",) + _GRID + _SOLITAIRE,
}


class App:
    def __init__(self, board, saves, seed=None):
        self.board = board
        self.display = board.display
        self.keys = board.keys
        self.saves = saves
        self.seed = seed  # fixed first seed (tests, the simulator); None: random
        self.seeds = 0  # seeds drawn (without a fixed seed)
        self.power = _ON
        self.last = board.ticks_ms()
        self.dirty = True  # a draw is due
        self.whole = True  # ... of the whole frame, not just the screen's patch
        self.frames = 0  # frames drawn (tests and benchmarks read it)
        self.under = []  # the screens that visit() covered, back() uncovers
        self.screen = self.make("Title", ())
        self.tick = None  # the screen's tick(now_ms), if it has one
        self.patch = None  # the screen's patch(fb), if it has one
        self.play = None  # the game in progress (ui.solitaire.game.Play)
        self.net = None  # a linked game's net(now_ms): the cable served every step, screen on or off
        self.apply_settings()
        self.enter(self.screen)

    # Screens

    def make(self, name, args):
        """A new screen by name; its module is loaded the first time."""
        module = SCREENS[name]
        __import__(module)  # at once if it is loaded already
        return getattr(sys.modules[module], name)(self, *args)

    def go(self, name, *args):
        """Show the screen `name` (made with these args), forgetting the screens under it."""
        self.enter(self.make(name, args))

    def enter(self, screen):
        self.under = []
        if self.saves.problems and self.play is None:
            # Problems the saves found (at boot, or since) come first, outside a game.
            self.under.append(screen)
            screen = self.make("Notice", (self.saves.take_problems(),))
        self.unload(screen)
        self.show(screen)

    def unload(self, screen):
        """Forget the screen modules that neither this screen nor those under it
        come from, and the helpers none of the rest import: they are loaded again
        when next needed. (Only the app imports screen modules, so nothing else
        holds them.)"""
        from rules import forget

        used = [SCREENS[type(s).__name__] for s in self.under]
        used.append(SCREENS[type(screen).__name__])
        for module in SCREENS.values():
            if module not in used and module != "ui.app":
                forget(module)
        for module in HELPERS:
            if not any(m in used for m in HELPERS[module]):
                forget(module)
        if self.play is None:
            for module in GAMES:
                if not any(m in used for m in GAMES[module]):
                    forget(module)

    def visit(self, name, *args):
        """Show the screen `name` over this one, which back() returns to as it was."""
        screen = self.make(name, args)
        self.under.append(self.screen)
        self.show(screen)

    def back(self):
        """Back to the screen visit() covered (the menu if there is none)."""
        if self.under:
            self.show(self.under.pop())
        else:
            self.home()

    def home(self):
        """The menu, from wherever the player is."""
        self.go("Menu")

    def title(self):
        self.go("Title")

    def show(self, screen):
        self.screen = screen
        self.tick = getattr(screen, "tick", None)  # bound once, not per step
        self.patch = getattr(screen, "patch", None)
        self.redraw()
        gc.collect()  # between screens: the last one's garbage goes

    def redraw(self):
        """Draw the screen's whole frame again."""
        self.dirty = True
        self.whole = True

    def update(self):
        """Draw what changed on the screen (its patch), or the whole frame."""
        self.dirty = True
        if self.patch is None:
            self.whole = True

    def draw(self):
        fb = self.display
        patch = self.patch
        if self.whole or patch is None:
            fb.fill(0)
            self.screen.draw(fb)
        else:
            patch(fb)
        fb.show()
        self.frames += 1
        self.dirty = False
        self.whole = False

    def step(self):
        """Take at most one key event, apply the power policy, draw if needed."""
        k = self.keys.get()
        board = self.board
        if self.net is not None:
            self.net(board.ticks_ms())
        if k:
            self.last = board.ticks_ms()
            if self.power != _ON:
                self.wake()  # the key that wakes only wakes
            else:
                self.screen.key(k)
        elif self.power != _OFF:
            self.idle((board.ticks_ms() - self.last) & _MASK)
            if self.tick is not None:
                self.tick(board.ticks_ms())
        if self.dirty and self.power != _OFF:
            self.draw()
        return k

    def run(self):
        board = self.board
        start = getattr(board, "start_sampling", None)
        if start is not None:
            start()
        sleeper = getattr(board, "sleep_until_key", None)
        while True:
            self.step()
            # A game on the cable serves it (net) with the display off, and itself sleeps until
            # a key once the other device has been quiet for the idle time before sleep.
            if self.power == _OFF and sleeper is not None and self.net is None:
                sleeper()
                self.wake()
            else:
                board.sleep_ms(10 if self.power == _ON else 50)

    # Power

    def idle(self, ms):
        """Dim, then turn the display off, after the idle times in the settings."""
        dim = self.saves.get("dim")
        off = self.saves.get("sleep")
        if off and ms >= off * 1000:
            self.sleep()
        elif dim and ms >= dim * 1000 and self.power == _ON:
            self.power = _DIM
            self.display.contrast(_DIM_CONTRAST)

    def sleep(self):
        self.save_game()
        self.display.poweroff()
        self.power = _OFF

    def wake(self):
        d = self.display
        if self.power == _OFF:
            d.poweron()
        d.contrast(self.saves.get("contrast"))
        self.power = _ON
        self.last = self.board.ticks_ms()
        self.redraw()

    @property
    def asleep(self):
        return self.power == _OFF

    @property
    def dimmed(self):
        return self.power == _DIM

    def apply_settings(self):
        d = self.display
        d.contrast(self.saves.get("contrast"))
        d.flip(self.saves.get("flip"))
        self.redraw()

    # Things screens share

    def save_game(self):
        if self.play is not None:
            self.play.save()

    def new_seed(self):
        """A seed for a new game: the next fixed one, else 32 bits from the board's
        random source, else the clock, the game counter and a count of calls."""
        if self.seed is not None:
            s = self.seed
            self.seed = (s + 1) & 0xFFFFFFFF
            return s
        self.seeds += 1
        source = getattr(self.board, "random32", None)
        r = source() if source is not None else None
        if r is not None:
            return r
        # The count keeps apart the seeds of one match, taken while the clock
        # stands still; the generator mixes whatever seed it gets.
        t = self.board.ticks_ms()
        return (t ^ (self.saves.device.get("n", 0) << 20) ^ (self.seeds << 26)) & 0xFFFFFFFF

    def date(self):
        f = getattr(self.board, "date", None)
        return f() if f is not None else None

    def beep(self):
        if self.saves.get("sound"):
            f = getattr(self.board, "beep", None)
            if f is not None:
                f()


class Title:
    """The first screen: the best hand there is, and resume or the menu. It
    is kept here, with nothing else imported, so that the heap after boot
    holds only what boot needs; the menus load on the first key."""

    def __init__(self, app):
        self.app = app
        self.saved = app.saves.has_current()

    def key(self, k):
        if self.saved and k == _A:
            from ui.resume import offer

            offer(self.app)
            return
        self.app.home()

    def draw(self, fb):
        from ui import gfx

        # A fan of the five cards of the best hand there is: 29.
        for i in range(5):
            gfx.card(fb, _FAN[i], 14 + 20 * i, 4 if i == 0 or i == 4 else 2)
        gfx.center(fb, "Pocket Crib", 36)
        fb.hline(30, 45, 68, 1)
        gfx.center(fb, "A: saved game  B: menu" if self.saved else "press a key", 52)


_FAN = b"\x12\x11\x10\x2b\x13"  # 5H 5D 5C JS, and the 5S cut
