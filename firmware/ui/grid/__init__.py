# The grid games (Poker Patience, Cribbage Squares): the game in progress (game) and its
# screens (screens).
