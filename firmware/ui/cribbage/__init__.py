# Cribbage against the computer: the game in progress (game), choosing one (setup), the
# lay-away and the play (play), the cut, the show and the end (show), the history's record
# and the statistics (history; the screen: stats), the board (pegboard). What they all say of the game is
# here, so that none imports another for it.

VARIANT = "cribbage"  # the history's and the high scores' name for it
LEVEL_NAMES = ("Easy", "Normal", "Expert")
ME = 0  # the player's seat; the computer plays the others (at four, seat 2 is the partner)
