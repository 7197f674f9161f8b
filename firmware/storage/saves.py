# What the device keeps on flash, over records.py: settings, high scores,
# the history of finished games, the device record and the game in progress.
#
#   s = Saves("/data", device_id="e6614c311b7e5c2f")
#   s.get("contrast"); s.set("hints", False)
#   s.save_current(obj); s.load_current(); s.clear_current()
#   n = s.add_game(record, current=obj)     # history + game counter
#   if s.is_high_score("solitaire", 97): s.add_high_score("solitaire", "ABC", 97, seed)
#   s.stats("solitaire"); s.high_scores("solitaire"); s.problems
#
# Nothing big stays in RAM: scores and history are streamed from their files
# when asked for. Files that are damaged are repaired or set aside when the
# Saves is made, and `problems` says what happened, one line each.
import os

from storage import records
from rules import forget
from micropython import const

HISTORY_KEEP = const(500)
TOP = const(10)  # fields.TOP, the entries per variant in the high-score table
_MAX_PROBLEMS = const(12)  # problems kept to show; later ones are only counted

# Setting names and their defaults; a stored value of another type is ignored.
DEFAULTS = {
    "contrast": 128,  # 0..255, sent to the display as is
    "dim": 30,  # seconds idle before the display dims (0: never)
    "sleep": 120,  # seconds idle before the display goes off (0: never)
    "hints": True,
    "flip": False,  # screen turned 180 degrees
    "count_self": False,  # the player counts each hand before being shown
    "muggins": False,  # with count_self, several players: missed points go to the next player
    "sound": True,  # piezo clicks, if one is fitted
    "fast_i2c": False,  # 1 MHz instead of 400 kHz to the display
    "initials": "AAA",  # last initials entered, offered next time
    "names": "P1 P2 P3 P4 ",  # four names, three letters each, kept between games (the board, cribbage's people)
}

# The files, by kind: name on flash is <kind>.pcr; and what their records must
# be: the name of its rules in fields.py.
_KINDS = ("settings", "device", "game", "scores", "history")
_RULES = {"settings": "single", "device": "device", "game": "single", "scores": "scores",
          "history": "history"}
_LIMITS = {"contrast": (0, 255), "dim": (0, 3600), "sleep": (0, 3600)}


def rules():
    """The records' rules (storage.fields), loaded for the check at hand and not kept:
    they are freed with the last check that holds them, so that the heap at
    the table does not hold them (they are loaded again, a few ms, when needed)."""
    from storage import fields

    forget("storage.fields")
    return fields


def _checked():
    """storage.checknote, the note that the history passed a whole check: loaded for
    the moment, like the rules."""
    from storage import checknote

    forget("storage.checknote")
    return checknote


def _setting(key, value):
    """None if value may be stored for the setting `key`, else why not."""
    if key not in DEFAULTS:
        return "unknown"
    if type(value) is not type(DEFAULTS[key]):
        return "type"
    if key in _LIMITS and not _LIMITS[key][0] <= value <= _LIMITS[key][1]:
        return "range"
    if key == "initials" and len(value) != 3 or key == "names" and len(value) != 12:
        return "length"
    return None


class Saves:
    def __init__(self, root="/data", device_id="0", keep=HISTORY_KEEP):
        self.root = root
        self.keep = keep  # finished games kept in the history
        self.problems = []
        self.untold = 0  # problems past _MAX_PROBLEMS, counted instead of kept
        _makedirs(root)
        records.listed(root)  # the folder listed once for the checks (each change made drops it)
        try:
            self._check(root, device_id)
        finally:
            records.listed(None)

    def _check(self, root, device_id):
        found = []
        fields = rules()
        note = _checked()
        for kind in _KINDS:
            if kind == "history" and note.unchanged(root, fields):
                continue
            before = len(found)
            if not records.check(self.path(kind), kind, found, getattr(fields, _RULES[kind])) \
                    and kind == "game":
                self.clear_current()  # nothing left of it to resume: the title must not offer it
            if kind == "history" and len(found) == before:
                note.passed(root, fields, found)
        note = None
        self._report(found)
        self._settings = dict(DEFAULTS)
        stored = self._one("settings", fields)
        if stored is not None:
            wrong = sorted([key for key in stored if _setting(key, stored[key]) is not None])
            for key in stored:
                if key not in wrong:
                    self._settings[key] = stored[key]
            if wrong:
                # Said once: the settings are rewritten without what was wrong.
                self._report(["settings.pcr: %s not valid, back to the default" % ", ".join(wrong[:3])])
                self._write_settings()
        self.device = self._device(device_id, fields)

    def path(self, kind):
        return self.root + "/" + kind + ".pcr"

    def _write(self, kind, recs):
        found = []
        records.write(self.path(kind), kind, recs, found)
        self._report(found)

    def _report(self, lines):
        """Keep problems to show, each once and a bounded number of them."""
        for line in lines:
            if line in self.problems:
                continue
            if len(self.problems) < _MAX_PROBLEMS:
                self.problems.append(line)
            else:
                self.untold += 1

    def _one(self, kind, fields=None):
        check = getattr(fields or rules(), _RULES[kind])
        got, problems = records.read(self.path(kind), kind, check)
        self._report(problems)
        return got[0] if got else None

    def _device(self, device_id, fields):
        found = self._one("device", fields)
        # The next game number is above both the counter and the last game kept:
        # a counter behind the history (a restored or lost device record) must
        # not give a number twice.
        last = records.last(self.path("history"), "history", fields.history)
        n = last["n"] if last else 0
        if found is not None and found["n"] >= n:
            return found
        device = {"id": found["id"] if found else device_id, "n": n}
        self._write("device", (device,))
        return device

    # Settings

    def get(self, key):
        """A setting's value (KeyError for a name that is not a setting)."""
        return self._settings[key]

    def set(self, key, value):
        """Change a setting and save the settings if it changed."""
        if key not in DEFAULTS:
            raise KeyError(key)
        if self._settings[key] != value:
            self._settings[key] = value
            self._write_settings()

    def _write_settings(self):
        self._write("settings", (self._settings,))

    def settings(self):
        return dict(self._settings)

    # High scores: one file, top ten per variant (per grid game: its table and
    # Foster's rule, see fields.board), best first, ties by age.

    def high_scores(self, variant, table=None, foster=False):
        fields = rules()
        out = []
        found = []
        key = (variant, table, foster)
        for r in records.scan(self.path("scores"), "scores", found, fields.scores):
            if fields.board(r) == key:
                out.append(r)
        self._report(found)
        return out

    def is_high_score(self, variant, score, table=None, foster=False):
        n = 0
        low = None
        for r in self.high_scores(variant, table, foster):
            n += 1
            low = r["score"] if low is None or r["score"] < low else low
        return score > 0 and (n < TOP or low is None or score > low)

    def add_high_score(self, variant, initials, score, seed, date=None, code=None, current=None,
                       table=None, foster=False):
        """Enter a score; its place (1..10) in the variant's table, or 0 if it did not make it.

        With the game-in-progress dict as `current`, it is marked "scored" and
        saved first; entering the same game again after a power cut then finds
        the entry already there and does not add it twice. A grid game's entry
        also holds its table and Foster's rule.
        """
        from rules.rng import GEN  # (not at boot: one module fewer before the title)

        fields = rules()
        entry = {"variant": variant, "initials": initials, "score": score, "seed": seed,
                 "date": date, "code": code, "gen": GEN}
        if variant in fields.GRIDS:
            entry["table"] = table
            entry["foster"] = foster
        key = fields.board(entry)
        everything, problems = records.read(self.path("scores"), "scores", fields.scores)
        self._report(problems)
        ranked = [r for r in everything if fields.board(r) == key]
        if current is not None:
            if current.get("scored"):
                for i, r in enumerate(ranked):
                    if r == entry:
                        return i + 1
            else:
                current["scored"] = True
                self.save_current(current)
        place = 0
        while place < len(ranked) and ranked[place]["score"] >= score:
            place += 1
        if place >= TOP:
            return 0
        ranked.insert(place, entry)
        del ranked[TOP:]
        others = [r for r in everything if fields.board(r) != key]
        self._write("scores", others + ranked)
        return place + 1

    # History

    def add_game(self, record, current=None):
        """Record a finished game; returns its game number n (also set in record).

        Pass the game-in-progress dict as `current`: it is stamped with the
        number and saved before the history is written, so a power cut before
        clear_current() never records the game twice.
        """
        fields = rules()
        n = current.get("recorded") if current is not None else None
        if isinstance(n, int):
            if self.has_game(n, fields):
                self._count(n)
                record["n"] = n
                return n
        else:
            n = self.device["n"] + 1
            if current is not None:
                current["recorded"] = n
                self.save_current(current)
        record["n"] = n
        for key in ("date", "code"):
            if key not in record:
                record[key] = None
        # The generator its seed is for; records without "gen" are generator 1's.
        from rules.rng import GEN

        record["gen"] = GEN
        if "players" not in record:
            record["players"] = 1
        self._count(n)
        problems = records.append(self.path("history"), "history", record, self.keep, fields.history)
        self._report(problems)
        if not problems and fields.history()(record) is None:
            self._report(_checked().passed(self.root, fields))  # every record of the new file passed the rules
        return n

    def record_end(self, play, players, record_of):
        """The one rule for the end of every kind of game: put each player's finished
        game in the history, exactly once whatever the power does.

        `play` is the game in progress: play.done counts the players already in
        the history, play.recorded is the number stamped on the one being added,
        play.state() is what save_current() keeps and play.save() saves it.
        record_of(i) is player i's history record. Each player's game is stamped
        with its number in the saved game before the history is written
        (add_game), and `done` moves on in a second save after it; a power cut
        anywhere leaves a saved game that, finished again, adds exactly the
        games the history lacks. So a game's end calls this every time it is
        reached, resumed or not, and never skips it on its own knowledge."""
        while play.done < players:
            state = play.state()
            self.add_game(record_of(play.done), current=state)
            play.done += 1
            play.recorded = None
            play.save()

    def has_game(self, n, fields=None):
        """True if game number n is the history's last: a game's end stamped with n
        has reached the history (nothing is recorded after it while it is saved)."""
        if type(n) is not int:
            return False
        last = records.last(self.path("history"), "history", (fields or rules()).history)
        return last is not None and last["n"] == n

    def _count(self, n):
        if self.device["n"] < n:
            self.device["n"] = n
            self._write("device", (self.device,))

    def history(self):
        """Each kept finished game, oldest first, streamed from flash."""
        fields = rules()
        found = []
        for r in records.scan(self.path("history"), "history", found, fields.history):
            yield r
        self._report(found)

    def stats(self, variant, table=None, foster=False):
        """games, wins, best, average and the last ten scores (oldest first) of a variant
        (of a grid game: by its table and Foster's rule)."""
        games = wins = best = total = 0
        last = [0] * TOP
        key = (variant, table, foster)
        board = rules().board
        for r in self.history():
            if board(r) != key:
                continue
            score = r["score"]
            last[games % TOP] = score
            games += 1
            total += score
            if r["won"]:
                wins += 1
            if score > best:
                best = score
        k = games % TOP
        recent = last[k:] + last[:k] if games >= TOP else last[:games]
        return {"games": games, "wins": wins, "best": best,
                "average": total / games if games else 0.0, "last": recent}

    # The game in progress

    def save_current(self, obj):
        self._write("game", (obj,))

    def load_current(self):
        """The saved game-in-progress dict, or None."""
        return self._one("game")

    def has_current(self):
        return records.exists(self.path("game"))

    def clear_current(self):
        records.delete(self.path("game"))

    def set_aside_current(self, why):
        """The game in progress cannot be resumed: keep it aside, say so (the problem lines)."""
        problems = []
        records.set_aside(self.path("game"), why, problems)
        records.remove(self.path("game") + ".new")
        return problems

    def take_problems(self):
        """The problems not yet shown, and forget them."""
        out = self.problems
        if self.untold:
            out.append("and %d more problems" % self.untold)
        self.problems = []
        self.untold = 0
        return out


def _makedirs(path):
    if not path or records.exists(path):
        return
    parent = path.replace("\\", "/").rsplit("/", 1)[0]
    if parent != path:
        _makedirs(parent)
    try:
        os.mkdir(path)
    except OSError:
        pass
