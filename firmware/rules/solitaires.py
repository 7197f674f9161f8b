# The three cribbage solitaires behind one small API:
#
#   g = new("solitaire", seed)   # or "patience", "patience2"
#   g.pending                    # six cards awaiting a discard, or None
#   g.discard(a, b)              # two of them to the crib; the game runs on
#   g.log, g.score, g.over, g.won, g.round, g.target
#   data = g.save(); g2 = load(data)
#
# A game is fixed by its variant, its seed and the discards made so far, so a
# save holds just those and load() replays them: saves stay tiny (at most 20
# bytes) and a resumed game is the same game to the card.
from micropython import const

from rules.cards import named
from rules.rng import shuffled_pack
from rules.envelope import checksum, opened, seed_at
from rules.score import score as count
from rules.solitaire_games import TITLES, VARIANTS

_JACK = const(10)


# Per variant: deals in a game, the target, whether the crib counts by the
# crib flush rule, and cards taken from the pack per deal.
_DEALS = b"\x06\x05\x04"
_TARGETS = b"\x5b\x50\x50"  # 91, 80, 80
_CRIB_RULE = (True, False, False)

# Discard codes 0..14 name the two positions (in .pending) sent to the crib.
_PAIRS = tuple((i, j) for i in range(6) for j in range(i + 1, 6))

_MAGIC = b"PCg"
# Version 2 saves hold a seed for generator 2 (rules.rng.GEN). Version 1 saves
# hold a generator-1 seed: load() converts it, so they resume the same cards.
_SAVE_VERSION = const(2)
_GEN1_SAVE = const(1)


class Game:
    def __init__(self, variant, seed):
        if variant not in VARIANTS:
            raise ValueError("unknown variant %r (one of: %s)" % (variant, ", ".join(VARIANTS)))
        self.variant = variant
        self.seed = seed
        self.kind = VARIANTS.index(variant)
        self.pack = shuffled_pack(seed)
        self.target = _TARGETS[self.kind]
        self.deals = _DEALS[self.kind]
        self.crib_rule = _CRIB_RULE[self.kind]
        self.log = []
        self.score = 0
        self.round = 0
        self.over = False
        self.pending = None
        self.hand = ()
        self.hand2 = ()
        self.crib = ()
        self.starter = None
        self.moves = bytearray()  # discard codes, in order: all a save needs
        self._ends = bytearray()  # len(log) at the end of each deal
        self._pos = 0  # next card of the pack
        self._deal()

    @property
    def won(self):
        """True once the score reaches the target (scores never go down)."""
        return self.score >= self.target

    @property
    def title(self):
        return TITLES[self.kind]

    def __repr__(self):
        return "<Game %s seed=%d round=%d score=%d%s>" % (
            self.variant, self.seed, self.round, self.score, " over" if self.over else "")

    def discard(self, a, b):
        """Lay cards a and b from .pending away to the crib, then play on."""
        hand = self.pending
        if hand is None:
            raise ValueError("the game is over: no more discards")
        if a == b:
            raise ValueError("choose two different cards for the crib")
        if a not in hand or b not in hand:
            bad = a if a not in hand else b
            raise ValueError("%s is not one of the cards dealt" % (named(bad),))
        i = hand.index(a)
        j = hand.index(b)
        if i > j:
            i, j = j, i
        self.moves.append(_PAIRS.index((i, j)))
        kept = tuple(c for c in hand if c != a and c != b)
        # Kept in the order dealt, so a replayed save logs the very same tuples.
        self.crib = self.crib + (hand[i], hand[j])
        if self.kind == 2 and len(self.crib) == 2:
            # Patience II: the first hand waits while the second six come out.
            self.hand = kept
            self.pending = self._take(6)
            return
        if self.kind == 2:
            self.hand2 = kept
        else:
            self.hand = kept
        self._finish_deal()

    def round_points(self):
        """Points scored in each finished deal (Foster's last hand goes with the sixth)."""
        out = []
        start = 0
        for end in self._ends:
            out.append(sum(item[3] for item in self.log[start:end]))
            start = end
        return out

    def save(self):
        """The game as a few bytes: magic, version, variant, seed, discards, checksum."""
        s = self.seed
        body = _MAGIC + bytes((_SAVE_VERSION, self.kind, s >> 24 & 255, s >> 16 & 255,
                               s >> 8 & 255, s & 255, len(self.moves))) + bytes(self.moves)
        c = checksum(body)
        return body + bytes((c >> 8, c & 255))

    # The dealing and counting, by the rules of each variant.

    def _take(self, n):
        p = self._pos
        self._pos = p + n
        return tuple(self.pack[p:p + n])

    def _deal(self):
        self.round += 1
        self.starter = None
        if self.kind == 0:
            # Foster: three to the hand, two to the crib, three more to the hand.
            first = self._take(3)
            self.crib = self._take(2)
            self.pending = first + self._take(3)
        elif self.kind == 1:
            # Cribbage Patience: six face up, then two face down to the crib.
            self.pending = self._take(6)
            self.crib = self._take(2)
        else:
            # Cribbage Patience II: the crib comes only from the two hands.
            self.pending = self._take(6)
            self.crib = ()

    def _finish_deal(self):
        self.pending = None
        self.starter = starter = self.pack[self._pos]
        if self.kind != 0:
            # In Foster's game the starter stays on the pack, as the first card of
            # the next deal; the patiences take it.
            self._pos += 1
        if starter >> 2 == _JACK:
            self._add("heels", (), starter, 2)
        self._count("hand", self.hand, starter, False)
        if self.kind == 2:
            self._count("hand2", self.hand2, starter, False)
        self._count("crib", self.crib, starter, self.crib_rule)
        if self.round < self.deals:
            self._ends.append(len(self.log))
            self._deal()
            return
        if self.kind == 0:
            # The four cards left, the last starter among them, count without a starter.
            self.hand = last = self._take(4)
            self._count("last", last, None, False)
        self._ends.append(len(self.log))
        self.over = True

    def _count(self, label, cards, starter, crib):
        self._add(label, cards, starter, count(cards, starter, crib))

    def _add(self, label, cards, starter, points):
        self.log.append((label, cards, starter, points))
        self.score += points


def new(variant, seed):
    """A new game of the variant, dealt from the seed's pack."""
    return Game(variant, seed)


def load(data):
    """The game a save() made, replayed to the same point; ValueError if not a game save."""
    data = opened(data, _MAGIC, _SAVE_VERSION, "game", 12, _GEN1_SAVE)
    kind = data[4]
    n = data[9]
    if kind >= len(VARIANTS) or len(data) != 12 + n:
        raise ValueError("game save is damaged (length)")
    seed = seed_at(data, 5, _GEN1_SAVE)
    g = Game(VARIANTS[kind], seed)
    for code in data[10:10 + n]:
        if code >= len(_PAIRS) or g.pending is None:
            raise ValueError("game save is damaged (moves)")
        step(g, code)
    return g


def step(g, code):
    """The discard a move byte (g.moves' code) names, made: ValueError if there is none."""
    if g.pending is None:
        raise ValueError("the game is over: no more discards")
    if code >= len(_PAIRS):
        raise ValueError("no discard %d" % code)
    i, j = _PAIRS[code]
    g.discard(g.pending[i], g.pending[j])
