# The expert's first cards of the two-hand play from tables (players.opening,
# tables.leadtable, tables.replies, tables.seconds): the tables' shape, their index over
# the hands, and that the computer lays from them, except at the very end of the game.
import sys

from players import cpu
from rules import forget
from tables import leadtable
from players import opening
from rules.cribbage import PLAY, Cribbage


def _hands():
    """Every four ranks, lowest first."""
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    yield (a, b, c, d)


def _pick(table, i):
    return table[i >> 2] >> 2 * (i & 3) & 3


def _table(package, name):
    full = "tables.%s.%s" % (package, name)
    __import__(full)
    table = sys.modules[full].PICK
    forget(full)
    forget("tables." + package)
    return table


def _reply_table(rank):
    return _table("replies", "r%d" % rank)


def _second_table(rank):
    return _table("seconds", "s%d" % rank)


def test_hand_index_numbers_the_hands_one_to_one():
    seen = bytearray(1820)
    for h in _hands():
        i = opening.hand_index(h)
        assert 0 <= i < 1820 and not seen[i]
        seen[i] = 1


def test_every_pick_is_a_rank_of_the_hand():
    tables = [leadtable.LEAD] + [_reply_table(r) for r in range(13)]
    for t in tables:
        assert len(t) == 1820 // 4
    for h in _hands():
        i = opening.hand_index(h)
        n = len(set(h))
        for t in tables:
            assert _pick(t, i) < n, h


def test_every_second_card_is_one_left_after_the_lead():
    for r in range(13):
        t = _second_table(r)
        assert len(t) == 1820 // 4
        for h in _hands():
            if h.count(r) == 4:
                continue  # the dealer cannot reply with that rank
            i = opening.hand_index(h)
            ranks = sorted(set(h))
            rest = list(h)
            rest.remove(ranks[_pick(leadtable.LEAD, i)])
            assert ranks[_pick(t, i)] in rest, (r, h)


def _opening(seed):
    g = Cribbage(seed, 2)
    while g.phase != PLAY:
        cpu.move(g, "normal")
    return g


def _want(g, table):
    hand = g.hands[g.turn]
    ranks = sorted(c >> 2 for c in hand)
    return sorted(set(ranks))[_pick(table, opening.hand_index(ranks))]


def test_the_expert_leads_and_replies_from_the_tables():
    for seed in range(3):
        g = _opening(seed)
        led = cpu.play(g, g.turn, "expert")
        assert led in g.hands[g.turn] and led >> 2 == _want(g, leadtable.LEAD)
        g.play(led)
        reply = cpu.play(g, g.turn, "expert")
        assert reply in g.hands[g.turn] and reply >> 2 == _want(g, _reply_table(led >> 2))
        g.play(reply)
        # The pone's second card, by the four it kept (its lead among them).
        second = cpu.play(g, g.turn, "expert")
        kept = sorted([c >> 2 for c in g.hands[g.turn]] + [led >> 2])
        want = sorted(set(kept))[_pick(_second_table(reply >> 2), opening.hand_index(kept))]
        assert second in g.hands[g.turn] and second >> 2 == want
        # The dealer's second card is the look-ahead's again.
        g.play(second)


def test_after_another_lead_the_second_card_is_searched():
    # The second-card tables are made after the lead table's lead: after any other
    # lead (the expert coaching a player, say) the look-ahead lays it.
    for seed in range(40):
        g = _opening(seed)
        table = cpu.play(g, g.turn, "expert")
        other = [c for c in g.hands[g.turn] if c >> 2 != table >> 2]
        if other:
            break
    g.play(other[0])
    g.play(cpu.play(g, g.turn, "expert"))
    assert opening.second(g, g.playable(g.turn)) is None
    searched = _searched(g)
    assert cpu.play(g, g.turn, "expert") == searched


def _searched(g):
    """The look-ahead's card, whatever the tables say."""
    return cpu.play(g, g.turn, "expert", tables=False)


def test_near_the_end_the_first_card_is_searched():
    # A deal whose table lead is not the search's once a side needs OPENING_NEAR or
    # fewer (it may peg out in this play): then the search's, weighing winning, is
    # laid; a point further out the table's.
    near = 121 - cpu.OPENING_NEAR
    for seed in range(80):
        g = _opening(seed)
        table = cpu.play(g, g.turn, "expert")
        g.scores = [near, near - 10]
        if _searched(g) != table:
            break
    else:
        assert False, "no deal found whose lead the search near the end changes"
    assert cpu.play(g, g.turn, "expert") == _searched(g)
    g.scores = [near - 1, near - 10]
    assert cpu.play(g, g.turn, "expert") == table


def test_the_tables_are_let_go():
    g = _opening(1)
    for _ in range(3):
        g.play(cpu.play(g, g.turn, "expert"))
    for name in ("players.opening", "tables.leadtable", "tables.replies", "tables.seconds") + tuple(
            "tables.replies.r%d" % r for r in range(13)) + tuple("tables.seconds.s%d" % r for r in range(13)):
        assert name not in sys.modules, name
