"""The shipped opening tables (tables/leadtable.py, tables/replies/, tables/seconds/) are what their
generator writes: a few hands recomputed here with the same seeded guesses, pick
for pick (the whole set takes the generator half an hour:
python tools/make_opening_tables.py)."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import make_opening_tables as tables  # noqa: E402
from players import opening  # noqa: E402

TABLES = ROOT / "firmware" / "tables"


def _table(path, name):
    text = path.read_text()
    guesses = int(re.search(r"with (\d+) guesses a hand", text).group(1))
    data = {}
    exec(compile(text, str(path), "exec"), data)
    return guesses, data[name]


def _pick(table, i):
    return table[i >> 2] >> 2 * (i & 3) & 3


def test_leads_recomputed_from_the_generator():
    n, lead = _table(TABLES / "leadtable.py", "LEAD")
    # Four ranks apart, a pair with a five, low cards, a run with court cards.
    for h in ((0, 4, 8, 12), (3, 3, 4, 9), (0, 1, 2, 2), (8, 9, 10, 12)):
        i = opening.hand_index(h)
        assert _pick(lead, i) == tables.pick(list(h), n, tables.LEAD_SEED + i), h


def test_replies_recomputed_from_the_generator():
    # A five led to court cards, a ten-card to a five, a pair made or not, an ace.
    for led, h in ((4, (0, 9, 11, 12)), (11, (4, 4, 7, 8)), (6, (2, 6, 7, 8)), (0, (0, 1, 3, 12))):
        n, pick = _table(TABLES / "replies" / ("r%d.py" % led), "PICK")
        i = opening.hand_index(h)
        seed = tables.REPLY_SEED + led * tables.HANDS + i
        assert _pick(pick, i) == tables.pick(list(h), n, seed, led), (led, h)


def test_second_cards_recomputed_from_the_generator():
    # After a reply that pairs the lead, makes fifteen, a court card to a low lead, an ace.
    _, lead = _table(TABLES / "leadtable.py", "LEAD")
    for reply, h in ((4, (4, 5, 9, 12)), (9, (0, 4, 6, 10)), (12, (1, 2, 3, 7)), (0, (2, 2, 8, 11))):
        n, pick = _table(TABLES / "seconds" / ("s%d.py" % reply), "PICK")
        i = opening.hand_index(h)
        seed = tables.SECOND_SEED + reply * tables.HANDS + i
        assert _pick(pick, i) == tables.second(list(h), reply, n, seed, lead), (reply, h)
