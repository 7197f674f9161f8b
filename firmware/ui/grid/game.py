# A grid game in progress (GridPlay): one to four players on one device, each
# with a grid of their own, placing the same called cards in turn (player 1
# places the card, then player 2 the same card, ..., then the next card is
# turned). With several, every grid is hidden between one player's card and the
# next player's (the hand-over, ui.grid.people), and the players go by the names
# kept in the settings (cribbage's people and the board name them). It is saved
# after every placement, so a power cut resumes at the very card it left (behind
# the hand-over); at the end each player's game goes into the history and the
# high scores of its grid game (rules.grid_games).
#
# The save is each player's rules.grids save in hex, plus where the turn is and
# what the review has counted so far; resumed() replays every grid and checks
# every field (docs/saves.md).
from binascii import hexlify, unhexlify

from rules import grids
from rules.grid_games import KEYS, board, index

GAME = "grid"  # the saved game's "game"
_SAVE_VERSION = 1
_STATE = ("v", "game", "grids", "turn", "matched", "lost", "done", "recorded", "hs", "people", "link", "held")
_MAX_LOST = 999999  # hundredths of points given up against the advisor, far above any game's


class GridPlay:
    """The players' grids (one deal), whose turn it is, and the end's bookkeeping."""

    def __init__(self, app, games):
        self.app = app
        self.games = games
        self.turn = 0  # the player placing the card now
        n = len(games)
        # The player who took the device at the hand-over: the glass shows that grid, on
        # that player's turn only (a lone player has it all along).
        self.holder = 0 if n == 1 else None
        self.matched = [0] * n  # placements on the advisor's best square
        self.lost = [0] * n  # hundredths of expected points given up against the advisor
        self.done = 0  # players whose finished game is in the history
        self.recorded = None  # type: int | None  # history number given to player `done` (power-cut safety)
        self.hs = 0  # players whose high score has been dealt with

    @property
    def players(self):
        return len(self.games)

    @property
    def game(self):
        """The grid of the player placing now."""
        return self.games[self.turn]

    @property
    def over(self):
        return self.games[-1].over

    @property
    def kind(self):
        """The grid game's index in rules.grid_games.GAMES."""
        g = self.games[0]
        return index(g.variant, g.table, g.foster)

    def code(self):
        from rules.dealcode import encode

        return encode(KEYS[self.kind], self.games[0].seed)

    def place(self, square, best=None, mine=None):
        """The player whose turn it is puts the card on the square (ValueError, nothing
        changed, if it may not go there); best and mine: what the advisor expects of its
        square and of this one. Then the next player's turn; saved."""
        g = self.game
        g.place(square)
        t = self.turn
        if best is not None and mine is not None:
            if mine >= best:
                self.matched[t] += 1
            self.lost[t] = min(_MAX_LOST, self.lost[t] + int((best - mine) * 100 + 0.5))
        self.turn = (t + 1) % self.players
        self.save()

    def places(self):
        """Each player's place, 1 the best; equal scores share the better place."""
        scores = [g.score for g in self.games]
        return [1 + sum(1 for s in scores if s > mine) for mine in scores]

    def name(self, i):
        """Player i's name in the settings' "names" (three letters each), P1.. if blank."""
        return self.app.saves.get("names")[3 * i:3 * i + 3].strip() or "P%d" % (i + 1)

    def where(self):
        if not self.over:
            return "GridTable" if self.holder == self.turn else "GridPass"
        return "GridRank" if self.players > 1 else "GridOver"

    def show(self):
        self.app.go(self.where())

    def hand_over(self):
        """After a card with several players: the hand-over, over the table, so that its
        module and the advisor stay loaded (the hand-over then shows a new table)."""
        self.app.visit("GridPass")

    def pause_line(self):
        return "Code " + _pretty(self.code())

    # Saving

    def state(self):
        return {"v": _SAVE_VERSION, "game": GAME,
                "grids": [hexlify(g.save()).decode() for g in self.games],
                "turn": self.turn, "matched": list(self.matched), "lost": list(self.lost),
                "done": self.done, "recorded": self.recorded, "hs": self.hs}

    def save(self):
        self.app.saves.save_current(self.state())

    # The end: history, then high scores, then the grid game's high scores.

    def finish(self):
        app = self.app
        saves = app.saves
        variant, table, foster = board(self.kind)
        places = self.places()
        saves.record_end(self, self.players, lambda i: record(self, i, places[i], app.date()))
        while self.hs < self.players:
            g = self.games[self.hs]
            if saves.is_high_score(variant, g.score, table, foster) and not self.entered(g):
                who = self.name(self.hs) + "'s high score" if self.players > 1 else "New high score!"
                app.go("Initials", who, self.initials)
                return
            self.hs += 1
        saves.clear_current()
        app.play = None
        app.go("Scores", 3 + self.kind)

    def entered(self, g):
        """After a power cut between entering a score and clearing the game the score
        is already in the table: it is not asked for again. The players share the
        seed, so it is there if the table holds more of this seed and score than the
        players before this one who scored the same."""
        variant, table, foster = board(self.kind)
        before = 0
        for j in range(self.hs):
            if self.games[j].score == g.score:
                before += 1
        found = 0
        for r in self.app.saves.high_scores(variant, table, foster):
            if r.get("seed") == g.seed and r.get("score") == g.score:
                found += 1
        return found > before

    def initials(self, text):
        app = self.app
        g = self.games[self.hs]
        variant, table, foster = board(self.kind)
        app.saves.set("initials", text)
        app.saves.add_high_score(variant, text, g.score, g.seed, app.date(), self.code(),
                                 table=table, foster=foster)
        self.hs += 1
        self.save()
        self.finish()


def _pretty(code):
    return code[0:3] + " " + code[3:6] + " " + code[6:9]


def record(play, player, place, date):
    """A player's finished game as the history keeps it (docs/saves.md)."""
    g = play.games[player]
    variant, table, foster = board(play.kind)
    return {"variant": variant, "table": table, "foster": foster, "seed": g.seed,
            "moves": hexlify(bytes(g.moves)).decode(), "lines": [p for _, p in g.lines()],
            "score": g.score, "target": g.target, "won": g.won,
            "matched": play.matched[player], "players": play.players, "place": place,
            "date": date, "code": play.code()}


def start(app, kind, seed=None, players=1):
    """A new grid game (rules.grid_games.GAMES[kind]) for one to four players, of the
    seed's deal (a new seed if None). With a game saved, asks first."""
    def anew():
        from rules.grid_games import GAMES

        variant, table, foster = GAMES[kind]
        s = app.new_seed() if seed is None else seed
        play = GridPlay(app, [grids.new(variant, s, table, foster) for _ in range(players)])
        app.play = play
        play.save()
        play.show()

    from ui.saved import ask_first

    ask_first(app, anew)


def resumed(app, data):
    """The GridPlay a state() saved; ValueError unless every field is one it could hold
    and every grid replays to a game of one deal, the players at the same card."""
    for k in data:
        if k not in _STATE:
            raise ValueError("saved grid game: bad %s" % k)
    if data.get("v") != _SAVE_VERSION:
        raise ValueError("saved grid game: bad version")
    saved = data.get("grids")
    if type(saved) is not list or not 1 <= len(saved) <= 4:
        raise ValueError("saved grid game: bad grids")
    games = []
    for text in saved:
        if type(text) is not str or len(text) > 2 * (13 + 25):
            raise ValueError("saved grid game: bad grids")
        games.append(grids.load(unhexlify(text)))
    first = games[0]
    n = len(games)
    turn = data.get("turn")
    if type(turn) is not int or not 0 <= turn < n:
        raise ValueError("saved grid game: bad turn")
    for i in range(n):
        g = games[i]
        if (g.variant, g.seed, g.table, g.foster) != (first.variant, first.seed, first.table,
                                                      first.foster):
            raise ValueError("saved grid game: bad grids (not one deal)")
        # Those before the turn have placed the card the others are still to place.
        if g.turn != first.turn - (1 if i >= turn > 0 else 0):
            raise ValueError("saved grid game: bad turn")
    play = GridPlay(app, games)
    play.turn = turn
    play.matched = _counts(data.get("matched"), n, games, "matched")
    play.lost = _counts(data.get("lost"), n, None, "lost")
    done = data.get("done")
    hs = data.get("hs")
    recorded = data.get("recorded")
    if type(done) is not int or not 0 <= done <= n or (done and not play.over):
        raise ValueError("saved grid game: bad done")
    if type(hs) is not int or not 0 <= hs <= done:
        raise ValueError("saved grid game: bad hs")
    if recorded is not None and (type(recorded) is not int or not 1 <= recorded < 0x40000000
                                 or not play.over):
        raise ValueError("saved grid game: bad recorded")
    play.done = done
    play.hs = hs
    play.recorded = recorded
    link = data.get("link")  # raced on the cable: [the other device's id, its grid's save]
    if link is not None or data.get("people") is not None:
        if n != 1 or not _raced(link, data.get("people")):
            raise ValueError("saved grid game: bad link")
    return play


def _raced(link, people):
    """True for a raced game's [id, hex] and [this device's name, the other's]."""
    if type(link) is not list or len(link) != 2 or type(link[0]) is not str or type(link[1]) is not str \
            or len(link[0]) > 32 or len(link[1]) > 2 * (13 + 25):
        return False
    if type(people) is not list or len(people) != 2:
        return False
    for p in people:
        if type(p) is not str or not 1 <= len(p) <= 3:
            return False
    return True


def _counts(v, n, games, name):
    """A list of n ints from 0 (at most each player's cards placed, given the games)."""
    if type(v) is not list or len(v) != n:
        raise ValueError("saved grid game: bad " + name)
    for i in range(n):
        x = v[i]
        if type(x) is not int or not 0 <= x <= (_MAX_LOST if games is None else games[i].turn):
            raise ValueError("saved grid game: bad " + name)
    return list(v)
