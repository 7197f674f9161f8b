# The solitaires' screens: the game in progress and what it shows next (game), the
# table, the count and the end of a round (screens), the computer's turns and the demo (auto).
