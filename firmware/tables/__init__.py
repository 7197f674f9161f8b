# Generated data (tools/make_*.py write them; tests check them against their generators):
# values the players and advisors look up instead of computing on the device.
