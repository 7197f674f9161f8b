# The same deal, raced on the link cable: a solitaire or a grid game played by
# two linked devices on one deal at once. Loaded only once a raced game is chosen or
# resumed: a device playing alone carries none of it (ui.race.racer, solo and grid: the
# game in progress; link.race: its moves on the wire).
#
# This module is the race's one screen, Race: first the cable opened, the other device
# heard, the same game chosen on both, the deal agreed (link.pack); at the end both
# results, or waiting for the other. (One screen, one name in the app's table: each name
# there is a few bytes of every device's heap, raced or not.) Meanwhile the game's own
# table screens show it.
from micropython import const

from drivers.buttons import A, B, B_LONG
from link.jack import opened, other_name, who
from link.pack import Pack
from rules import forget
from ui import gfx

VERSION = b"race1.1"  # the races' move exchange (1.1: "E", issue 37), the games' save versions: both must agree
_GAME = const(0x47)  # "G": the game chosen, before the pack


def my_name(app):
    return app.saves.get("names")[:3].strip() or "P1"


class Race:
    """Race(app, begin, game): linking, for a new race of the game (two bytes: the solitaires
    0 and the grid games 1, then its index in their list), begin(link, people, peer id,
    seed) the game once the deal is agreed; Race(app): the end of this device's game, the
    race's result or waiting for the other's."""

    def __init__(self, app, begin=None, game=b"", variant=None):
        self.app = app
        self.play = app.play
        self.end = begin is None
        self.link = None
        if begin is None:
            return
        self.begin = begin
        self.chosen = bytes((_GAME,)) + game  # what the other device must have chosen too
        self.variant = variant  # its name (a record of a race left unfinished says it)
        self.name = my_name(app)
        self.link = opened(app, self.name, VERSION)
        self.problem = None if self.link is not None else "This device has no link jack (hardware/BUILD.md)."
        if self.link is not None:
            self.link.fresh = True  # the other device reset: the exchange starts again (tick)
            self.resets = 0
        self.shuffle()

    def shuffle(self):
        """The pack's exchange from the start: a new half of ours, the game chosen and the
        promise not yet sent."""
        half = b""
        for _ in range(4):
            half += self.app.new_seed().to_bytes(4, "big")
        self.pack = Pack(half)
        self.promised = False
        self.agreed = False  # the other device chose the same game
        self.shown = None  # the other's resets when this device showed its half: the deal fixed

    def tick(self, now):
        link = self.link
        if link is None:
            return
        pack = self.pack
        was = (link.linked, link.problem, pack.problem, self.problem)
        link.poll(now)
        self.walked()  # begun again once the deal was fixed: kept as left, and on as below
        if link.resets != self.resets and pack.problem is None and self.problem is None:
            # The other device was reset while the pack was agreed (as ui.cribbage.linked's).
            self.resets = link.resets
            self.shuffle()
            pack = self.pack
        if link.linked and not self.promised:
            link.send(self.chosen)
            link.send(pack.promise())
            self.promised = True
        while link.linked and pack.seed is None and pack.problem is None and self.problem is None:
            m = link.recv()
            if m is None:
                break
            if not self.agreed:
                if m != self.chosen:
                    self.problem = "%s chose another game: choose the same game on both devices." % self.other()
                self.agreed = True
                continue
            reply = pack.take(m)
            if reply is not None:
                link.send(reply)
                self.shown = link.resets
        if pack.seed is not None and link.peer is not None and self.problem is None:
            self.start(link, pack.seed)
        elif was != (link.linked, link.problem, pack.problem, self.problem):
            self.app.redraw()

    def walked(self, gave_up=False):
        from link.left import walked_off  # (let go once the race begins)

        return walked_off(self, gave_up, self.variant)

    def other(self):
        return other_name(self.link, self.name)

    def start(self, link, seed):
        app = self.app
        link.fresh = False  # in the race, a reset sends the moves again (link.race)
        play = self.begin(link, [self.name, self.other()], who(link)[1], seed)
        app.play = play
        forget("link.left")
        play.save()
        play.show()

    def key(self, k):
        if self.end:
            self.over(k)
        elif k == B and not self.walked(True):
            self.app.home()

    def draw(self, fb):
        if self.end:
            self.result(fb)
            return
        gfx.bar(fb, "Racing on the cable")
        link = self.link
        why = self.problem or self.pack.problem or link and link.problem
        if why or link is None:
            lines = gfx.wrap(why or "", 126)
        elif not link.linked or link.peer is None:
            lines = ["Looking for the other", "device on the cable..."]
        else:
            lines = ["Linked with " + self.other(), "shuffling together..."]
        for i in range(min(4, len(lines))):
            gfx.text(fb, lines[i], 1, 12 + 9 * i)
        gfx.right(fb, "B: back", 127, 56)

    # The end.

    def ready(self):
        play = self.play
        return play.theirs.over or play.race.problem is not None

    def over(self, k):
        play = self.play
        if k == A and self.ready():
            play.finish()
        elif k == B and not self.ready() and play.unheard:
            from link.left import give_up

            give_up(self.app, play.people[1], play.abandon)
        elif k == B_LONG:
            self.app.visit("Pause")

    def result(self, fb):
        play = self.play
        g = play.mine
        gfx.bar(fb, "Raced: game over")
        lines = []
        for line in play.result():
            lines += gfx.wrap(line, 126)
        for i in range(min(4, len(lines))):
            gfx.text(fb, lines[i], 1, 12 + 9 * i)
        gfx.strip(fb, g.score, g.target, 57, 60)
        if self.ready():
            gfx.right(fb, "A: go on", 127, 48)
