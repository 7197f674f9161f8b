# Head-to-head cribbage over the link: each device holds the same game
# (rules.cribbage, dealt from the seed both agreed: link.pack) and plays one seat of
# it. The game's own move bytes (Cribbage.moves, what a save holds) are what goes over
# the wire:
#
#   "M" idx (2 bytes, big end) moves   the moves from g.moves[idx] on, as this device has them
#   "N" why                            a move of ours the other side refused
#   "E" n (2 bytes, big end) sure      this device holds the finished game, its n moves, saved;
#                                      sure (1): and knows for good the other holds it too
#
# A device sends every move its game makes beyond what the other side has, its own and
# the counts of the show (each device counts the show at its own pace: a count is the
# same on both, so a count from the other side is only compared, never applied); after
# a reset on either side, every move again from the first. A move
# of the other's seat is applied through the engine's checks (its turn, its cards, the
# count under 31): one that fails is refused with a message and never applied. A move
# the game already holds must be the same byte (a repeat after a reset is harmless); a
# count not yet reached here waits, and so does all behind it, until this device's
# player has counted that far.
#
# The end (issue 37): a device that has recorded the game keeps it saved until the other
# says "E", so that a last move the other never got is sent again, after a power cycle
# too. "E" goes out once the game is over and saved here (after the save that holds its
# last move: a device that said it cannot lose the move on a power cut), once a session;
# and again, sure, once this device has kept the other's "E" for good (in its save, or by
# letting the save go). A device that has let its game go still serves the cable until
# the other's sure "E": until then the other may yet have lost our word to a power cut,
# and is answered again after its reset.
from micropython import const

from link.frame import text
from link.jack import said_end, served
from rules.cribbage import DISCARD

MOVE = const(0x4D)
REFUSED = const(0x4E)
_WHY = const(50)  # bytes of a refusal's reason, at most
_GO = const(52)
_COUNT = const(53)
_LAY = const(128)
_CHUNK = const(56)  # moves a message carries at most (frame.MAX less the head)


class Duel:
    def __init__(self, link, g, seat, name, sent=None):
        """link: a link.frame.Link; g: the game; seat: this device's; name: the other's;
        sent: the moves the other side holds (None: all; 0 for a game resumed after a
        reset, which cannot know: every move is sent again, and compared there)."""
        self.link = link
        self.g = g
        self.seat = seat
        self.name = name
        self.sent = len(g.moves) if sent is None else sent  # the moves the other side has, or has been sent
        self.resets = link.resets
        self.pending = []  # [idx, moves] from the other side, not yet taken in
        self.problem = None  # one line: a move refused, here or there
        self.mover = None  # mover(seat, card or None) plays the other's card or go, if given
        self.ended = None  # type: int | None  # the finished game's moves the other said it holds ("E")
        self.said = 0  # this device's "E" sent in this session: 1 unsure, 2 sure
        self.sure = False  # the other device said "E", sure: it lets go of the game knowing we hold it
        self.left = False  # the other device began a new game: it left this one

    def poll(self, now):
        """Send what this device played, take in what the other side did: True if
        the game moved by the other's hand."""
        for m in served(self, now):
            if m[0] == MOVE and len(m) > 3:
                self.pending.append([(m[1] << 8) | m[2], m[3:]])
            elif m[0] == REFUSED:
                self.problem = "%s refused this device's move: %s" % (self.name, text(m[1:], _WHY))
        return self.apply()

    def end(self, sure):
        """Once the finished game is saved here: "E" to the other device; sure: this device
        knows for good that the other holds it (kept in the save, or the save let go)."""
        if self.g.over:
            said_end(self, len(self.g.moves), sure)

    def held(self):
        """True once the other device has said it holds this finished game, every move (or
        has left it for a new one: nothing more to wait for)."""
        return self.g.over and (self.ended == len(self.g.moves) or self.left)

    def send(self):
        """The moves made here since the last send, in messages of at most _CHUNK."""
        moves = self.g.moves
        while self.sent < len(moves):
            i = self.sent
            j = min(len(moves), i + _CHUNK)
            self.link.send(bytes((MOVE, i >> 8, i & 255)) + bytes(moves[i:j]))
            self.sent = j

    def apply(self):
        g = self.g
        moved = False
        other = 1 - self.seat
        while self.pending and self.problem is None:
            p = self.pending[0]
            at = p[0]
            body = p[1]
            i = 0
            while i < len(body):
                b = body[i]
                n = len(g.moves)
                if at + i < n:
                    if g.moves[at + i] != b:
                        return self.refuse("the two games differ at move %d" % (at + i))
                    i += 1
                    continue
                if at + i > n:
                    # Sent before this device was reset and ahead of it: what it holds
                    # comes again, as the other side sends all its moves after a reset.
                    i = len(body)
                    break
                if b == _COUNT:
                    break  # counted here when this device's player gets there
                try:
                    if b >= _LAY:
                        if g.phase != DISCARD or g.turn != other:
                            raise ValueError("it is not %s's turn to lay away" % self.name)
                        if i + 1 >= len(body) or body[i + 1] < _LAY:
                            raise ValueError("two cards go to the crib")
                        g.discard(other, b - _LAY, body[i + 1] - _LAY)
                        i += 2
                    elif b <= _GO:
                        self.move(other, None if b == _GO else b)
                        i += 1
                    else:
                        raise ValueError("no such move")
                except ValueError as e:
                    return self.refuse(str(e))
                self.sent = len(g.moves)
                moved = True
            if i < len(body):
                p[0] = at + i
                p[1] = body[i:]
                return moved
            self.pending.pop(0)
        return moved

    def move(self, seat, card):
        if self.mover is not None:
            self.mover(seat, card)  # the screens' own way, which says and saves it
        elif card is None:
            self.g.go(seat)
        else:
            self.g.play(card, seat)

    def refuse(self, why):
        self.problem = "refused %s's move: %s" % (self.name, why)
        self.link.send(bytes((REFUSED,)) + why.encode()[:_WHY])
        return False
