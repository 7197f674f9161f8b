"""The board's hand counter driven key by key, without a panel or saves: the screens
(ui.board.count) get a stand-in app. Portable (bench_board runs it in the VM too; the
CPython tests use it as well)."""
import sys

from drivers.buttons import A, LEFT
from rules.board import Board
from ui.app import SCREENS
from ui.board.entry import keys
from ui.board.game import BoardPlay


class Counter:
    """What the counter's screens ask of the app: the game in progress, go(), redraw()."""

    def __init__(self):
        self.play = BoardPlay(self, Board(2, 121, 0), ["P1", "P2"])
        self.screen = None

    def go(self, name, *args):
        __import__(SCREENS[name])
        self.screen = getattr(sys.modules[SCREENS[name]], name)(self, *args)

    def redraw(self):
        pass

    def counted(self, hand, starter, crib):
        """The count the screens show for the hand keyed in (the crib chosen by LEFT from the
        pone's hand, round to it); and the presses, from the counter's first screen to the count."""
        self.play.starter = None
        self.play.counted = 0
        self.go("BoardHand")
        n = 0
        for c in hand:
            for k in keys(c):
                self.screen.key(k)
                n += 1
        for k in keys(starter):
            self.screen.key(k)
            n += 1
        self.screen.key(A)
        n += 1
        s = self.screen
        if crib:
            s.key(LEFT)
        if s.crib != crib or list(s.cards) != list(hand) or s.starter != starter:
            raise AssertionError("the counter took %r %r for %r %r" % (s.cards, s.starter, hand, starter))
        return s.points, n
