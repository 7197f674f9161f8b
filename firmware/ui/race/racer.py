# What a raced game adds to a game in progress, shared by the solitaires'
# (ui.race.solo) and the grid games' (ui.race.grid): the link it races over, new
# (opened) or again after a reset (relink), the other's copy of the deal kept in step
# on every step of the app, and the result. The game itself stays the solitaire's Play
# or the grid's GridPlay; its screens draw the other's running score from other().
# pyright: reportAttributeAccessIssue=false
# (Racer is mixed into the game's class, which holds app, mine, theirs, take and save.)
from link.frame import Link
from link.race import Race
from link.jack import NoJack, after, nap, opened, quiet, who
from ui.race import VERSION
_SHOWN = ("Table", "GridTable")  # the tables, which show the other's score (and the race's end)
_MODULES = ("ui.race.solo", "ui.race.grid", "ui.race.racer", "link.race", "link.jack", "link.left", "link.frame",
            "link.pack")


class Racer:
    """Mixed into the game in progress: self.mine (this device's game), self.theirs (the
    other's, replayed here), take(b) (one move of the other's) are the game's."""

    racing = True

    def link_up(self, link, people, peer, sent=None):
        """people: [this device's name, the other's]; peer: the other device's id."""
        self.people = people
        self.peer = peer
        self.unheard = False  # the other device not heard for a while
        self.race = Race(link, self.mine.moves, self.theirs.moves, self.take, people[1], sent)
        self.app.net = self.heard

    def relink(self, people, peer, held=None):
        """A raced game read back after a reset: linked again, every move sent again; held:
        the save's word that the other device holds this device's finished game."""
        if held is not None and (held is not True or not self.mine.over):
            raise ValueError("saved game: bad held")
        link = opened(self.app, people[0], VERSION) or Link(NoJack(), b"\0\0\0\0", VERSION)
        self.link_up(link, people, peer, 0)
        if held:
            self.race.ended = len(self.mine.moves)
        if isinstance(link.port, NoJack):
            self.race.problem = "This device has no link jack (hardware/BUILD.md)."

    def other(self):
        """The other's running score on a line: "BOB 23"."""
        return "%s %d" % (self.people[1], self.theirs.score)

    def result(self):
        """The lines of the end: both scores and who won, or what it waits for."""
        race = self.race
        me = self.mine.score
        you = self.theirs.score
        who = self.people[1]
        if race.problem is not None:
            return ["You %d, %s %d" % (me, who, you), race.problem]
        if not self.theirs.over:
            if self.unheard:
                return ["You %d, %s %d" % (me, who, you), "waiting for %s (no answer on the cable)" % who,
                        "B: give the race up"]
            return ["You %d, %s %d" % (me, who, you), "waiting for " + who]
        word = "you win" if me > you else "%s wins" % who if you > me else "a tie"
        return ["You %d, %s %d: %s" % (me, who, you, word)]

    def heard(self, now):
        """Every step of the app (app.net): the cable served, even with the display off,
        and a nap once the other device has gone quiet (link.jack.nap)."""
        self.serve(now)
        nap(self.app, self.race.link, now)

    def serve(self, now):
        """The cable served, the other's moves taken in."""
        app = self.app
        race = self.race
        link = race.link
        if app.play is not self:
            if after(app, race, self, now):
                return
            from rules import forget

            for m in _MODULES:
                forget(m)  # what the race loaded goes with it
            return
        was = (race.problem, self.unheard)
        held = self.held()
        if link.peer is not None and who(link)[1] != self.peer and race.problem is None:
            # A resumed game and another device on the cable: nothing goes either way.
            race.problem = "The cable leads to %s's device: this race is with %s." % (
                who(link)[0], self.people[1])
        moved = False
        if race.problem is None:
            moved = race.poll(now)
        else:
            link.poll(now)  # (our refusal still goes out)
        if race.left and not self.mine.over and race.problem is None:
            self.abandon()  # the other device began a new game: this one is left
            return
        if moved or self.held() and not held:
            self.save()  # (the other's word kept too: the end need not wait for it again)
        if self.theirs.over and race.problem is None:
            race.end(self.held())  # the other's game over and saved here, its word too: said
        self.unheard = not link.linked or quiet(link, now)
        name = type(app.screen).__name__
        end = getattr(app.screen, "end", False)  # (the race's own screen, at the end)
        if was[0] is None and race.problem is not None and not end:
            # A move refused, here or there: said over whatever is on the glass.
            app.visit("Notice", [race.problem, "Your own game goes on; the race has no result."])
        elif (moved or was != (race.problem, self.unheard)) and (end or name in _SHOWN):
            app.redraw()

    def raced(self, rec):
        """The history record of this device's game, with the other's name, id and score."""
        rec["people"] = list(self.people)
        rec["link"] = self.peer
        rec["scores"] = [self.mine.score, self.theirs.score]
        rec["players"] = 2
        return rec

    def keep(self, d):
        """The saved game: this device's as alone, the other's beside it with the link."""
        from binascii import hexlify

        d["people"] = list(self.people)
        d["link"] = [self.peer, hexlify(self.theirs.save()).decode()]
        if self.held():
            d["held"] = True  # the other device has said it holds this device's finished game
        return d

    def abandon(self):
        """The other device has left the race, or its player gave up waiting for it: kept in
        the history as left unfinished by the other (link.left)."""
        from link.left import left

        left(self.app, self.mine.variant, list(self.people), self.peer, self.mine.seed,
             (self.mine.score, self.theirs.score), self.state())

    def held(self):
        """True once the other device has said it holds this device's finished game whole (or
        has left for a new game: nothing more to wait for)."""
        return self.mine.over and (self.race.ended == len(self.mine.moves) or self.race.left)

    def cleared(self):
        """The end recorded: the save goes, unless it must wait for the other's word (issue
        37: a last move the other lacks is sent again, after a power cycle too)."""
        if self.race.problem is not None or self.held():
            self.app.saves.clear_current()
