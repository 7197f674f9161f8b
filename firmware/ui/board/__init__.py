# The board for a game played with a real deck: the game in progress (game),
# choosing one (setup), the pegboard and the end (pegs), the hand counter
# (count; its keys: entry). What they all say of the game is here, so that
# none imports another for it.

VARIANT = "board"  # the history's name for it
PLAYERS = ("P1", "P2", "P3", "P4")  # names until the players give theirs
