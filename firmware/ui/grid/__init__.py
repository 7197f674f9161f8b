# The grid games (Poker Patience, Cribbage Squares): choosing one (menu), the game in
# progress (game) and its screens (screens).
