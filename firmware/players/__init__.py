# The computer players and advisors: what the device chooses for a seat or suggests to
# the player (cribbage's computer levels and coach, the solitaires' and grids' advisors).
# The levels of cribbage's computer are here, where players.cpu and players.laying both
# find them without importing each other.

LEVELS = ("easy", "normal", "expert")


def level_index(level):
    if level not in LEVELS:
        raise ValueError("unknown level %r (one of: %s)" % (level, ", ".join(LEVELS)))
    return LEVELS.index(level)
