# What a kept hand pegs in the play at four hands, less what the other side pegs (at
# three, each other's counting half). Made by tools/make_peg_table_multi.py from 40000
# simulated deals a table size (see there); do not edit.
#
# FOUR: per place in the order of play (0 the dealer, 1 the pone, then round),
# 13 terms per rank held, then 13 per rank held twice or more; signed bytes in 1/32
# points (players.laying adds them to the lay-away's value).
# 4 hands, place 0: 10000 deals, spread of the fitted values 0.63 points, residual 4.29
# 4 hands, place 1: 10000 deals, spread of the fitted values 0.58 points, residual 4.32
# 4 hands, place 2: 10000 deals, spread of the fitted values 0.58 points, residual 4.25
# 4 hands, place 3: 10000 deals, spread of the fitted values 0.67 points, residual 4.26
from micropython import const

SCALE = const(32)
FOUR = (
    b"\x12\x10\x10\x0a\x0c\x04\x07\x04\x07\xf5\xf7\xf9\xf9\x09\xf4\xf1"
    b"\x09\xdf\xed\x00\xf2\xe6\x01\x02\xef\xff\x06\x08\x05\x03\x01\xfe"
    b"\xfd\xf8\xf6\xf2\xed\xf6\xf2\x0e\xf8\x0f\x13\xed\xec\xfb\xfd\xf6"
    b"\xf2\x08\x03\x02\x13\x10\x14\x06\x0d\x0a\x00\xfe\x05\xf7\xf7\xfb"
    b"\xfc\xf6\xe9\xf3\xf8\xf3\xe8\x13\x05\xe8\xff\x00\xf9\xf7\x0f\x09"
    b"\x0b\x08\x02\xf9\xfd\xf6\xf5\xf0\xf2\xef\xf4\x02\xf2\xdf\xf4\xf4"
    b"\xf2\xf6\xfb\xed\xff\xf7\x06\xec"
)
