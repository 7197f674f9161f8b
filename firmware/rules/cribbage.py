# Cribbage itself: two, three or four at the table, the play to 31, the show,
# first to 121 (or 61). The rules as played are in docs/cribbage.md.
#
# API (seats are 0..players-1 clockwise; the player on the dealer's left is
# the pone, who leads and is counted first):
#
#   g = Cribbage(seed, players=2, target=121, double_skunk=True, muggins=False,
#                dealer=None)       # dealer None: cut for the first deal
#   g.phase        DISCARD, PLAY, SHOW or OVER (module constants, strings)
#   g.turn         the seat to act: DISCARD the first seat from the pone on
#                  that still lays away; PLAY the seat to lay a card or say
#                  go; SHOW the seat whose hand (or crib) is counted next
#   g.dealer, g.pone, g.deal_no (1 for the first deal), g.cut (the cut for
#                  the first deal: a bytes per round, each seat's card or
#                  NOT_CUT for a seat out of that round; () if dealer given)
#   g.hands[seat]  cards held (tuple): the dealt cards while laying away,
#                  then the cards not yet laid in the play
#   g.kept[seat]   the four cards kept for the show; g.crib, g.starter
#   g.to_discard(seat)        cards that seat still has to lay away
#   g.discard(seat, a, b=None)  two players lay two cards away, three or
#                  four lay one (three: the crib also gets one from the pack)
#   g.count, g.seq (cards laid since the count started), g.passed (bit
#                  mask of seats that said go in this count), g.played[seat],
#                  g.gos [(seat, count)] every go of the deal, g.last (the
#                  seat that laid the last card)
#   g.playable(seat=None)     the cards the seat could lay now
#   g.play(card, seat=None), g.go(seat=None)   (seat: to catch a move out
#                  of turn; None means the seat whose turn it is)
#   g.show_step()  (seat, "hand" or "crib", cards) to be counted next
#   g.count_hand(claimed=None, ask=False)  counts it (claimed: what the
#                  player said; with muggins less than the true count scores
#                  the claim and the rest goes to the next seat; with ask,
#                  the next seat chooses whether to call muggins for it:
#                  g.missed holds the points and g.turn is that seat until
#                  g.call_muggins(take) says yes or no)
#   g.sides (2, 3, or 2 for partners), g.side_of(seat), g.scores[side],
#                  g.back[side] (where the back peg is: the score before)
#   g.log          [(seat, label, points, cards)] every score of the game in
#                  order; labels: heels, fifteen, thirty-one, pair, pair royal,
#                  double pair royal, run, go, last card, hand, crib, muggins.
#                  Entries of the deals before the last finished one hold ()
#                  for their cards.
#                  g.deal_start: where the current deal's entries begin
#   g.records      a Deal per finished (or game-ending) deal: dealer, play,
#                  hand (points per seat), crib_points, heels, muggins (per
#                  seat); the last one also its cards (dealt, kept, crib,
#                  starter): an older deal's are let go, as nothing reads them
#   g.over, g.winner (side), g.skunk(side) 0/1/2, g.game_points()
#   data = g.save(); g2 = load(data)   compact bytes, replayed on load
#
# Every illegal move raises ValueError with a message for the player and
# changes nothing. A game is fixed by its seed, its options and the moves
# made, so a save holds just those: load() replays them through the same
# checks, and a resumed game is the same game to the card.
from micropython import const

from rules.cards import PIPS, named
from rules.pegging import items as peg_items
from rules.rng import Rng, shuffle
from rules.envelope import checksum, opened, seed_at
from rules.score import score

DISCARD = "discard"
PLAY = "play"
SHOW = "show"
OVER = "over"

_JACK = const(10)
_GO = const(52)
_COUNT = const(53)
_CLAIM = const(54)  # 54 + claimed points: a count that said less, the rest to the next seat (muggins)
_ASK = const(84)  # 84 + claimed points: a count that said less, the next seat to call muggins or not
_CALL = const(114)  # the next seat calls muggins and takes what the count missed
_LET = const(115)  # the next seat lets the missed points go
_LAY = const(128)  # 128 + card: laid away to the crib
_NO_DEALER = const(255)
NOT_CUT = const(255)  # in g.cut: the seat was out of that round

_MAGIC = b"PCc"
_SAVE_VERSION = const(3)
_OLD_CUT_SAVE = const(2)  # saves made before the cut was fixed: the old cut replayed
_GEN1_SAVE = const(1)  # saves made before generator 2 (rules.rng): seeds converted, the old cut
_HEAD = const(12)  # magic, version, flags, first dealer, seed (4), moves (2)

# Points a side must reach not to be skunked, and double skunked, per target.
_SKUNK = {121: (91, 61), 61: (31, 0)}

PLAY_LABELS = ("fifteen", "thirty-one", "pair", "pair royal", "double pair royal", "run",
               "go", "last card")


def skunk_line(target):
    """The points a losing side must reach not to be skunked, for a target of 121 or 61."""
    return _SKUNK[target][0]


class Deal:
    """What happened in one deal, for statistics and the host."""

    def __init__(self, dealer, players):
        self.dealer = dealer
        self.dealt = [()] * players  # the cards each seat was dealt
        self.kept = [()] * players
        self.crib = ()  # type: tuple
        self.starter = None  # type: int | None
        self.play = [0] * players  # points each seat pegged in the play
        self.hand = [0] * players  # points of each seat's hand in the show
        self.crib_points = 0  # the dealer's crib
        self.heels = 0
        self.muggins = [0] * players  # points taken from others' missed counts

    def let_cards_go(self):
        """Keep only the points: the game's record and statistics need no more, and
        a long game's cards would hold about 200 bytes a deal at the table."""
        self.dealt = self.kept = ()
        self.crib = ()
        self.starter = None

    def points(self, seat):
        """All that seat scored in the deal."""
        total = self.play[seat] + self.hand[seat] + self.muggins[seat]
        if seat == self.dealer:
            total += self.crib_points + self.heels
        return total


class Cribbage:
    def __init__(self, seed, players=2, target=121, double_skunk=True, muggins=False, dealer=None,
                 version=_SAVE_VERSION):
        """version: the save version whose rules the game keeps to; load() passes 2 for
        a game saved before the cut was fixed, to replay the old cut."""
        if players not in (2, 3, 4):
            raise ValueError("cribbage is for two, three or four players")
        if target not in _SKUNK:
            raise ValueError("a game is to 121 or to 61 points")
        if dealer is not None and not 0 <= dealer < players:
            raise ValueError("no seat %r to deal" % (dealer,))
        self.seed = seed
        self.players = players
        self.target = target
        self.double_skunk = double_skunk
        self.muggins = muggins
        self.first_dealer = dealer
        self.version = version
        self.sides = 2 if players == 4 else players
        self.scores = [0] * self.sides
        self.back = [0] * self.sides
        self.log = []
        self._bare = 0  # the log's entries before this hold no cards (see _deal)
        self.records = []
        self.moves = bytearray()
        self.over = False
        self.winner = None
        self.missed = 0  # points a short count left, while the next seat chooses (ask)
        self.deal_no = 0
        self.rng = Rng(seed)
        self.pack = bytearray(range(52))
        self.cut = ()
        if dealer is None:
            dealer = self._cut_for_deal()
        self.dealer = dealer
        self._deal()

    # What a player may ask.

    @property
    def pone(self):
        return (self.dealer + 1) % self.players

    def side_of(self, seat):
        """Partners (four players) are seats 0 and 2 against 1 and 3."""
        return seat % 2 if self.players == 4 else seat

    def to_discard(self, seat):
        if self.phase != DISCARD:
            return 0
        return len(self.hands[seat]) - 4

    def playable(self, seat=None):
        """The cards the seat could lay now without passing 31."""
        if self.phase != PLAY:
            return ()
        s = self.turn if seat is None else seat
        if s is None:
            return ()
        room = 31 - self.count
        return tuple(c for c in self.hands[s] if PIPS[c >> 2] <= room)

    def show_step(self):
        """(seat, label, cards) of the count to come: each hand from the pone round, then the crib."""
        if self.phase != SHOW:
            raise ValueError("the show has not begun")
        if self._shown < self.players:
            s = (self.dealer + 1 + self._shown) % self.players
            return s, "hand", self.kept[s]
        return self.dealer, "crib", self.crib

    def skunk(self, side):
        """0, or 1 if the side lost short of the skunk line, 2 short of the double skunk line."""
        if not self.over or side == self.winner:
            return 0
        line, double = _SKUNK[self.target]
        s = self.scores[side]
        if self.double_skunk and s < double:
            return 2
        return 1 if s < line else 0

    def game_points(self):
        """What the game is worth to the winner: 1, 2 for a skunk, 3 for a double skunk."""
        if not self.over:
            return 0
        worst = 0
        for side in range(self.sides):
            worst = max(worst, self.skunk(side))
        return 1 + worst

    def deal_log(self):
        """The log entries of the current deal."""
        return self.log[self.deal_start:]

    # The moves.

    def discard(self, seat, a, b=None):
        """Lay a card (three or four players) or two (two players) away to the crib."""
        self._check_phase(DISCARD, "to lay cards away")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError("no seat %r at this table" % (seat,))
        need = self.to_discard(seat)
        if need == 0:
            raise ValueError("that hand has already laid away to the crib")
        cards = (a,) if b is None else (a, b)
        if len(cards) != need:
            raise ValueError("lay %s away to the crib" % ("one card" if need == 1 else "two cards"))
        if b is not None and a == b:
            raise ValueError("choose two different cards for the crib")
        hand = self.hands[seat]
        for c in cards:
            if c not in hand:
                raise ValueError("%s is not in that hand" % (named(c),))
        for c in cards:
            self._lay_away(seat, c)

    def play(self, card, seat=None):
        """The seat whose turn it is lays the card in the play."""
        self._check_phase(PLAY, "to play a card")
        s = self._check_turn(seat)
        if card not in self.hands[s]:
            raise ValueError("%s is not in your hand" % (named(card),))
        if self.count + PIPS[card >> 2] > 31:
            raise ValueError("%s would take the count past 31 (it is %d)" % (named(card), self.count))
        self.moves.append(card)
        self._lay(s, card)

    def go(self, seat=None):
        """The seat whose turn it is cannot lay a card without passing 31: go."""
        self._check_phase(PLAY, "to say go")
        s = self._check_turn(seat)
        if self.playable():
            raise ValueError("you can still play: %s" % (" ".join(named(c) for c in self.playable()),))
        self.moves.append(_GO)
        self.gos.append((s, self.count))
        self.passed |= 1 << s
        self._carry_on((s + 1) % self.players)

    def count_hand(self, claimed=None, ask=False):
        """Count the hand (or crib) show_step() names; returns the true count.

        claimed: what the player said. With muggins, a claim under the true
        count scores only the claim and the next seat takes the rest, or with
        ask chooses to (call_muggins); an over claim is put right at no cost.
        Without muggins the true count scores.
        """
        self._check_phase(SHOW, "to count")
        if self.missed:
            raise ValueError("seat %d is to call muggins or not first" % self.turn)
        seat, label, cards = self.show_step()
        points = score(cards, self.starter, label == "crib")
        if claimed is not None and (not isinstance(claimed, int) or claimed < 0):
            raise ValueError("a count is a number of points")
        if self.muggins and claimed is not None and claimed < points:
            self.moves.append((_ASK if ask else _CLAIM) + claimed)
            self._count(seat, label, cards, points, claimed, ask)
        else:
            self.moves.append(_COUNT)
            self._count(seat, label, cards, points, points)
        return points

    def call_muggins(self, take):
        """The seat after a short count (count_hand with ask) takes the points
        it missed (take True) or lets them go."""
        self._check_phase(SHOW, "to call muggins")
        if not self.missed:
            raise ValueError("no count was short: there is no muggins to call")
        missed = self.missed
        self.missed = 0
        self.moves.append(_CALL if take else _LET)
        if take and self._score(self.turn, "muggins", missed, self.show_step()[2]):
            return
        self._counted()

    # Saving.

    def save(self):
        """The game as bytes: magic, version, options, seed, the moves made, checksum."""
        flags = (self.players - 2) | (4 if self.target == 61 else 0) \
            | (8 if self.double_skunk else 0) | (16 if self.muggins else 0)
        s = self.seed
        n = len(self.moves)
        first = _NO_DEALER if self.first_dealer is None else self.first_dealer
        body = _MAGIC + bytes((self.version, flags, first, s >> 24 & 255, s >> 16 & 255,
                               s >> 8 & 255, s & 255, n >> 8, n & 255)) + bytes(self.moves)
        c = checksum(body)
        return body + bytes((c >> 8, c & 255))

    def __repr__(self):
        return "<Cribbage seed=%d players=%d deal=%d %s scores=%r>" % (
            self.seed, self.players, self.deal_no, self.phase, self.scores)

    # The deal.

    def _cut_for_deal(self):
        """The first dealer: each seat cuts a card and low card deals; only the seats
        tied for low cut again, from the cards not yet cut, until one is lowest.
        Keeps the rounds in self.cut for the screen."""
        n = self.players
        pack = self.pack
        old = self.version < _SAVE_VERSION
        rounds = []
        cut = []  # every card cut so far (MicroPython has no int in bytearray)
        last = bytearray(n)  # each seat's latest card (the old cut's dealer is the low one)
        cutting = bytes(range(n))
        while len(cutting) > 1:
            # Each round shuffles the whole pack, as the cut always did, so a seed deals the
            # same cards after a cut of as many rounds; skipping the cards already cut
            # draws from the rest.
            shuffle(pack, self.rng)
            row = bytearray((NOT_CUT,) * n)
            i = 0
            for s in cutting:
                while not old and pack[i] in cut:
                    i += 1
                row[s] = last[s] = pack[i]
                cut.append(pack[i])
                i += 1
            rounds.append(bytes(row))
            low = min(row[s] >> 2 for s in cutting)
            cutting = bytes(s for s in cutting if row[s] >> 2 == low)
        self.cut = tuple(rounds)
        if old:
            # Before the fix a recut drew from the whole pack and the low card over every
            # seat's latest cut dealt, knocked-out seats too: old saves replay it.
            low = min(c >> 2 for c in last)
            return [c >> 2 for c in last].index(low)
        return cutting[0]

    def unseen(self, seat):
        """The cards the seat cannot see: not dealt to it, not the starter, not laid by others."""
        seen = bytearray(52)
        for c in self.record.dealt[seat]:
            seen[c] = 1
        if self.starter is not None:
            seen[self.starter] = 1
        for s in range(self.players):
            for c in self.played[s]:
                seen[c] = 1
        return bytes(c for c in range(52) if not seen[c])

    def _deal(self):
        n = self.players
        if len(self.records) > 1:
            # The deals before the last one keep their points, not their cards: a long
            # game's would hold some hundreds of bytes a deal at the table.
            self.records[-2].let_cards_go()
            log = self.log
            for i in range(self._bare, self.deal_start):
                e = log[i]
                if e[3]:
                    log[i] = (e[0], e[1], e[2], ())
            self._bare = self.deal_start
        self.deal_no += 1
        self.deal_start = len(self.log)
        self.record = Deal(self.dealer, n)
        shuffle(self.pack, self.rng)
        each = 6 if n == 2 else 5
        hands = [[] for _ in range(n)]
        pos = 0
        for _ in range(each):
            for k in range(n):
                hands[(self.dealer + 1 + k) % n].append(self.pack[pos])
                pos += 1
        self.hands = [tuple(h) for h in hands]
        self.record.dealt = list(self.hands)
        self.kept = [()] * n
        self.crib = ()
        if n == 3:
            # Three players: the crib's fourth card comes from the top of the pack.
            self.crib = (self.pack[pos],)
            pos += 1
        # The pone's cut turns up the next card (a cut of a shuffled pack is as random).
        self._starter_card = self.pack[pos]
        self.starter = None
        self.count = 0
        self.seq = []
        self.passed = 0
        self.last = None
        self.gos = []  # (seat, count) for every go said in this deal
        self.played = [[] for _ in range(n)]
        # Every card laid in this deal, in order: card | seat << 6 | cards already in
        # the count << 8 | seats that had said go << 12 (what the table saw).
        self.trail = []
        self._shown = 0
        self.phase = DISCARD
        self.turn = self._first_to_discard()

    def _first_to_discard(self):
        for k in range(self.players):
            s = (self.dealer + 1 + k) % self.players
            if len(self.hands[s]) > 4:
                return s
        return None

    def _lay_away(self, seat, card):
        self.moves.append(_LAY + card)
        self.hands[seat] = tuple(c for c in self.hands[seat] if c != card)
        self.crib = self.crib + (card,)
        if len(self.hands[seat]) == 4:
            self.kept[seat] = self.hands[seat]
        nxt = self._first_to_discard()
        if nxt is not None:
            self.turn = nxt
            return
        # Every hand is down to four: the starter is turned and the play begins.
        rec = self.record
        rec.kept = list(self.kept)
        rec.crib = self.crib
        self.starter = rec.starter = self._starter_card
        self.phase = PLAY
        self.turn = self.pone
        if self.starter >> 2 == _JACK:
            self._score(self.dealer, "heels", 2, (self.starter,))

    # The play.

    def _lay(self, s, card):
        self.trail.append(card | s << 6 | len(self.seq) << 8 | self.passed << 12)
        self.hands[s] = tuple(c for c in self.hands[s] if c != card)
        self.played[s].append(card)
        self.seq.append(card)
        self.count += PIPS[card >> 2]
        self.last = s
        for label, points, cards in peg_items(self.seq):
            if self._score(s, label, points, cards):
                return
        if self.count == 31:
            # Thirty-one ends the count; no point for the go or the last card.
            self._new_count(s)
            return
        self._carry_on((s + 1) % self.players)

    def _carry_on(self, start):
        """The next seat from start on that still holds cards and has not said go plays.

        If only the one who laid the last card is left, he plays on while he
        can; then he scores one for the go (or for the last card).
        """
        n = self.players
        x = self.last
        for k in range(n):
            s = (start + k) % n
            if self.hands[s] and not self.passed & (1 << s):
                if s != x or self.playable(x):
                    self.turn = s
                    return
                break
        if not any(self.hands):
            self._score(x, "last card", 1, ())
            if not self.over:
                self._begin_show()
            return
        if self._score(x, "go", 1, ()):
            return
        self._new_count(x)

    def _new_count(self, last):
        """The count starts again with the first seat after `last` that holds cards."""
        self.count = 0
        self.seq = []
        self.passed = 0
        n = self.players
        for k in range(1, n + 1):
            s = (last + k) % n
            if self.hands[s]:
                self.turn = s
                return
        self._begin_show()

    # The show.

    def _begin_show(self):
        self.phase = SHOW
        self._shown = 0
        self.turn = self.pone

    def _count(self, seat, label, cards, points, claimed, ask=False):
        if self._score(seat, label, claimed, cards):
            return
        missed = points - claimed
        if missed and ask:
            # The next seat chooses: the count stays where it is until call_muggins().
            self.missed = missed
            self.turn = (seat + 1) % self.players
            return
        if missed:
            if self._score((seat + 1) % self.players, "muggins", missed, cards):
                return
        self._counted()

    def _counted(self):
        """The count show_step() named is done: the next one, or the next deal."""
        self._shown += 1
        if self._shown <= self.players:
            self.turn = self.show_step()[0]
            return
        # The crib is counted: the deal is over and the next dealer deals.
        self.records.append(self.record)
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    # Scoring.

    def _score(self, seat, label, points, cards):
        """Peg points for a seat; True once that wins the game (then nothing more happens)."""
        if not points and label != "hand" and label != "crib":
            return False
        side = self.side_of(seat)
        rec = self.record
        if label == "hand":
            rec.hand[seat] += points
        elif label == "crib":
            rec.crib_points += points
        elif label == "heels":
            rec.heels += points
        elif label == "muggins":
            rec.muggins[seat] += points
        else:
            rec.play[seat] += points
        self.log.append((seat, label, points, cards))
        if points:
            self.back[side] = self.scores[side]
            self.scores[side] += points
        if self.scores[side] >= self.target:
            self.over = True
            self.winner = side
            self.phase = OVER
            self.turn = None
            self.records.append(rec)
            return True
        return False

    def _check_phase(self, phase, what):
        if self.phase == phase:
            return
        if self.phase == OVER:
            raise ValueError("the game is over")
        raise ValueError("it is not the time %s: %s" % (what, _DOING[self.phase]))

    def _check_turn(self, seat):
        """The seat to move (seat, if given, must be it)."""
        turn = self.turn
        if turn is None:
            raise ValueError("the game is over")
        if seat is not None and seat != turn:
            raise ValueError("it is not your turn: seat %d is to play" % (turn,))
        return turn


_DOING = {DISCARD: "cards are being laid away to the crib", PLAY: "the play is on",
          SHOW: "the hands are being counted"}


def load(data):
    """The game a save() made, replayed to the same point; ValueError if damaged or not one."""
    data = opened(data, _MAGIC, _SAVE_VERSION, "cribbage", _HEAD + 2, _GEN1_SAVE)
    flags = data[4]
    first = data[5]
    n = (data[10] << 8) | data[11]
    players = (flags & 3) + 2
    if flags >> 5 or players > 4 or len(data) != _HEAD + n + 2 \
            or (first != _NO_DEALER and first >= players):
        raise ValueError("cribbage save is damaged (header)")
    seed = seed_at(data, 6, _GEN1_SAVE)
    # Versions 1 and 2 came before the cut was fixed: both replay the old cut, saved again as 2.
    g = Cribbage(seed, players, 61 if flags & 4 else 121, bool(flags & 8), bool(flags & 16),
                 None if first == _NO_DEALER else first, max(data[3], _OLD_CUT_SAVE))
    try:
        for m in data[_HEAD:_HEAD + n]:
            _replay(g, m)
            if g.moves[-1] != m:  # (a claim that was no short count, say)
                raise ValueError("bad move")
    except ValueError:
        raise ValueError("cribbage save is damaged (moves)")
    if g.phase == DISCARD and g.players == 2 and 1 in (g.to_discard(0), g.to_discard(1)):
        # discard() lays two cards at once: a save never stops between them.
        raise ValueError("cribbage save is damaged (moves)")
    return g


def _replay(g, m):
    if m >= _LAY:
        card = m - _LAY
        for seat in range(g.players):
            if card in g.hands[seat]:
                if g.phase != DISCARD or not g.to_discard(seat):
                    break
                g._lay_away(seat, card)
                return
        raise ValueError("bad discard")
    if m < _GO:
        g.play(m)
    elif m == _GO:
        g.go()
    elif m == _COUNT:
        g.count_hand()
    elif m - _CLAIM <= 29 and g.muggins:
        g.count_hand(m - _CLAIM)
    elif m - _ASK <= 29 and g.muggins:
        g.count_hand(m - _ASK, True)
    elif m == _CALL or m == _LET:
        g.call_muggins(m == _CALL)
    else:
        raise ValueError("bad move")
