# The expert's first card as dealer after the pone's lead: one table per rank led
# (r0 .. r12, made by tools/make_opening_tables.py), loaded by players.cpu for that card.
