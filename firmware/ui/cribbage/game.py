# Cribbage against the computer: the game in progress (Crib), the screen it
# stands at, saving it after every move and resuming it. Its record in the
# history and the statistics are in ui.cribbage.history (the statistics screen: ui.cribbage.stats).
#
# The player has seat 0; the computer plays the other seats (at four, seat 2
# is the player's partner). With people at the table each seat is
# a person (a name) or the computer, seat 0 always a person; the device goes
# from hand to hand, and a hand-over screen (CribPass) hides every hand before
# a person other than the one at the glass acts. The engine (rules.cribbage) holds the rules; a save
# is its compact bytes plus what the screens need to come back to the very
# step they left (the deal summary seen or not, the coach's review so far);
# a save is read back by ui.cribbage.resume, loaded only for that.
from binascii import hexlify

from micropython import const

from rules.cribbage import DISCARD, SHOW, Cribbage
from drivers.buttons import B_LONG, DOWN
from players import LEVELS
from ui.cribbage import ME, VARIANT

_SAVE_VERSION = const(1)  # ui.cribbage.resume reads it back


class Crib:
    """A game of cribbage against the computer and where it stands."""

    linked = False  # a game with another device over the cable (ui.cribbage.linked)

    def __init__(self, app, g, level, people=None, levels=None):
        self.app = app
        self.g = g
        self.level = level  # 0..2, an index into LEVELS: the first computer seat's (1 if none)
        # None: every computer seat at `level`; else per seat its level, None for a person's.
        self.levels = levels
        # None: you alone against the computer. Else a name per seat, None for the computer's.
        self.people = people
        # The seat whose hand the glass may show: yours; with people, the person who
        # took the device last (None until someone has), shown only on that seat's turn.
        self.seat = ME if people is None else None
        self.seen = 0  # finished deals whose summary the player has seen
        self.started = False  # the cut for the first deal has been shown
        self.done = 0  # 1 once the finished game is in the history
        self.recorded = None  # type: int | None  # the history number stamped on it on the way (power-cut safety)
        self.review = None  # the coach's review of this deal (hints on)
        self.note = ""  # the last move in a few words, for the play screen
        # [the note's seat, whether it scored, the seat and text of the last scoring call
        # of another seat]: that call stays in sight until its seat lays again (the
        # computer's next card would otherwise wipe the player's fifteen at once).
        # Two names, not six: each name on the table's path costs heap for good.
        self.calls = [ME, False, ME, ""]
        self.closed = None  # the cards of a count just ended, in sight until the next card

    # Names

    def name(self, seat):
        """"You", "CPU" (two hands), "CPU 1".. (three), "Partner" (four); with people,
        theirs (three letters at most), and "CPU", or "C1", "C2" when the computer has two seats."""
        g = self.g
        p = self.people
        if p is not None:
            if p[seat]:
                return p[seat]
            n = 0
            for s in range(seat):
                n += not p[s]
            return "CPU" if p.count(None) == 1 else "C%d" % (n + 1)
        if seat == ME:
            return "You"
        if g.players == 4:
            return "Partner" if seat == 2 else "CPU %d" % ((seat + 1) // 2)
        return "CPU" if g.players == 2 else "CPU %d" % seat

    def side_name(self, side):
        g = self.g
        if g.players == 4:
            if self.people is None:
                return ("Us", "Them")[side]
            return self.name(side) + "+" + self.name(side + 2)
        return self.name(side)

    def computer(self, seat):
        """True if the computer plays the seat."""
        p = self.people
        return seat != ME if p is None else not p[seat]

    def level_of(self, seat):
        """The level the computer plays the seat at (a name in LEVELS)."""
        return LEVELS[self.level if self.levels is None else self.levels[seat]]

    def scores_line(self):
        """"You 14  C1 24  C2 8", "Us 60  Them 58"; with people their names ("ANN,CY 14" for
        partners: "+" would outrun the glass), and one space apart where two would."""
        from ui.gfx import width

        g = self.g
        p = self.people
        parts = []
        for s in range(g.sides):
            if g.sides == 3 and p is None:  # (three full names and scores outrun the glass)
                who = "You" if s == ME else "C%d" % s
            elif g.players == 4 and p is not None:
                who = self.name(s) + "," + self.name(s + 2)
            else:
                who = self.side_name(s)
            parts.append("%s %d" % (who, g.scores[s]))
        line = "  ".join(parts)
        return line if width(line) <= 126 else " ".join(parts)  # (the title bar's room)

    def pause_line(self):
        return "Cribbage to %d: %s" % (self.g.target, self.scores_line())

    # Where the game stands

    def where(self):
        g = self.g
        if not self.started:
            return "CribCut"
        if g.over:
            return "CribOver"
        if len(g.records) > self.seen:
            return "CribDeal"
        if g.phase == SHOW and not (g.missed and g.turn != self.seat):
            return "CribShow"  # (a short count's muggins call is handed over to the next person)
        if self.people is not None and g.turn != self.seat and not self.computer(g.turn):
            return "CribPass"  # another person is to act: every hand hidden first
        if g.phase == DISCARD:
            return "CribLay"
        return "CribPlay"

    def show(self):
        if self.people is not None and self.started and self.g.phase == DISCARD:
            self.computers_discard()  # the computer's seats lay away before the next person
        self.app.go(self.where())

    def table_key(self, k):
        """The keys every screen at the table shares: B held pauses, DOWN shows
        the board. True if k was one of them."""
        if k == B_LONG:
            self.app.visit("Pause")
        elif k == DOWN:
            self.app.visit("CribBoard")
        else:
            return False
        return True

    # Moves

    def computers_discard(self):
        """The computer lays away for each of its seats that still has to."""
        from players import cpu

        g = self.g
        while g.phase == DISCARD and self.computer(g.turn):
            s = g.turn
            g.discard(s, *cpu.discard(g, s, self.level_of(s)))
        if g.phase != DISCARD:
            cpu.let_go()  # the play needs no advisor: RAM for the table

    def discard(self, cards):
        """The player lays `cards` away; the computer lays its own; saved."""
        g = self.g
        r = self.coach_review()
        if r is not None:
            r.reset()
            r.discard(g, cards)
        self.computers_discard()
        g.discard(self.seat, *cards)
        self.computers_discard()
        self.note = _heels(self, len(g.log))
        self.calls = [g.dealer, self.note != "", ME, ""]
        self.closed = None
        self.save()

    def play(self, card):
        """The player lays `card` (None: says go); ValueError if it may not."""
        g = self.g
        r = self.coach_review()
        if r is not None:
            r.play(g, card)
        self.move(self.seat, card)

    def computer_plays(self):
        from players import cpu

        g = self.g
        self.move(g.turn, cpu.play(g, g.turn, self.level_of(g.turn)))

    def move(self, seat, card):
        g = self.g
        start = len(g.log)
        seq = g.seq
        if card is None:
            g.go(seat)
        else:
            g.play(card, seat)
        if g.seq is not seq:  # the count ended: the engine began a new one
            self.closed = seq
        elif card is not None:
            self.closed = None
        c = self.calls
        if c[1] and c[0] != seat:
            c[2] = c[0]
            c[3] = self.note
        elif c[2] == seat:
            c[3] = ""
        items = g.log[start:]
        self.note = said(self, seat, card, items)
        c[0] = seat
        c[1] = len(items) > 0
        self.save()

    def count(self, claimed):
        """The hand the show has come to is counted (claimed: the player's count). Between
        people, a short count waits for the next person's call (muggins or not); the
        computer calls it at once."""
        g = self.g
        seat = g.show_step()[0]
        g.count_hand(claimed, self.people is not None and not self.computer((seat + 1) % g.players))
        if g.missed:
            self.seat = seat  # he has the device: the next person's call is handed over
        self.save()

    def coach_review(self):
        """The coach's review of the deal, if hints are on."""
        if not self.app.saves.get("hints") or self.people is not None:
            return None  # (with people, each keeps his choices to himself)
        if self.review is None:
            from players.review import Review

            self.review = Review(ME)
        return self.review

    def deal_seen(self):
        self.seen = len(self.g.records)
        if self.people is not None and not self.linked:
            self.seat = None  # the show went round the table: the next deal is handed over
        if self.review is not None:
            self.review.reset()
        self.save()
        self.show()

    # Saving

    def state(self):
        r = self.review
        review = None
        if r is not None:
            # The lay-away: its cards, the figures, and True when they are chances of
            # winning (saves from before that have points only, and no flag).
            lay = None
            if r.lay:
                lay = list(r.lay[0]) + [r.lay[1], r.lay[2]] + ([True] if r.lay[3] else [])
            review = [lay, r.plays, r.same, r.lost, list(r.worst) if r.worst else None]
        d = {"v": _SAVE_VERSION, "game": VARIANT, "save": hexlify(self.g.save()).decode(),
             "level": self.level, "seen": self.seen, "started": self.started,
             "done": self.done, "recorded": self.recorded, "review": review}
        # (Here, not in save(): the game's end saves state() with its record, people and all.)
        if self.people is not None:
            d["people"] = self.people
        if self.levels is not None:
            d["levels"] = self.levels
        return d

    def save(self):
        self.app.saves.save_current(self.state())

    # The end

    def in_history(self):
        """True once the finished game is in the history (also after a power cut on the way)."""
        return self.done == 1 or self.app.saves.has_game(self.recorded)

    def finish(self, keep=False):
        """Record the game (once, even across a power cut), then its mode's statistics; keep:
        the save stays (a game on the cable, until the other device holds it all)."""
        from ui.cribbage.history import mode_of, record

        app = self.app
        app.saves.record_end(self, 1, lambda _: record(self, app.date()))
        if not keep:
            app.saves.clear_current()
        app.play = None
        app.go("CribStats", mode_of(self.g.players, self.g.target, self.level))


def _heels(crib, start):
    for seat, label, points, _ in crib.g.log[start:]:
        if label == "heels":
            return "%s: his heels, 2" % crib.name(seat)
    return ""


_SHORT = {"fifteen": "fifteen", "thirty-one": "31", "pair": "pair", "pair royal": "pair royal",
          "double pair royal": "double pair royal", "run": "run", "go": "go", "last card": "last",
          "muggins": "muggins"}


def said(crib, seat, card, items):
    """A move and what it scored in a few words: "CPU 5D: fifteen 2", "You: go"."""
    from ui.gfx import card_text

    s = crib.name(seat) + (": go" if card is None else " " + card_text(card))
    for who, label, points, _ in items:
        if who == seat:
            s += ", %s %d" % (_SHORT.get(label, label), points)
        else:
            s += "; %s %s %d" % (crib.name(who), _SHORT.get(label, label), points)
    return s


def start(app, level, players=2, target=121, people=None, levels=None):
    g = Cribbage(app.new_seed(), players, target,
                 muggins=bool(app.saves.get("count_self") and app.saves.get("muggins")))
    crib = Crib(app, g, level, people, levels)
    app.play = crib
    crib.save()
    crib.show()
