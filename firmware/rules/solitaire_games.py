# The three cribbage solitaires by name and title, kept apart from their rules
# (rules.solitaires) so that the menus load no rules: the heap at a table of
# cribbage holds none of them.
VARIANTS = ("solitaire", "patience", "patience2")
TITLES = ("Solitaire Cribbage", "Cribbage Patience", "Cribbage Patience II")
