"""The scores side: the database of pulled games (store), the record files read from a board
(pcr) and checked (cribrec, gridrec), and what leaves the tool (export)."""
