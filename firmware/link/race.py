# The same deal, raced: two linked devices play one deal of a solitaire or a
# grid game, each at its own pace. The game's own move bytes (rules.solitaires' discard
# codes, rules.grids' squares: one byte a move, what a save holds) go over the wire, and
# each device replays the other's on its own copy of the deal with the same rules, so
# the other's running score is computed here, never taken on trust.
#
#   "M" idx moves   this device's moves from its idx-th on (one byte: no game has 256)
#   "N" why         a move of ours the other side refused
#   "E" n (2 bytes) sure   this device holds the other's finished game, its n moves, saved;
#                          sure (1): and knows for good the other holds its own
#
# A move already held must be the same byte; one past the next waits for those before
# it (after a reset either side sends all its moves again from the first, and the
# receiver keeps what it lacks); the next is applied by take(b), through the rules'
# own checks. One they refuse (ValueError) is answered with "N" and nothing more of
# the other's is applied. A device that has recorded its game keeps it saved until the
# other says "E" for it (issue 37, as link.duel): a last move it lacks is sent again.
from micropython import const

from link.frame import text
from link.jack import said_end, served

MOVE = const(0x4D)
REFUSED = const(0x4E)
_WHY = const(50)  # bytes of a refusal's reason, at most
_CHUNK = const(58)  # moves a message carries at most (link.frame.MAX less the head)


class Race:
    def __init__(self, link, mine, theirs, take, name, sent=None):
        """link: a link.frame.Link; mine: this device's moves (a bytearray its game
        grows); theirs: the other's moves as replayed here; take(b): the other's next
        move b applied (ValueError if the rules refuse it); name: the other's; sent: the
        moves the other side holds (None: all; 0 for a game resumed after a reset)."""
        self.link = link
        self.mine = mine
        self.theirs = theirs
        self.take = take
        self.name = name
        self.sent = len(mine) if sent is None else sent
        self.resets = link.resets
        self.problem = None  # one line: a move refused, here or there
        self.ended = None  # type: int | None  # this device's moves the other said it holds, all ("E")
        self.said = 0  # this device's "E" sent in this session: 1 unsure, 2 sure
        self.sure = False  # the other device said "E", sure: it lets go of the game knowing we hold it
        self.left = False  # the other device began a new game: it left this one

    def poll(self, now):
        """Send what this device played, take in what the other did: True if the
        other's game moved."""
        moved = False
        for m in served(self, now):
            if len(m) > 2 and m[0] == MOVE:
                moved = self.apply(m[1], m[2:]) or moved
            elif m[0] == REFUSED and self.problem is None:
                self.problem = "%s refused this device's move: %s" % (self.name, text(m[1:], _WHY))
        return moved

    def end(self, sure):
        """Once the other's finished game is saved here: "E" to the other device; sure: this
        device knows for good that the other holds its own (link.duel's end)."""
        said_end(self, len(self.theirs), sure)

    def send(self):
        mine = self.mine
        while self.sent < len(mine):
            i = self.sent
            j = min(len(mine), i + _CHUNK)
            self.link.send(bytes((MOVE, i)) + bytes(mine[i:j]))
            self.sent = j

    def apply(self, at, body):
        theirs = self.theirs
        moved = False
        for i in range(len(body)):
            if self.problem is not None:
                break
            n = len(theirs)
            if at + i < n:
                if theirs[at + i] != body[i]:
                    self.refuse("the two games differ at move %d" % (at + i + 1))
                continue
            if at + i > n:
                break  # ahead of what is here: it comes again from where we are
            try:
                self.take(body[i])
            except ValueError as e:
                self.refuse(str(e))
                break
            moved = True
        return moved

    def refuse(self, why):
        self.problem = "refused %s's move: %s" % (self.name, why)
        self.link.send(bytes((REFUSED,)) + why.encode()[:_WHY])
