# The computer players and advisors: what the device chooses for a seat or suggests to
# the player (cribbage's computer levels and coach, the solitaires' and grids' advisors).
