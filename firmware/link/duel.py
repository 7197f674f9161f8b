# Head-to-head cribbage over the link: each device holds the same game
# (rules.cribbage, dealt from the seed both agreed: link.pack) and plays one seat of
# it. The game's own move bytes (Cribbage.moves, what a save holds) are what goes over
# the wire:
#
#   "M" idx (2 bytes, big end) moves   the moves from g.moves[idx] on, as this device has them
#   "N" why                            a move of ours the other side refused
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
from micropython import const

from rules.cribbage import DISCARD

MOVE = const(0x4D)
REFUSED = const(0x4E)
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

    def poll(self, now):
        """Send what this device played, take in what the other side did: True if
        the game moved by the other's hand."""
        link = self.link
        link.poll(now)
        if link.resets != self.resets:
            # The other device started again: what it held of ours may be lost with it.
            self.resets = link.resets
            self.sent = 0
        self.send()
        m = link.recv()
        while m is not None:
            if m and m[0] == MOVE and len(m) > 3:
                self.pending.append([(m[1] << 8) | m[2], m[3:]])
            elif m and m[0] == REFUSED:
                self.problem = "%s refused this device's move: %s" % (self.name, m[1:].decode())
            m = link.recv()
        moved = self.apply()
        return moved

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
        self.link.send(bytes((REFUSED,)) + why.encode()[:50])
        return False
