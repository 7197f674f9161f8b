# What each kind of saved record may hold: every field's type, range and
# length. A checksum says a line is the one that was written; these rules say
# it is one a Pocket Crib writes (not a restored, edited or foreign record).
#
#   records.check(path, "history", problems, fields.history)
#
# Each rules function (history, scores, device, single) makes a fresh check for
# one pass over a file: the check takes each record in file order and returns
# None for a good one, else the name of what is wrong (for the problem line).
# play_state() checks the game in progress before it is resumed.
from micropython import const

# rules.solitaires.VARIANTS (a test keeps them equal): not imported, boot loads no rules.
VARIANTS = ("solitaire", "patience", "patience2")
# rules.grids.VARIANTS, and their targets by table (rules.poker.TARGETS, rules.grids.SQUARES_TARGET).
GRIDS = ("poker", "squares")
TABLES = ("american", "english")
_POKER_TARGETS = (200, 70)
_SQUARES_TARGET = const(61)
TOP = const(10)  # entries per variant in the high-score table
_MAX_N = const(0x3FFFFFFF)  # game numbers stay small ints
_MAX_SCORE = const(9999)  # far above any game's, far below anything that breaks a sum
_MAX_SEED = 0xFFFFFFFF
_MAX_BONUS = const(999)
_MAX_TENTHS = const(9999)
_DATE = const(10)  # YYYY-MM-DD
_CODE = const(16)  # a deal code is nine letters

GEN = const(2)  # rules.rng.GEN, the newest generator a seed can be for (a test keeps them equal)

_GAME = ("n", "variant", "seed", "score", "won", "target", "rounds", "date", "players", "code", "gen",
         "people", "link", "scores")
_LEFT = ("n", "variant", "game", "people", "link", "seed", "score", "scores", "players", "date", "code", "gen")
_SCORE = ("variant", "initials", "score", "seed", "date", "code", "gen")
_CRIB = ("n", "variant", "seed", "score", "won", "target", "date", "players", "code", "level",
         "scores", "skunk", "deals", "gen", "people", "levels", "link")
_CRIB_DEALS = const(120)  # deals a game of cribbage can last, and more
_GRID = ("n", "variant", "seed", "score", "won", "target", "table", "foster", "lines", "moves",
         "matched", "place", "date", "players", "code", "gen", "people", "link", "scores")
_GRID_SCORE = _SCORE + ("table", "foster")
_DEVICE = ("id", "n")
_PLAY = ("v", "games", "turn", "partners", "reached", "double", "bonus", "count", "done", "recorded",
         "hs", "cpu", "claims", "review", "scored", "people", "link", "held")


def _int(v, lo, hi):
    return type(v) is int and lo <= v <= hi


def _text(v, lo, hi):
    return type(v) is str and lo <= len(v) <= hi


def _maybe_text(v, hi):
    return v is None or _text(v, 0, hi)


def _ints(v, n_max, lo, hi):
    """True for a list of at most n_max ints in lo..hi."""
    if type(v) is not list or len(v) > n_max:
        return False
    for x in v:
        if not _int(x, lo, hi):
            return False
    return True


def _stranger(r, keys):
    """The first key that is not one of `keys`, or None."""
    for k in r:
        if k not in keys:
            return k
    return None


def game_record(r):
    """None if r is a finished game as the history holds it, else the wrong field."""
    if not _int(r.get("n"), 1, _MAX_N):
        return "n"
    if r.get("variant") in ("cribbage", "board"):
        return crib_record(r)
    if r.get("variant") == "abandoned":
        return left_record(r)
    if r.get("variant") in GRIDS:
        return grid_record(r)
    if r.get("variant") not in VARIANTS:
        return "variant"
    if not _int(r.get("seed"), 0, _MAX_SEED):
        return "seed"
    if not _int(r.get("score"), 0, _MAX_SCORE):
        return "score"
    if type(r.get("won")) is not bool:
        return "won"
    if not _int(r.get("target"), 1, _MAX_SCORE):
        return "target"
    if not _ints(r.get("rounds"), 8, 0, _MAX_SCORE):
        return "rounds"
    if not _maybe_text(r.get("date"), _DATE):
        return "date"
    if not _int(r.get("players", 1), 1, 4):
        return "players"
    if not _maybe_text(r.get("code"), _CODE):
        return "code"
    if not _int(r.get("gen", 1), 1, GEN):  # no "gen": a generator-1 seed
        return "gen"
    return raced(r) or _stranger(r, _GAME)


def left_record(r):
    """None if r is a game on the cable the other device left once its deal was fixed (issue
    37, link.left): the game it was, both names (this device's first), the other's id, the
    seed (null if this device never learnt it) and both scores as they stood; else the wrong field."""
    if r.get("game") not in ("cribbage",) + VARIANTS + GRIDS:
        return "game"
    people = r.get("people")
    if type(people) is not list or len(people) != 2 or not _text(people[0], 1, 3) or not _text(people[1], 1, 3):
        return "people"
    if not _text(r.get("link"), 0, 32):
        return "link"
    if r.get("seed") is not None and not _int(r.get("seed"), 0, _MAX_SEED):
        return "seed"
    scores = r.get("scores")
    if not _ints(scores, 2, 0, _MAX_SCORE) or len(scores) != 2:
        return "scores"
    if r.get("score") != scores[0]:
        return "score"
    if r.get("players") != 2:
        return "players"
    return _uncoded(r) or _stranger(r, _LEFT)


def raced(r):
    """None, or the wrong one of a raced game's fields (a solitaire or grid game
    raced on the cable): both names (this device's first), the other device's id, both
    scores (this device's first); all three or none, and then two players."""
    people = r.get("people")
    if people is None and r.get("link") is None and r.get("scores") is None:
        return None
    if r.get("players") != 2:
        return "players"
    if type(people) is not list or len(people) != 2 or not _text(people[0], 1, 3) or not _text(people[1], 1, 3):
        return "people"
    if not _text(r.get("link"), 0, 32):
        return "link"
    scores = r.get("scores")
    if not _ints(scores, 2, 0, _MAX_SCORE) or len(scores) != 2 or scores[0] != r.get("score"):
        return "scores"
    return None


def crib_record(r):
    """None if r is a finished game of cribbage (ui.cribbage.game.record), or of the board for
    a real deck (variant "board": ui.board.game.record), else the wrong field."""
    board = r["variant"] == "board"  # (one function for both: each new name is a qstr for good)
    players = r.get("players")
    if not _int(players, 2, 4):
        return "players"
    sides = 2 if players == 4 else players
    if not board and not _int(r.get("seed"), 0, _MAX_SEED):
        return "seed"
    if r.get("target") not in (61, 121):
        return "target"
    if board:
        names = r.get("names")
        if type(names) is not list or len(names) != players:
            return "names"
        for name in names:
            if not _text(name, 1, 3):
                return "names"
    scores = r.get("scores")
    if not _ints(scores, sides, 0, 255) or len(scores) != sides:
        return "scores"
    if not _int(r.get("score"), 0, 255) or r["score"] not in scores:
        return "score"
    if not board and type(r.get("won")) is not bool:
        return "won"
    if not board and not _int(r.get("level"), 0, 2):
        return "level"
    if not _int(r.get("skunk"), 0, 2):
        return "skunk"
    deals = r.get("deals")
    # Hex digits a deal: dealer, crib, heels, then per seat (the board's: per side); the board's
    # at most rules.board's 100 deals, and one at least.
    per = 2 * (3 + 3 * (sides if board else players))
    if not _text(deals, per if board else 0, per * (100 if board else _CRIB_DEALS)) or len(deals) % per \
            or not _hex(deals):
        return "deals"
    why = _uncoded(r)
    if why is not None:
        return why
    people = r.get("people")  # games between people: a name a seat, None the computer's
    if people is not None and not crib_people(people, players):
        return "people"
    levels = r.get("levels")  # the computer's level per seat (None a person's); none: all at "level"
    if levels is not None and (board or not crib_levels(levels, people, players, r.get("level"))):
        return "levels"
    if not _maybe_text(r.get("link"), 32) or r.get("link") is not None and (people is None or players != 2):
        return "link"  # a game over the cable: the other device's id
    return _stranger(r, ("n", "variant", "score", "target", "date", "players", "code", "names", "scores",
                         "skunk", "deals", "gen") if board else _CRIB)


def crib_people(p, players):
    """A name (1 to 3 letters) per seat or None for the computer's; the first seat and
    another a person, no name twice."""
    if type(p) is not list or len(p) != players or p[0] is None:
        return False
    for x in p:
        if x is not None and (not _text(x, 1, 3) or p.count(x) > 1):
            return False
    return p.count(None) < players - 1


def crib_levels(v, people, players, level):
    """Per seat the computer's level (0..2), None for a person's seat (people's names, or
    without people seat 1 alone); the first computer seat's level is `level` (1 if none)."""
    if type(v) is not list or len(v) != players:
        return False
    first = None
    for s in range(players):
        x = v[s]
        if (x is None) != (s == 0 if people is None else people[s] is not None):
            return False
        if x is not None and not _int(x, 0, 2):
            return False
        if first is None:
            first = x
    return (1 if first is None else first) == level


def grid_board(r):
    """The grid game a record is of: its table (None for Cribbage Squares) and Foster's rule,
    or the wrong field."""
    poker = r.get("variant") == "poker"
    table = r.get("table")
    if (table not in TABLES) if poker else (table is not None):
        return "table"
    foster = r.get("foster")
    if type(foster) is not bool or (foster and not poker):
        return "foster"
    return None


def grid_record(r):
    """None if r is a finished grid game (ui.grid.game.record), else the wrong field."""
    why = grid_board(r)
    if why is not None:
        return why
    poker = r["variant"] == "poker"
    lines = r.get("lines")
    if not _ints(lines, 10, 0, 100) or len(lines) != (10 if poker else 8):
        return "lines"
    score = r.get("score")
    # The lines' points, and two for heels in Cribbage Squares.
    if not _int(score, 0, _MAX_SCORE) or score - sum(lines) not in ((0,) if poker else (0, 2)):
        return "score"
    target = _POKER_TARGETS[TABLES.index(r["table"])] if poker else _SQUARES_TARGET
    if r.get("target") != target:
        return "target"
    if r.get("won") is not (score >= target):
        return "won"
    cards = 25 if poker else 16
    moves = r.get("moves")
    if not _text(moves, 2 * cards, 2 * cards) or not _hex(moves) or not _squares(
            moves, 81 if r["foster"] else cards):
        return "moves"
    if not _int(r.get("matched"), 0, cards):
        return "matched"
    players = r.get("players")
    if not _int(players, 1, 4):
        return "players"
    if not _int(r.get("place"), 1, players):
        return "place"
    return _dealt(r) or raced(r) or _stranger(r, _GRID)


def _uncoded(r):
    """None, or the wrong one of the date, the deal code (none: a game with no code) and the
    generator of a record of cribbage or of a game left on the cable."""
    if not _maybe_text(r.get("date"), _DATE):
        return "date"
    if r.get("code") is not None:
        return "code"
    if not _int(r.get("gen", 1), 1, GEN):
        return "gen"
    return None


def _dealt(r):
    """None, or the wrong one of a finished deal's seed, date, code and generator."""
    if not _int(r.get("seed"), 0, _MAX_SEED):
        return "seed"
    if not _maybe_text(r.get("date"), _DATE):
        return "date"
    if not _maybe_text(r.get("code"), _CODE):
        return "code"
    if not _int(r.get("gen", 1), 1, GEN):
        return "gen"
    return None


def _squares(moves, n):
    """True if the hex holds squares below n, none twice."""
    seen = bytearray(n)
    for i in range(0, len(moves), 2):
        s = int(moves[i:i + 2], 16)
        if s >= n or seen[s]:
            return False
        seen[s] = 1
    return True


def _hex(s):
    for ch in s:
        if ch not in "0123456789abcdef":
            return False
    return True


def score_record(r):
    """None if r is a high-score entry, else the wrong field."""
    keys = _SCORE
    if r.get("variant") in GRIDS:
        why = grid_board(r)
        if why is not None:
            return why
        keys = _GRID_SCORE
    elif r.get("variant") not in VARIANTS:
        return "variant"
    if not _text(r.get("initials"), 1, 3):
        return "initials"
    if not _int(r.get("score"), 1, _MAX_SCORE):
        return "score"
    return _dealt(r) or _stranger(r, keys)


def device_record(r):
    """None if r is the device record (id, game counter), else the wrong field."""
    if not _text(r.get("id"), 1, 32):
        return "id"
    if not _int(r.get("n"), 0, _MAX_N):
        return "n"
    return _stranger(r, _DEVICE)


def history():
    """Finished games, numbered upwards: a number that does not rise is a repeat."""
    last = [0]

    def check(r):
        why = game_record(r)
        if why is None:
            if r["n"] <= last[0]:
                return "n repeated"
            last[0] = r["n"]
        return why

    return check


def board(r):
    """Which high-score table an entry is in: its variant, and for a grid game
    its table and Foster's rule (each of the grid menu's games has its own)."""
    return r["variant"], r.get("table"), r.get("foster", False)


def scores():
    """The high-score table: at most ten per variant (per grid game), best first."""
    low = {}  # board -> (entries so far, lowest score)

    def check(r):
        why = score_record(r)
        if why is not None:
            return why
        key = board(r)
        n, least = low.get(key, (0, _MAX_SCORE))
        if n >= TOP:
            return "an eleventh entry"
        if r["score"] > least:
            return "out of order"
        low[key] = (n + 1, r["score"])
        return None

    return check


def single():
    """A file of one record (settings, the game in progress): a second is bad."""
    seen = [False]

    def check(r):
        if seen[0]:
            return "a second record"
        seen[0] = True
        return None

    return check


def device():
    one = single()

    def check(r):
        return device_record(r) or one(r)

    return check


def play_state(d):
    """None if d has the shape of a saved game in progress (ui.solitaire.screens.Play.state()),
    else the wrong field. What only the replayed games can tell (a count that
    starts past the deal's log) is checked by the resume."""
    games = d.get("games")
    if type(games) is not list or not 1 <= len(games) <= 4:
        return "games"
    for h in games:
        if not _text(h, 24, 80):  # the hex of a 12-byte save and its moves
            return "games"
    players = len(games)
    last = players - 1
    if not _int(d.get("turn"), 0, last):
        return "turn"
    if type(d.get("partners", False)) is not bool:
        return "partners"
    reached = d.get("reached")
    if reached is not None and not _int(reached, 0, 8):
        return "reached"
    double = d.get("double", [])
    if type(double) is not list or len(double) > 4:
        return "double"
    for pair in double:
        if not _ints(pair, 2, 0, last) or len(pair) != 2:
            return "double"
    bonus = d.get("bonus")
    if bonus is not None and (not _ints(bonus, 4, -_MAX_BONUS, _MAX_BONUS) or len(bonus) != players):
        return "bonus"
    count = d.get("count")
    if count is not None and (not _ints(count, 2, 0, 64) or len(count) != 2 or count[0] > last):
        return "count"
    cpu = d.get("cpu")
    if cpu is not None and (not _int(cpu, 0, 2) or players != 2):
        return "cpu"
    humans = 1 if cpu is not None else players
    done = d.get("done", 0)
    if not _int(done, 0, humans):
        return "done"
    if not _int(d.get("hs", 0), 0, done):
        return "hs"
    recorded = d.get("recorded")
    if recorded is not None and not _int(recorded, 1, _MAX_N):
        return "recorded"
    claims = d.get("claims", [])
    if type(claims) is not list or len(claims) > 16:
        return "claims"
    for c in claims:
        if c is not None and not _int(c, 0, 99):
            return "claims"
    review = d.get("review", [])
    if type(review) is not list or len(review) > 16:
        return "review"
    for r in review:
        if not _ints(r, 4, 0, _MAX_TENTHS) or len(r) != 4 or r[0] > 51 or r[1] > 51:
            return "review"
    if type(d.get("scored", False)) is not bool:
        return "scored"
    link = d.get("link")  # raced on the cable: [the other device's id, its game's save in hex]
    if link is not None or d.get("people") is not None:
        people = d.get("people")
        if players != 1 or cpu is not None or type(link) is not list or len(link) != 2 \
                or not _text(link[0], 0, 32) or not _text(link[1], 24, 80):
            return "link"
        if type(people) is not list or len(people) != 2 or not _text(people[0], 1, 3) \
                or not _text(people[1], 1, 3):
            return "people"
    if d.get("held") not in (None, True) or d.get("held") and link is None:
        return "held"  # the other device holds this one's finished raced game (issue 37)
    return _stranger(d, _PLAY)
