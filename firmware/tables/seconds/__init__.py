# The expert's second card as pone, after its lead from tables.leadtable and the
# dealer's reply: one table per rank replied (s0 .. s12, made by
# tools/make_opening_tables.py), loaded by players.cpu for that card.
