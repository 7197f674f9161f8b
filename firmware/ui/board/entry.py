# The hand counter's keys: a card in three presses of the arrows, the
# directions taken clockwise from UP (UP, RIGHT, DOWN, LEFT):
#
#   1. the ranks' group:  A 2 3 | 4 5 6 | 7 8 9 | 10 J Q K
#   2. the rank in it:    its first at UP, the next clockwise
#   3. the suit:          clubs, diamonds, hearts, spades
#
# B takes the last step back (at the first step, the last card). Four hand
# cards, then the starter unless the deal's is known. A card already in is
# refused, and the suit asked again. No drawing here, so a test can drive
# every hand through the same keys the screen takes.
from micropython import const

from drivers.buttons import B, DOWN, LEFT, RIGHT, UP

GROUPS = b"\x00\x03\x06\x09\x0d"  # the first rank of each group, and the end
_TURN = (UP, RIGHT, DOWN, LEFT)
GROUP = const(0)  # the steps of a card
RANK = const(1)
SUIT = const(2)


def turn(k):
    """0..3 for UP, RIGHT, DOWN, LEFT (clockwise); -1 for another key."""
    for i in range(4):
        if _TURN[i] == k:
            return i
    return -1


class Entry:
    def __init__(self, starter=None, cards=(), known=True):
        self.cards = list(cards)  # the hand's cards so far
        self.starter = starter
        self.known = known and starter is not None  # the deal's starter: not entered again
        self.step = GROUP
        self.group = 0
        self.rank = 0
        self.refused = -1  # a card just refused (entered already), else -1

    def full(self):
        return len(self.cards) == 4 and self.starter is not None

    def empty(self):
        return not self.cards and (self.known or self.starter is None) and self.step == GROUP

    def key(self, k):
        """Take a key; False if it is not one for the entry (A, or B with nothing to take back)."""
        self.refused = -1
        if k == B:
            return self.back()
        t = turn(k)
        if t < 0 or self.full():
            return False
        if self.step == GROUP:
            self.group = t
            self.step = RANK
        elif self.step == RANK:
            r = GROUPS[self.group] + t
            if r < GROUPS[self.group + 1]:
                self.rank = r
                self.step = SUIT
        else:
            card = self.rank * 4 + t
            if card in self.cards or card == self.starter:
                self.refused = card
            elif len(self.cards) < 4:
                self.cards.append(card)
                self.step = GROUP
            else:
                self.starter = card
                self.step = GROUP
        return True

    def back(self):
        if self.step != GROUP:
            self.step -= 1
        elif self.starter is not None and not self.known:
            self.starter = None
        elif self.cards:
            self.cards.pop()
        else:
            return False
        return True


def keys(card):
    """The three keys that enter a card."""
    r = card >> 2
    g = 0
    while GROUPS[g + 1] <= r:
        g += 1
    return (_TURN[g], _TURN[r - GROUPS[g]], _TURN[card & 3])
