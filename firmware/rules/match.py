# Solitaire Cribbage for two to four players on one device, as Foster gives it:
# each player goes through a pack of their own (their own seed), the players
# keep level deal by deal, and whoever (or whichever partnership) has the most
# points when the packs run out wins. Reaching 91 while an opponent has not yet
# passed 60 makes it a double game. Decisions: that is judged when everyone has
# played the same number of deals (the players keep level); partners' added
# scores are measured against twice those marks (182 and 120).
#
#   m = Match((seed1, seed2), partners=False)
#   m.game()        # the Game whose turn it is (m.turn is the player index)
#   m.discard(a, b) # that player's discard; the turn passes on
#   m.over, m.standings(), m.double
#   m.adjust(player, points)   # muggins: points moved between players' scores
from binascii import hexlify, unhexlify

from micropython import const

from rules.solitaires import load, new

_GAME = const(91)
_LURCH = const(60)  # not past this when the other side reaches 91: a double game


class Match:
    def __init__(self, seeds, partners=False, variant="solitaire"):
        n = len(seeds)
        if not 1 <= n <= 4:
            raise ValueError("a match has one to four players, not %d" % n)
        if partners and n != 4:
            raise ValueError("partnerships need four players")
        if n > 1 and variant != "solitaire":
            raise ValueError("only Solitaire Cribbage has a game for several players")
        self.games = [new(variant, s) for s in seeds]
        self.partners = partners
        self.turn = 0
        # Sides: partners 1+3 against 2+4, otherwise everyone for themselves.
        self.sides = ((0, 2), (1, 3)) if partners else tuple((i,) for i in range(n))
        self.reached = None  # deals played when a side first reached the game (None: not yet)
        self.double = ()  # (winning side, losing side) pairs that are double games
        self.bonus = [0] * n  # points given or taken outside the players' own counts

    @property
    def players(self):
        return len(self.games)

    @property
    def over(self):
        return all(g.over for g in self.games)

    def game(self, player=None):
        return self.games[self.turn if player is None else player]

    def side_of(self, player):
        for i, side in enumerate(self.sides):
            if player in side:
                return i
        raise ValueError("no player %d" % player)

    def side_score(self, side):
        total = 0
        for p in self.sides[side]:
            total += self.games[p].score
        return total

    def discard(self, a, b):
        g = self.games[self.turn]
        g.discard(a, b)
        self.turn = (self.turn + 1) % len(self.games)
        if self.turn == 0:
            self._level()

    def adjust(self, player, points):
        """Add points (or take them away) from a player's score outside their own
        count (muggins). When everyone is level, the double game is judged again."""
        self.games[player].score += points
        self.bonus[player] += points
        if self.turn == 0:
            if self.reached is not None and self.reached == len(self.games[0].round_points()):
                # The deal just judged: judge it again on the new scores.
                self.reached = None
                self.double = ()
            self._level()

    def _level(self):
        # Everyone has played the same number of deals: check for a double game.
        if self.reached is not None or len(self.sides) < 2:
            return
        size = len(self.sides[0])
        reached = [s for s in range(len(self.sides)) if self.side_score(s) >= _GAME * size]
        if not reached:
            return
        self.reached = len(self.games[0].round_points())
        doubles = []
        for w in reached:
            for s in range(len(self.sides)):
                if s not in reached and self.side_score(s) <= _LURCH * size:
                    doubles.append((w, s))
        self.double = tuple(doubles)

    def standings(self):
        """(side, points) for every side, most points first (ties keep side order)."""
        out = [(s, self.side_score(s)) for s in range(len(self.sides))]
        out.sort(key=lambda t: -t[1])
        return out

    def winners(self):
        """The sides with the most points (more than one on a tie)."""
        st = self.standings()
        return [s for s, p in st if p == st[0][1]]

    def save(self):
        """A dict for the game-in-progress file: each pack's save as hex, and the turn."""
        return {"games": [_hex(g.save()) for g in self.games], "turn": self.turn,
                "partners": self.partners, "reached": self.reached,
                "double": [list(d) for d in self.double], "bonus": list(self.bonus)}


def restore(data):
    """The Match a save() made; ValueError if it is damaged."""
    try:
        saves = [_unhex(h) for h in data["games"]]
        games = [load(s) for s in saves]
        m = Match([0] * len(saves), bool(data.get("partners")), games[0].variant)
        m.games = games
        turn = data["turn"]
        m.reached = data.get("reached")
        m.double = tuple(tuple(d) for d in data.get("double", ()))
        bonus = data.get("bonus") or [0] * len(games)
        if len(bonus) != len(games):
            raise ValueError("match save is damaged (bonus)")
        for i in range(len(games)):
            games[i].score += bonus[i]
        m.bonus = list(bonus)
    except (KeyError, TypeError, IndexError) as e:
        raise ValueError("match save is damaged (%r)" % (e,))
    rounds = [len(g.round_points()) for g in m.games]
    if not 0 <= turn < len(m.games) or any(r != rounds[0] - (i >= turn and turn > 0)
                                               for i, r in enumerate(rounds)):
        raise ValueError("match save is damaged (players not level)")
    m.turn = turn
    return m


def _hex(b):
    return hexlify(b).decode()


def _unhex(s):
    return unhexlify(s)  # a ValueError (binascii.Error on CPython) for bad hex
