# The board for a game played with a real deck: two, three or four players
# (four as two partnerships across), to 121 or 61, the points pegged by hand
# or counted by the hand counter. It knows no cards: only who deals, what was
# pegged to which side and why, and where the pegs stand.
#
#   b = Board(players=2, target=121, dealer=0)
#   b.peg(side, points)            # pegged by hand (the play, mostly)
#   b.peg(side, 2, HEELS)          # his heels: the dealer's side
#   b.peg(side, 12, HAND)          # a hand counted (CRIB: the crib),
#                                  # MUGGINS: the points a short count missed
#   b.next_deal()                  # the deal is over: the deal passes left
#   b.undo()                       # the last peg taken back (and the deal
#                                  # ended after it); what was undone, or None
#   b.scores[side], b.back[side]   # the front peg and the back peg
#   b.dealer, b.deal_no, b.pegged_this_deal(), b.counts()
#   b.over, b.winner, b.skunk(side), b.game_points()
#   b.deals                        # per deal: bytes dealer, crib, heels, then
#                                  # per side pegged, hand, muggins
#   data = b.save(); b2 = load(data)
#
# A game is its moves: each peg is two bytes (its kind and side, its points),
# the end of a deal one byte. Undo drops the last move and plays the rest
# again, so the back pegs, the dealer and the deals' points always come from
# the same moves.
from micropython import const

from rules.envelope import checksum, opened

PEG = const(0)  # pegged by hand: in the play, or a count pegged without the counter
HEELS = const(1)
HAND = const(2)
CRIB = const(3)
MUGGINS = const(4)
KINDS = ("peg", "heels", "hand", "crib", "muggins")

MAX_POINTS = const(29)  # the most one peg can be: the best hand
_NEXT = const(0xFF)  # the end of a deal
_PEG = const(0x80)  # 0x80 | kind << 2 | side, then the points
_MAGIC = b"PCb"
_VERSION = const(1)
_HEAD = const(9)  # magic, version, players, target, first dealer, moves (2)
# Far past any game (a game to 121 is some 150 moves over 10 deals), and a
# saved game and its record stay well inside a line of the saves (4 KB).
_MAX_MOVES = const(1500)
_MAX_DEALS = const(100)

# Points a losing side must reach not to be skunked, and double skunked.
_LINES = {121: (91, 61), 61: (31, 0)}


class Board:
    def __init__(self, players=2, target=121, dealer=0):
        if players not in (2, 3, 4):
            raise ValueError("the board is for two, three or four players, not %r" % (players,))
        if target not in _LINES:
            raise ValueError("a game is to 121 or to 61 points, not %r" % (target,))
        if type(dealer) is not int or not 0 <= dealer < players:
            raise ValueError("no player %r to deal" % (dealer,))
        self.players = players
        self.target = target
        self.first = dealer
        self.sides = 2 if players == 4 else players
        self.moves = bytearray()
        self._replay()

    def pone(self):
        """The seat on the dealer's left: the first to play and to count."""
        return (self.dealer + 1) % self.players

    def side_of(self, seat):
        """Partners (four players) are seats 0 and 2 against 1 and 3."""
        return seat % 2 if self.players == 4 else seat

    # The moves.

    def peg(self, side, points, kind=PEG):
        """Peg points to a side; True if that wins the game. Counts (HAND,
        CRIB) may be 0: the count is recorded, no peg moves."""
        if self.over:
            raise ValueError("the game is over: %d won" % self.winner)
        if type(side) is not int or not 0 <= side < self.sides:
            raise ValueError("no side %r on this board" % (side,))
        if type(kind) is not int or not PEG <= kind <= MUGGINS:
            raise ValueError("no kind of peg %r" % (kind,))
        least = 0 if kind == HAND or kind == CRIB else 1
        if type(points) is not int or not least <= points <= MAX_POINTS:
            raise ValueError("%r points cannot be pegged at once" % (points,))
        if kind == HEELS and (points != 2 or side != self.side_of(self.dealer)):
            raise ValueError("his heels are two for the dealer")
        if len(self.moves) + 2 > _MAX_MOVES:
            raise ValueError("the board is full: %d moves" % len(self.moves))
        self.moves.append(_PEG | kind << 2 | side)
        self.moves.append(points)
        self._move(side, points, kind)
        return self.over

    def next_deal(self):
        """The deal is over: the next player deals."""
        if self.over:
            raise ValueError("the game is over")
        if self.deal_no >= _MAX_DEALS or len(self.moves) >= _MAX_MOVES:
            raise ValueError("the board is full: %d deals" % self.deal_no)
        self.moves.append(_NEXT)
        self._deal_over(len(self.moves))

    def undo(self):
        """Take the last peg back, with the end of a deal that came after it
        (the dealer goes back too). (side, points, kind) of the peg, or None
        when nothing is pegged."""
        last = self.last()
        if last is None:
            return None
        m = self.moves
        i = len(m)
        while m[i - 1] == _NEXT:  # (a peg's points are never _NEXT)
            i -= 1
        self.moves = m[:i - 2]  # (MicroPython's bytearray deletes no items)
        self._replay()
        return last

    def pegged_this_deal(self):
        """True once anything is pegged (or counted) in the deal on."""
        return self.deal_start < len(self.moves)

    def counts(self):
        """The hands and cribs counted in the deal on."""
        m = self.moves
        n = 0
        for i in range(self.deal_start, len(m), 2):  # only pegs since the deal's start
            k = (m[i] >> 2) & 7
            if k == HAND or k == CRIB:
                n += 1
        return n

    # The end.

    def skunk(self, side):
        """0, or 1 if the side lost short of the skunk line, 2 short of the double skunk line."""
        if not self.over or side == self.winner:
            return 0
        line, double = _LINES[self.target]
        return (self.scores[side] < line) + (self.scores[side] < double)

    def game_points(self):
        """What the game is worth to the winner: 1, 2 for a skunk, 3 for a double skunk
        (with three sides the worse of the two losers'); 0 before the end."""
        return 1 + max([self.skunk(s) for s in range(self.sides)]) if self.over else 0

    def last(self):
        """(side, points, kind) of the last peg, or None."""
        m = self.moves
        i = len(m)
        while i and m[i - 1] == _NEXT:
            i -= 1
        if i < 2:
            return None
        return (m[i - 2] & 3, m[i - 1], (m[i - 2] >> 2) & 7)

    # Saving.

    def save(self):
        """The game as bytes: magic, version, players, target, first dealer, the moves, checksum."""
        n = len(self.moves)
        body = _MAGIC + bytes((_VERSION, self.players, self.target, self.first, n >> 8, n & 255)) \
            + bytes(self.moves)
        c = checksum(body)
        return body + bytes((c >> 8, c & 255))

    # Playing the moves.

    def _replay(self):
        self.scores = [0] * self.sides
        self.back = [0] * self.sides
        self.dealer = self.first
        self.deal_no = 1
        self.over = False
        self.winner = None
        self.deals = []  # finished deals, and the one on: a bytearray each
        self.deal_start = 0
        self._begin()
        m = self.moves
        i = 0
        n = len(m)
        while i < n:
            head = m[i]
            if head == _NEXT:
                i += 1
                self._deal_over(i)  # the deal after it starts here, not at the end of the moves
                continue
            kind = (head >> 2) & 7
            if self.over or i + 1 >= n or (kind == HEELS and head & 3 != self.side_of(self.dealer)):
                raise ValueError("board save is damaged (moves)")
            self._move(head & 3, m[i + 1], kind)
            i += 2

    def _begin(self):
        d = bytearray(3 + 3 * self.sides)
        d[0] = self.dealer
        self.deals.append(d)

    def _move(self, side, points, kind):
        d = self.deals[-1]
        if kind == CRIB:
            d[1] += points
        elif kind == HEELS:
            d[2] += points
        else:
            d[3 + 3 * side + (1 if kind == HAND else 2 if kind == MUGGINS else 0)] += points
        front = self.scores[side]
        if points:  # the back peg leaps past the front one
            self.back[side] = front
            front += points
            self.scores[side] = front
        if front >= self.target:
            self.winner = side
            self.over = True

    def _deal_over(self, start):
        self.dealer = (self.dealer + 1) % self.players
        self.deal_no += 1
        self.deal_start = start
        self._begin()


def load(data):
    """The game a save() made, played again to the same point; ValueError if damaged."""
    data = opened(data, _MAGIC, _VERSION, "board", _HEAD + 2)
    players = data[4]
    target = data[5]
    n = (data[7] << 8) | data[8]
    if len(data) != _HEAD + n + 2 or n > _MAX_MOVES:
        raise ValueError("board save is damaged (length)")
    b = Board(players, target, data[6])  # a ValueError for a bad header
    moves = data[_HEAD:_HEAD + n]
    i = 0
    deals = 1
    while i < n:  # each move as the rules allow it: a bad one is a damaged save
        head = moves[i]
        if head == _NEXT:
            i += 1
            deals += 1
            if deals > _MAX_DEALS:
                raise ValueError("board save is damaged (deals)")
            continue
        if not _PEG <= head <= _PEG | MUGGINS << 2 | 3 or head & 3 >= b.sides or i + 1 >= n:
            raise ValueError("board save is damaged (moves)")
        kind = (head >> 2) & 7
        points = moves[i + 1]
        if points > MAX_POINTS or (points == 0 and kind != HAND and kind != CRIB):
            raise ValueError("board save is damaged (moves)")
        i += 2
    b.moves = bytearray(moves)
    b._replay()
    return b
