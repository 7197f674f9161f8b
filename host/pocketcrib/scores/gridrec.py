"""A grid game (Poker Patience, Cribbage Squares) as the board records it, checked (docs/saves.md).

The record says which game it was (the variant, Poker Patience's scoring
table, Foster's placement rule), the points of each line of the finished grid
(the rows top to bottom, then the columns left to right), the score (the lines,
and two for heels in Cribbage Squares), the target and whether it was reached,
how many cards went on the advisor's best square, and the player's place among
those who played the deal on the device. The same rules as the board's
(firmware/storage/fields.py, grid_record) for these fields.

The record also holds the deal (its seed and generator) and the squares in the
order the cards went down, so the host replays the game with the board's own
engine (rules.grids, from the firmware folder): a record is taken only if its
squares are a legal game of its deal and rules, and that game scores its lines.
"""

from collections import namedtuple

VARIANTS = ("poker", "squares")
TABLES = ("american", "english")
TARGETS = {("poker", "american"): 200, ("poker", "english"): 70, ("squares", None): 61}
CARDS = {"poker": 25, "squares": 16}
LINES = {"poker": 10, "squares": 8}
SIDE = {"poker": 5, "squares": 4}  # lines are SIDE rows, then SIDE columns
MAX_SEED = 0xFFFFFFFF
_HEX = frozenset("0123456789abcdef")  # the board writes lowercase, two digits a square

Game = namedtuple("Game", "variant table foster lines heels matched players place")


class BadRecord(ValueError):
    """The record's field that is wrong."""


def _int(v, lo, hi):
    return type(v) is int and lo <= v <= hi


def game(rec):
    """The Game a grid history record holds, its fields checked and its game replayed; BadRecord
    naming what is wrong."""
    g = fields(rec)
    replay(rec, g)
    return g


def fields(rec):
    """The Game a grid record's fields make, each checked as the board checks it (not replayed)."""
    variant = rec.get("variant")
    if variant not in VARIANTS:
        raise BadRecord("variant")
    poker = variant == "poker"
    table = rec.get("table")
    if (table not in TABLES) if poker else (table is not None):
        raise BadRecord("table")
    foster = rec.get("foster")
    if type(foster) is not bool or (foster and not poker):
        raise BadRecord("foster")
    lines = rec.get("lines")
    if type(lines) is not list or len(lines) != LINES[variant] or not all(_int(x, 0, 100) for x in lines):
        raise BadRecord("lines")
    score = rec.get("score")
    heels = score - sum(lines) if type(score) is int else None
    if heels not in ((0,) if poker else (0, 2)):
        raise BadRecord("score")
    target = TARGETS[(variant, table)]
    if rec.get("target") != target or type(rec.get("target")) is not int:
        raise BadRecord("target")
    if rec.get("won") is not (score >= target):
        raise BadRecord("won")
    if not _int(rec.get("matched"), 0, CARDS[variant]):
        raise BadRecord("matched")
    players = rec.get("players")
    if not _int(players, 1, 4):
        raise BadRecord("players")
    if not _int(rec.get("place"), 1, players):
        raise BadRecord("place")
    return Game(variant, table, foster, list(lines), heels, rec["matched"], players, rec["place"])


def replay(rec, g):
    """Deal the record's seed by its generator, put the cards on its squares in order under its
    rules, and score the grid: BadRecord unless that is a legal game with g's lines and heels."""
    seed, gen, moves = rec.get("seed"), rec.get("gen", 1), rec.get("moves")  # no "gen": generator 1
    if not _int(seed, 0, MAX_SEED):
        raise BadRecord("seed")
    grids, rng = _core()  # as the board's saves do (rules.envelope.seed_at): generator 1 deals unmix(seed)
    if not _int(gen, 1, rng.GEN):
        raise BadRecord("gen" if not _int(gen, 1, 2**53) else
                        f"gen {gen} (a generator newer than this pocketcrib's, {rng.GEN}: update pocketcrib "
                        "and pull again)")
    if type(moves) is not str or len(moves) != 2 * CARDS[g.variant] or not _HEX.issuperset(moves):
        raise BadRecord("moves")
    try:
        lines, heels = _played(grids, g, rng.unmix(seed) if gen == 1 else seed, bytes.fromhex(moves))
    except BadRecord:
        raise
    except Exception as e:  # a firmware folder whose engine is not this one's: the pull goes on
        raise BadRecord(f"not replayed ({type(e).__name__} in {grids.__file__}: {e})") from None
    if lines != g.lines:
        raise BadRecord("lines (not what its deal scores on its squares)")
    if heels != g.heels:
        raise BadRecord("score (heels)")


def _played(grids, g, seed, squares):
    """(points of each line, heels) of the game dealt from seed (today's generator) with the cards
    put on the squares in order; BadRecord for the first square the rules do not allow."""
    board = grids.new(g.variant, seed, g.table or "american", g.foster)
    for i, square in enumerate(squares, start=1):
        try:
            board.place(square)  # rules.grids enforces the rules: ValueError for a square not allowed
        except ValueError:
            raise BadRecord(f"moves (card {i} cannot go on square {square})") from None
    return [points for _, points in board.lines()], board.heels()


def _core():
    """rules.grids and rules.rng of the firmware folder (core.py), imported on the first replay."""
    from pocketcrib.firmware import use_firmware

    use_firmware()
    try:
        from rules import grids
        from rules import rng
    except ImportError as e:
        raise BadRecord(f"not replayed ({e}: run pocketcrib from a Pocket Crib checkout, or set "
                        "POCKETCRIB_FIRMWARE)") from None
    return grids, rng


def kind(g):
    """The board's name for the game (rules.grid_games.KEYS): poker, poker-english, poker-foster,
    poker-english-foster, squares."""
    if g.variant == "squares":
        return "squares"
    return "poker" + ("-english" if g.table == "english" else "") + ("-foster" if g.foster else "")


def mode(g):
    """"Poker Patience, English, Foster's rule" or "Cribbage Squares"."""
    if g.variant == "squares":
        return "Cribbage Squares"
    return f"Poker Patience, {g.table.capitalize()}" + (", Foster's rule" if g.foster else "")


def line_names(variant):
    """"row 1".."row 5", "column 1".."column 5": what each of a record's lines is."""
    side = SIDE[variant]
    return [f"row {i}" for i in range(1, side + 1)] + [f"column {i}" for i in range(1, side + 1)]


def per_line(games):
    """The mean points of each line (rows, then columns) over games of one kind."""
    return [sum(col) / len(games) for col in zip(*(g.lines for g in games), strict=True)]
