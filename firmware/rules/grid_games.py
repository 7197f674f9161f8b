# The five grid games the device offers: Poker Patience by each scoring table,
# with Foster's placement rule or without, and Cribbage Squares. Each has its
# own deal codes, deal of the day and high-score table. Kept apart from
# rules.grids so that the menus and the deal codes load no rules.
#
#   GAMES[i] = (variant, table, foster)       # as rules.grids.new() takes them
#   KEYS[i]                                   # the name rules.dealcode uses
#   board(i)                                  # the high-score table's key (fields.board)

GAMES = (
    ("poker", "american", False),
    ("poker", "english", False),
    ("poker", "american", True),
    ("poker", "english", True),
    ("squares", "american", False),
)
KEYS = ("poker", "poker-english", "poker-foster", "poker-english-foster", "squares")
NAMES = ("Poker, American", "Poker, English", "Poker, Am. Foster", "Poker, En. Foster",
         "Cribbage Squares")
TARGETS = (200, 70, 200, 70, 61)  # rules.poker.TARGETS and rules.grids.SQUARES_TARGET


def index(variant, table, foster):
    """Which of GAMES this is (Cribbage Squares whatever its unused table)."""
    if variant == "squares":
        return 4
    return GAMES.index((variant, table, bool(foster)))


def board(i):
    """(variant, table, foster) as records keep them: no table for Cribbage Squares."""
    variant, table, foster = GAMES[i]
    return variant, (None if variant == "squares" else table), foster
