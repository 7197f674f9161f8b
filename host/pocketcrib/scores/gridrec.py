"""A grid game (Poker Patience, Cribbage Squares) as the board records it, checked (docs/saves.md).

The record says which game it was (the variant, Poker Patience's scoring
table, Foster's placement rule), the points of each line of the finished grid
(the rows top to bottom, then the columns left to right), the score (the lines,
and two for heels in Cribbage Squares), the target and whether it was reached,
how many cards went on the advisor's best square, and the player's place among
those who played the deal on the device. The board's own rules check these fields
(firmware/storage/fields.py's grid_record, imported from the firmware folder).

The record also holds the deal (its seed and generator) and the squares in the
order the cards went down, so the host replays the game with the board's own
engine (rules.grids, from the firmware folder): a record is taken only if its
squares are a legal game of its deal and rules, and that game scores its lines.
"""

from collections import namedtuple

from pocketcrib.scores.pcr import board_fields

VARIANTS = ("poker", "squares")
TABLES = ("american", "english")
CARDS = {"poker": 25, "squares": 16}
SIDE = {"poker": 5, "squares": 4}  # lines are SIDE rows, then SIDE columns

Game = namedtuple("Game", "variant table foster lines heels matched players place")


class BadRecord(ValueError):
    """The record's field that is wrong."""


def game(rec):
    """The Game a grid history record holds, its fields checked and its game replayed; BadRecord
    naming what is wrong."""
    g = checked(rec)
    replay(rec, g)
    return g


def checked(rec):
    """The Game of a grid record that the board's own rules take (firmware/storage/fields.py's
    grid_record, imported from the firmware folder: no copy of them here), not replayed; BadRecord
    naming the field they refuse."""
    if rec.get("variant") not in VARIANTS:
        raise BadRecord("variant")
    try:
        field = board_fields().grid_record(rec)
    except ImportError as e:
        raise BadRecord(f"not checked ({e}: run pocketcrib from a Pocket Crib checkout, or set "
                        "POCKETCRIB_FIRMWARE)") from None
    if field is not None:
        raise BadRecord(field)
    lines = list(rec["lines"])
    return Game(rec["variant"], rec["table"], rec["foster"], lines, rec["score"] - sum(lines), rec["matched"],
                rec["players"], rec["place"])


def replay(rec, g):
    """Deal the record's seed by its generator, put the cards on its squares in order under its
    rules, and score the grid: BadRecord unless that is a legal game with g's lines and heels (rec's
    fields are ones checked() took)."""
    seed, gen = rec["seed"], rec.get("gen", 1)  # (its fields checked: checked()); no "gen": generator 1
    grids, rng = _core()  # as the board's saves do (rules.envelope.seed_at): generator 1 deals unmix(seed)
    try:
        lines, heels = _played(grids, g, rng.unmix(seed) if gen == 1 else seed, bytes.fromhex(rec["moves"]))
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
