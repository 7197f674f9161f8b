# The grid solitaires: cards turned one at a time, each placed on an empty
# square for good, the grid's rows and columns scored at the end.
#
#   g = new("poker", seed, table="american", foster=False)   # or new("squares", seed)
#   g.next                  # the card to place (None once the grid is full)
#   g.legal(square)         # True if g.next may go there; g.squares() lists them
#   g.place(square)         # ValueError (nothing changed) if occupied, not allowed, or over
#   g.cells[square]         # the card there, or EMPTY
#   g.lines()               # [(cards, points)] of the rows then the columns
#   g.score, g.over, g.won, g.target, g.starter
#   data = g.save(); g2 = load(data)
#
# Poker Patience: 25 cards on a 5x5 grid; each of the 5 rows and 5 columns is
# a poker hand, by the American or the English table. With Foster's rule every
# card after the first must touch a card already down (also diagonally) and
# the tableau may grow any way as long as it fits in 5x5: the board is then
# 9x9, the first card goes in the middle, and the finished tableau is the 5x5
# box it fills.
#
# Cribbage Squares: 16 cards on a 4x4 grid, then the starter is turned; the 4
# rows and 4 columns each count as a cribbage hand with that starter (hand
# flush rule), and a jack turned scores two for heels.
#
# As in games.py a game is fixed by its seed, its options and the squares
# chosen, so a save holds just those and load() replays them.
from micropython import const

from rules import poker
from rules.rng import shuffled_pack
from rules.envelope import checksum, opened, seed_at
from rules.score import score as count

EMPTY = const(255)
_JACK = const(10)
_FOSTER_SIDE = const(9)
_FOSTER_MIDDLE = const(40)  # the centre of the 9x9 board

VARIANTS = ("poker", "squares")
TITLES = ("Poker Patience", "Cribbage Squares")
SQUARES_TARGET = const(61)

_MAGIC = b"PCp"
_SAVE_VERSION = const(2)
_GEN1_SAVE = const(1)  # saves made before generator 2 (rules.rng): seeds converted on load
_ENGLISH = const(1)  # option bits in a save
_FOSTER = const(2)


class Grid:
    def __init__(self, variant, seed, table="american", foster=False):
        if variant not in VARIANTS:
            raise ValueError("unknown grid game %r (one of: %s)" % (variant, ", ".join(VARIANTS)))
        if table not in poker.TABLES:
            raise ValueError("unknown table %r (one of: %s)" % (table, ", ".join(poker.TABLES)))
        self.variant = variant
        self.kind = kind = VARIANTS.index(variant)
        if kind == 1 and (foster or table != "american"):
            raise ValueError("Cribbage Squares has no table or placement options")
        self.seed = seed
        self.table = table
        self.foster = bool(foster)
        self.pack = shuffled_pack(seed)
        # The poker table (Cribbage Squares has none: it keeps the unused default).
        self.points = poker.POINTS[poker.TABLES.index(table)]
        if kind == 0:
            self.target = poker.TARGETS[poker.TABLES.index(table)]
            self.size = 5  # the side of the finished grid
            self.cards = 25
        else:
            self.target = SQUARES_TARGET
            self.size = 4
            self.cards = 16
        self.side = _FOSTER_SIDE if self.foster else self.size  # the side of the board
        self.cells = bytearray(b"\xff" * (self.side * self.side))
        self.moves = bytearray()  # the squares chosen, in order: all a save needs
        self.starter = None
        # Foster: the box the tableau fills so far (x0, y0, x1, y1, inclusive).
        self.box = None
        self._score = (-1, 0)  # (turn, total) of the last count

    @property
    def score(self):
        """The points so far: final once over; before, the lines as they stand."""
        turn, total = self._score
        if turn != len(self.moves):
            total = self.total()
            self._score = (len(self.moves), total)
        return total

    @property
    def title(self):
        return TITLES[self.kind]

    @property
    def turn(self):
        """Cards placed so far."""
        return len(self.moves)

    @property
    def over(self):
        return len(self.moves) == self.cards

    @property
    def won(self):
        return self.over and self.score >= self.target

    @property
    def next(self):
        """The card to place now, or None once the grid is full."""
        n = len(self.moves)
        return None if n == self.cards else self.pack[n]

    def __repr__(self):
        return "<Grid %s seed=%d turn=%d score=%d%s>" % (
            self.variant, self.seed, self.turn, self.score, " over" if self.over else "")

    def legal(self, square):
        """True if the next card may go on the square."""
        if self.over or not 0 <= square < len(self.cells) or self.cells[square] != EMPTY:
            return False
        if not self.foster:
            return True
        box = self.box
        if box is None:
            return square == _FOSTER_MIDDLE
        x = square % _FOSTER_SIDE
        y = square // _FOSTER_SIDE
        if max(box[2], x) - min(box[0], x) >= 5 or max(box[3], y) - min(box[1], y) >= 5:
            return False
        return self.touches(x, y)

    def touches(self, x, y):
        """True if a card lies on one of the eight squares around (x, y)."""
        side = _FOSTER_SIDE
        cells = self.cells
        for ny in range(y - 1, y + 2):
            if 0 <= ny < side:
                for nx in range(x - 1, x + 2):
                    if 0 <= nx < side and cells[ny * side + nx] != EMPTY:
                        return True
        return False

    def squares(self):
        """Every square the next card may go on, in board order."""
        return [s for s in range(len(self.cells)) if self.legal(s)]

    def place(self, square):
        """Put the next card on the square; the game ends when the last card is down."""
        if self.over:
            raise ValueError("the game is over: every card is placed")
        if not isinstance(square, int) or not 0 <= square < len(self.cells):
            raise ValueError("no such square: %r" % (square,))
        if self.cells[square] != EMPTY:
            raise ValueError("square %d is taken" % square)
        if not self.legal(square):
            raise ValueError("square %d does not touch the tableau inside 5x5" % square)
        self.cells[square] = self.pack[len(self.moves)]
        self.moves.append(square)
        if self.foster:
            x = square % _FOSTER_SIDE
            y = square // _FOSTER_SIDE
            b = self.box
            self.box = (x, y, x, y) if b is None else (
                min(b[0], x), min(b[1], y), max(b[2], x), max(b[3], y))
        if self.over and self.kind == 1:
            self.starter = self.pack[16]

    def frame(self):
        """(x0, y0) of the square that is the finished grid's top left."""
        if not self.foster:
            return 0, 0
        b = self.box
        if b is None:
            return 2, 2
        # While the tableau is narrower than 5, the frame shown hugs its top left.
        return min(b[0], _FOSTER_SIDE - 5), min(b[1], _FOSTER_SIDE - 5)

    def line_squares(self):
        """The squares of each line of the (finished) grid: the rows, then the columns."""
        x0, y0 = self.frame()
        side = self.side
        n = self.size
        out = []
        for y in range(n):
            out.append(tuple((y0 + y) * side + x0 + x for x in range(n)))
        for x in range(n):
            out.append(tuple((y0 + y) * side + x0 + x for y in range(n)))
        return out

    def lines(self):
        """(cards, points) for each line, rows then columns: the cards placed so far in it,
        and its points (a partial poker line scores the pairs it holds; a cribbage line
        scores only once full: with the starter at the end, without it before)."""
        out = []
        cells = self.cells
        for squares in self.line_squares():
            cards = tuple(cells[s] for s in squares if cells[s] != EMPTY)
            out.append((cards, self.line_points(cards)))
        return out

    def line_points(self, cards):
        n = len(cards)
        if self.kind == 0:
            if n == 5:
                return self.points[poker.category(cards)]
            return self.points[poker.partial(cards, n)]
        if n < 4:
            return 0
        return count(cards, self.starter, False)

    def heels(self):
        """Two for heels if the starter turned is a jack (Cribbage Squares)."""
        s = self.starter
        return 2 if s is not None and s >> 2 == _JACK else 0

    def total(self):
        t = self.heels()
        for cards, points in self.lines():
            t += points
        return t

    def save(self):
        """The game as a few bytes: magic, version, game, options, seed, squares, checksum."""
        s = self.seed
        opts = (_ENGLISH if self.table == "english" else 0) | (_FOSTER if self.foster else 0)
        body = _MAGIC + bytes((_SAVE_VERSION, self.kind, opts, s >> 24 & 255, s >> 16 & 255,
                               s >> 8 & 255, s & 255, len(self.moves))) + bytes(self.moves)
        c = checksum(body)
        return body + bytes((c >> 8, c & 255))


def new(variant, seed, table="american", foster=False):
    """A new grid game dealt from the seed's pack."""
    return Grid(variant, seed, table, foster)


def load(data):
    """The game a save() made, replayed to the same point; ValueError if not a grid save."""
    data = opened(data, _MAGIC, _SAVE_VERSION, "grid", 13, _GEN1_SAVE)
    kind = data[4]
    opts = data[5]
    n = data[10]
    if kind >= len(VARIANTS) or opts > 3 or (kind == 1 and opts) or len(data) != 13 + n:
        raise ValueError("grid save is damaged (length or options)")
    seed = seed_at(data, 6, _GEN1_SAVE)
    g = Grid(VARIANTS[kind], seed, poker.TABLES[opts & _ENGLISH], bool(opts & _FOSTER))
    if n > g.cards:
        raise ValueError("grid save is damaged (moves)")
    for square in data[11:11 + n]:
        if not g.legal(square):
            raise ValueError("grid save is damaged (moves)")
        g.place(square)
    return g
