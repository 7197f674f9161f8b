"""The board for a real deck, played by key presses in the simulator: a table
of people with a real pack (a seeded shuffle), the keys a player would press
for each peg and each hand counted, and what the board should then show,
kept here by plain sums (not by rules.board).

    t = Table(sim, players=4, target=121)     # from the title: into the board, start
    t.peg(side, 6)                            # keys: the side, A, the points, A
    t.count(seat, hand, starter)              # the hand counter: RIGHT, 3 keys a card, A, DOWN, A
    t.keys                                    # every key pressed, for a replay
"""
import copy
import random

from rules.score import score
from ui.board.entry import keys as card_keys

NAMES = {1: "UP", 2: "DOWN", 4: "LEFT", 8: "RIGHT"}  # drivers.buttons' arrows by name
BOARD_ROW = 10  # "Board for a real deck" on the main menu (no game saved)
COMMON = (1, 2, 3, 4, 6, 8, 12)


def setup_keys(players=2, target=121, dealer=0, resume=False):
    """From the title into the board's setup, players and target chosen, Start."""
    keys = ["A"] + ["DOWN"] * (BOARD_ROW + (1 if resume else 0)) + ["A"]
    keys += ["DOWN"] + ["RIGHT"] * (players - 2)  # the cursor starts on Start: DOWN wraps to Players
    keys += ["DOWN"] + (["A"] if target == 61 else [])
    keys += ["DOWN", "DOWN"] + ["RIGHT"] * dealer
    return keys + ["DOWN", "A"]


def points_keys(points):
    """From A on a side (2 offered): the keys to the points."""
    if points in COMMON:
        i, j = COMMON.index(2), COMMON.index(points)
        right = (j - i) % len(COMMON)
        return ["RIGHT"] * right if right <= len(COMMON) - right else ["LEFT"] * (len(COMMON) - right)
    up = (points - 2) % 29
    return ["UP"] * up if up <= 29 - up else ["DOWN"] * (29 - up)


class Table:
    def __init__(self, sim, players=2, target=121, dealer=0, rng=None):
        self.sim = sim
        self.players = players
        self.target = target
        self.sides = 2 if players == 4 else players
        self.keys = []
        self.scores = [0] * self.sides
        self.backs = [0] * self.sides
        self.dealer = dealer
        self.rng = rng or random.Random(players * 1000 + target)
        self.deals = []  # per deal: [dealer, crib, heels, [pegged, hand, muggins] per side]
        self.before = []  # the table before each peg, for undo
        keys = setup_keys(players, target, dealer)
        self.press(*keys[1:] if self.screen() == "Menu" else keys)  # from the title, or the menu
        assert self.screen() == "BoardPegs", self.screen()
        self.new_deal()

    # The table

    def side_of(self, seat):
        return seat % 2 if self.players == 4 else seat

    def screen(self):
        return type(self.sim.app.screen).__name__

    def press(self, *keys):
        for k in keys:
            self.keys.append(k)
            self.sim.press(k)

    @property
    def over(self):
        return max(self.scores) >= self.target

    def new_deal(self):
        self.cursor = self.side_of((self.dealer + 1) % self.players)  # the board's cursor: on the pone
        self.deals.append([self.dealer, 0, 0, [[0, 0, 0] for _ in range(self.sides)]])
        self.starter = None  # the counter's: once a hand is counted

    def _scored(self, side, points, where):
        self.before.append(copy.deepcopy((self.scores, self.backs, self.deals, self.dealer)))
        d = self.deals[-1]
        if where == "crib":
            d[1] += points
        elif where == "heels":
            d[2] += points
        else:
            d[3][side][("peg", "hand", "muggins").index(where)] += points
        if points:
            self.backs[side] = self.scores[side]
            self.scores[side] += points

    # Pegging by hand

    def peg(self, side, points):
        down = (side - self.cursor) % self.sides
        self.press(*["DOWN"] * down, "A", *points_keys(points), "A")
        self.cursor = side
        self._scored(side, points, "peg")

    def heels(self):
        self.press("LEFT")
        self._scored(self.side_of(self.dealer), 2, "heels")

    def deal_over(self):
        self.press("LEFT", "A")  # the deal's end, and yes
        self.next_dealer()

    def next_dealer(self):
        self.dealer = (self.dealer + 1) % self.players
        self.new_deal()

    # The hand counter

    def count(self, seat, hand, starter, crib=False, claim=None):
        """Key in the hand (and the starter, the first time in a deal), count it, peg it
        to its owner (the owner chosen by LEFT/RIGHT if the counter offers another)."""
        keys = ["RIGHT"]
        for c in hand:
            keys += [NAMES[k] for k in card_keys(c)]
        if self.starter is None:
            keys += [NAMES[k] for k in card_keys(starter)]
            self.starter = starter
        self.press(*keys, "A")
        assert self.screen() == "BoardCount", self.screen()
        s = self.sim.app.screen
        for _ in range(self.players + 1):
            if (s.seat, s.crib) == (seat, crib):
                break
            self.press("RIGHT")
        assert (s.seat, s.crib) == (seat, crib)
        points = score(hand, starter, crib)
        assert s.points == points
        mine = points
        if claim is not None:
            keys = ["UP"]
            diff = claim - points
            keys += (["UP"] if diff > 0 else ["DOWN"]) * abs(diff)
            self.press(*keys, "A")
            mine = min(claim, points)
        self.press("DOWN", "A")
        self._scored(self.side_of(seat), mine, "crib" if crib else "hand")
        if mine < points and not self.over:
            self._scored(self.side_of((seat + 1) % self.players), points - mine, "muggins")
        if crib and not self.over:
            self.next_dealer()
        return points

    def undo(self):
        """B: the last peg taken back (and the deal it ended)."""
        self.press("B")
        dealer = self.dealer
        self.scores, self.backs, self.deals, self.dealer = self.before.pop()  # (the cursor stays)
        if dealer != self.dealer:
            self.starter = None  # the counter forgets the deal left

    # A whole deal

    def deal(self, undo_in_play=False):
        """One deal as a table plays it: his heels for a jack turned, the play pegged
        in small amounts, each hand counted in turn, the crib last. Stops at the end."""
        rng = self.rng
        pack = list(range(52))
        rng.shuffle(pack)
        hands = [sorted(pack[4 * s:4 * s + 4]) for s in range(self.players)]
        crib = sorted(pack[16:20])
        starter = pack[20]
        if starter >> 2 == 10:
            self.heels()
            if self.over:
                return
        for i in range(rng.randrange(4, 9)):
            side = rng.randrange(self.sides)
            points = rng.choice((1, 1, 2, 2, 2, 3, 4, 5, 6, 7, 8, 12))
            if undo_in_play and i == 1:
                self.peg(side, 9)  # a slip: taken back at once
                self.undo()
            self.peg(side, points)
            if self.over:
                return
        for i in range(self.players):
            seat = (self.dealer + 1 + i) % self.players
            self.count(seat, hands[seat], starter)
            if self.over:
                return
        self.count(self.dealer, crib, starter, crib=True)


class _Play:
    """What ui.board.game.record reads of the game in progress: the board and the names."""

    def __init__(self, g, names):
        self.g, self.names = g, names


def played(seed, players=2, target=121):
    """A finished game on rules.board: pegs in the play, each hand and the crib counted, at random."""
    from rules.board import CRIB, HAND, HEELS, Board

    rng = random.Random(seed)
    g = Board(players, target, rng.randrange(players))
    while True:
        if rng.random() < 1 / 13 and g.peg(g.side_of(g.dealer), 2, HEELS):
            return g
        for _ in range(rng.randrange(3, 9)):
            if g.peg(rng.randrange(g.sides), rng.choice((1, 2, 2, 3, 4, 6, 8))):
                return g
        for i in range(players + 1):
            seat = g.dealer if i == players else (g.dealer + 1 + i) % players
            if g.peg(g.side_of(seat), rng.choice((0, 2, 4, 6, 8, 12, 29)), CRIB if i == players else HAND):
                return g
        g.next_deal()


def record(seed, n, players=2, target=121, names=None, date=None):
    """The history record of game n, as the board's history holds it (ui.board.game.record)."""
    from storage.fields import GEN
    from ui.board.game import record as board_record

    names = names or ["ANN", "BOB", "CY", "DI"][:players]
    rec = board_record(_Play(played(seed, players, target), names), date)
    rec["n"], rec["gen"] = n, GEN  # as Saves.add_game stamps it
    return rec
