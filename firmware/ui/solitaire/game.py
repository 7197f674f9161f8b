# The solitaire game in progress (Play): the match, where the players are in
# it and which screen shows that; starting a game, resuming it from its saved
# state (ui.saved), and the advisor's hint. The screens themselves are in
# ui.solitaire.screens and ui.solitaire.auto.
#
# Play is saved to flash after every move, so a power cut resumes on the very
# screen it left.
#
# Against the computer (play.cpu is its level) player 2 is the device: its
# turns are shown by the "CpuTurn" screen. With the count_self setting the
# player enters each count before seeing it ("Count"); with muggins on in a
# game of several, the points a player misses go to the next player
# (Play.claimed).
from rules.match import Match, restore

_SAVE_VERSION = 1


class Play:
    """A game in progress (one to four players) and where it stands."""

    def __init__(self, app, match, cpu=None):
        self.app = app
        self.match = match
        self.cpu = cpu  # the computer's level (0..2) when player 2 is the device
        self.claims = []  # the counts the player entered for the deal being counted
        self.review = []  # [best a, best b, best, yours] (tenths of points) per discard
        self.count = None  # (player, first log item) while a deal is being counted
        self.done = 0  # players whose finished game is in the history
        self.recorded = None  # history number given to player `done` (power-cut safety)
        self.hs = 0  # players whose high score has been dealt with

    @property
    def multi(self):
        return self.match.players > 1

    def state(self):
        d = self.match.save()
        d["v"] = _SAVE_VERSION
        d["count"] = list(self.count) if self.count else None
        d["done"] = self.done
        d["recorded"] = self.recorded
        d["hs"] = self.hs
        d["cpu"] = self.cpu
        d["claims"] = self.claims
        d["review"] = self.review
        return d

    def save(self):
        self.app.saves.save_current(self.state())

    def is_cpu(self, player):
        return self.cpu is not None and player == 1

    def name(self, player, short=False):
        if self.cpu is not None:
            return ("You", "CPU" if short else "Computer")[player]
        return ("P%d" if short else "Player %d") % (player + 1)

    def where(self):
        """The screen this game stands at: (name, args)."""
        if self.count:
            if self.is_cpu(self.count[0]):
                return "CpuTurn", (True,)
            return "Count", self.count
        if self.match.over:
            return ("Standings" if self.multi else "Over"), ()
        if self.cpu is not None:
            return ("CpuTurn" if self.is_cpu(self.match.turn) else "Table"), ()
        return ("Pass" if self.multi else "Table"), ()

    def show(self):
        """Go to the screen this game stands at."""
        name, args = self.where()
        self.app.go(name, *args)

    def discard(self, a, b):
        if self.app.saves.get("hints"):
            # What the best discard would have been, shown after the deal.
            h = self.hint(self.match.game(), (a, b))
            if h is not None:
                pair, best, yours, _ = h
                if yours is not None:
                    self.review.append([pair[0], pair[1], int(best * 10 + 0.5),
                                        int(yours * 10 + 0.5)])
        self.send(a, b)
        self.show()

    def hint(self, game, mine):
        """The advisor's suggestion for the six cards awaiting a discard:
        (best pair, its expected points, expected points of `mine` or None, the
        race's wins per discard code in Foster's last deal or None: see
        players.advisor.rank_discards), or None when no advisor is installed
        (players/advisor.py)."""
        try:
            from players.advisor import rank_discards  # pyright: ignore[reportMissingImports]
        except ImportError:
            return None
        ranked, wins, _ = rank_discards(game, "advisor", mine)
        best = ranked[0]
        yours = None
        if mine is not None:
            for ev, a, b in ranked:
                if (a == mine[0] and b == mine[1]) or (a == mine[1] and b == mine[0]):
                    yours = ev
        return (best[1], best[2]), best[0], yours, wins

    def send(self, a, b):
        """Make the discard of the player whose turn it is and save."""
        m = self.match
        player = m.turn
        g = m.game()
        start = len(g.log)
        m.discard(a, b)
        if len(g.log) > start:
            self.count = (player, start)
        self.save()

    def counted(self):
        """The player has seen the deal's counting: on to the next deal."""
        self.count = None
        self.claims = []
        self.review = []
        self.save()
        self.show()

    def claimed(self, player, page, claim, points):
        """The player said `claim` for the item on `page` that makes `points`.

        Over-claims are put right at no cost. Missed points stay the player's,
        except with muggins on in a game of several: then the next player in
        turn (always an opponent) takes them from the player."""
        c = self.claims
        while len(c) < page:
            c.append(None)
        del c[page:]
        c.append(claim)
        missed = points - claim
        if missed > 0 and self.muggins():
            m = self.match
            m.adjust(player, -missed)
            m.adjust((player + 1) % m.players, missed)
        self.save()

    def muggins(self):
        """True if a player's missed points go to the next (muggins on, several players here)."""
        return self.multi and self.app.saves.get("muggins")

    def pause_line(self):
        """What the pause screen says of the game: the deal code of the pack in play."""
        return "Code " + self.code(self.match.turn if self.cpu is None else 0)

    def code(self, player=0):
        """The deal code of a player's pack, for a friend to play the same cards."""
        from rules.dealcode import encode, pretty

        g = self.match.games[player]
        return pretty(encode(g.variant, g.seed))

    # The end: history, then high scores, then back to the menu.

    def finish(self):
        app = self.app
        saves = app.saves
        m = self.match
        humans = 1 if self.cpu is not None else m.players  # the computer keeps no records
        saves.record_end(self, humans, self.record)
        while self.hs < humans:
            g = m.games[self.hs]
            if saves.is_high_score(g.variant, g.score) and not _entered(saves, g):
                who = "Player %d" % (self.hs + 1) if humans > 1 else "New high score!"
                app.go("Initials", who, self.initials)
                return
            self.hs += 1
        saves.clear_current()
        app.play = None
        app.go("Scores", m.games[0].kind)

    def record(self, player):
        """A player's finished game as the history keeps it (docs/saves.md)."""
        g = self.match.games[player]
        return {"variant": g.variant, "seed": g.seed, "score": g.score, "won": g.won,
                "target": g.target, "rounds": g.round_points(), "date": self.app.date(),
                "players": self.match.players, "code": _code(g)}

    def initials(self, text):
        app = self.app
        g = self.match.games[self.hs]
        app.saves.set("initials", text)
        app.saves.add_high_score(g.variant, text, g.score, g.seed, app.date(), _code(g))
        self.hs += 1
        self.save()
        self.finish()


def _entered(saves, g):
    # After a power cut between entering a score and clearing the game, the
    # score is already in the table: do not ask again.
    for r in saves.high_scores(g.variant):
        if r.get("seed") == g.seed and r.get("score") == g.score:
            return True
    return False


def _code(g):
    from rules.dealcode import encode

    return encode(g.variant, g.seed)


def start(app, variant, players=1, partners=False, cpu=None, seed=None):
    """A new game; cpu: the computer's level as player 2; seed: the first pack's.

    With a game saved, asks first: the new game would replace it. B keeps it
    and goes back to the screen that asked for the new game."""
    def anew():
        _start(app, variant, players, partners, cpu, seed)

    from ui.saved import ask_first

    ask_first(app, anew)


def _start(app, variant, players, partners, cpu, seed):
    if cpu is not None:
        players = 2
    seeds = [app.new_seed() for _ in range(players)]
    if seed is not None:
        seeds[0] = seed
    play = Play(app, Match(seeds, partners, variant), cpu)
    app.play = play
    play.save()
    play.show()


def resumed(app, data):
    """The Play a state() saved; ValueError unless every field is one it could hold."""
    from storage.saves import rules

    why = "version" if data.get("v") != _SAVE_VERSION else rules().play_state(data)
    if why is not None:
        raise ValueError("saved game: bad %s" % why)
    m = restore(data)
    play = Play(app, m, data.get("cpu"))
    play.claims = list(data.get("claims", ()))
    play.review = list(data.get("review", ()))
    c = data.get("count")
    play.count = (c[0], c[1]) if c else None
    play.done = data.get("done", 0)
    play.recorded = data.get("recorded")
    play.hs = data.get("hs", 0)
    # What only the replayed packs can tell: a count inside the deal just made,
    # games recorded only once the match is over, double games between sides.
    if c and c[1] >= len(m.games[c[0]].log):
        raise ValueError("saved game: bad count")
    if play.done and not m.over:
        raise ValueError("saved game: bad done")
    for pair in m.double:
        if pair[0] >= len(m.sides) or pair[1] >= len(m.sides):
            raise ValueError("saved game: bad double")
    return play
