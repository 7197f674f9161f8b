"""Issue 30: the cribbage table read at a glance. Each test plays by key presses in the
simulator and reads the pixels on the glass."""
import pytest

import framebuf
from helpers.drive import crib_keys, crib_on

from pocketcrib.twins.sim import Sim
from ui import gfx


def _pixel(frame, x, y):
    return frame[(y >> 3) * 128 + x] >> (y & 7) & 1


def _shows_mini(frame, card, y, lit=False, covered=0):
    """Whether the small card `card` is drawn whole and uncovered somewhere on row y (but
    for `covered` columns at its right, under the next card)."""
    w = gfx.mini_width(card)
    buf = bytearray(w * 2)
    fb = framebuf.FrameBuffer(buf, w, 16, framebuf.MONO_VLSB)
    gfx.mini(fb, card, 0, 0, lit)
    want = [[fb.pixel(i, j) for j in range(gfx.MINI_H)] for i in range(w)]
    for x in range(128 - w + 1):
        if all(_pixel(frame, x + i, y + j) == want[i][j] for i in range(w - covered) for j in range(gfx.MINI_H)):
            return True
    return False


@pytest.mark.slow
def test_the_starter_is_in_sight_all_through_the_play(tmp_path):
    for players, seed in ((2, 5), (3, 8), (4, 13)):
        sim = Sim(tmp_path / str(players), seed=seed)
        sim.run_script(" ".join(crib_keys(level=0, players=players)))
        seen = 0
        longest = 0
        for _ in range(1500):
            g = sim.app.play.g if sim.app.play is not None else None
            if type(sim.app.screen).__name__ == "CribPlay" and g.phase == "play":
                frame = sim.frame()
                assert _shows_mini(frame, g.starter, 10), (players, g.deal_no, list(g.seq))
                if g.seq:  # the last card laid, whole, however long the count
                    last = g.seq[-1]
                    assert _shows_mini(frame, last, 10, last in g.played[0]), (players, list(g.seq))
                seen += 1
                longest = max(longest, len(g.seq))
            if g is not None and (g.deal_no > 8 or g.over):
                break
            crib_on(sim)
        assert seen > 30 and longest >= (4 if players == 2 else 6), (players, seen, longest)


def _to_my_turn_with_a_card_too_high(sim):
    """Press A through the play until it is my turn with a card that would pass 31; its index."""
    from rules.cards import PIPS

    for _ in range(3000):
        g = sim.app.play.g if sim.app.play is not None else None
        screen = sim.app.screen
        if g is None:
            sim.press("A")
            continue
        if type(screen).__name__ == "CribOver":
            break
        if type(screen).__name__ == "CribPlay" and g.phase == "play" and g.turn == 0 and not screen.waiting():
            fits = g.playable(0)
            for i, c in enumerate(screen.hand):
                if fits and c not in fits and g.count + PIPS[c >> 2] > 31:
                    return i
        crib_on(sim)
    raise AssertionError("never held a card too high")


def test_a_card_that_would_pass_31_is_said_in_a_line_that_fits(tmp_path):
    sim = Sim(tmp_path, seed=1)  # a deal where the player soon holds a card too high
    sim.run_script(" ".join(crib_keys(level=0)))
    i = _to_my_turn_with_a_card_too_high(sim)
    screen = sim.app.screen
    while screen.cur != i:
        sim.press("RIGHT")
    card = screen.hand[i]
    sim.press("A")
    said = screen.prompt()
    assert said.startswith(gfx.card_text(card) + " "), said  # the suit drawn, as on every screen
    assert gfx.width(said) <= 126, said
    assert sim.app.play.g.seq[-1] != card


def test_the_menu_rows_fit_beside_the_scroll_marks(tmp_path):
    sim = Sim(tmp_path, seed=1)
    sim.run_script("A")
    menu = sim.app.screen
    assert type(menu).__name__ == "Menu"
    for label, _ in menu.items:
        assert gfx.width(label) <= 120, label  # the scroll marks are drawn at x = 122


def _grid_game(tmp_path, kind=0):
    from helpers.drive import grid_keys

    sim = Sim(tmp_path, seed=3)
    sim.run_script(" ".join(grid_keys(kind=kind)))
    assert type(sim.app.screen).__name__ == "GridTable"
    return sim


def test_after_a_card_the_cursor_goes_to_a_square_next_to_it(tmp_path):
    sim = _grid_game(tmp_path)
    screen = sim.app.screen
    side = screen.game.side
    for k in ("DOWN", "DOWN"):
        sim.press(k)
    was = screen.cur
    assert divmod(was, side) == (2, 0)
    sim.press("A")
    y, x = divmod(screen.cur, side)
    assert abs(y - 2) + abs(x - 0) == 1, (y, x)  # not the far end of the row above


def _move_to(sim, square):
    screen = sim.app.screen
    side = screen.game.side
    ty, tx = divmod(square, side)
    for _ in range(2 * side):
        y, x = divmod(screen.cur, side)
        if (y, x) == (ty, tx):
            return
        sim.press("DOWN" if y < ty else "UP" if y > ty else "RIGHT" if x < tx else "LEFT")
    raise AssertionError("the cursor did not reach %d" % square)


def test_a_game_on_the_advisors_squares_has_lost_nothing_and_says_so(tmp_path):
    from players import placement

    sim = _grid_game(tmp_path)
    while type(sim.app.screen).__name__ == "GridTable":
        best = placement.rank_squares(sim.app.screen.game)[0][1]
        _move_to(sim, best)
        sim.press("A")
    assert type(sim.app.screen).__name__ == "GridOver"
    assert sim.app.play.lost[0] < 5  # under half a tenth: shown as 0.0
    frame = sim.frame()
    # The review's figure, at (80, 28): drawn as "0.0", not "-0.0".
    from ui import gfx as g

    want = bytearray(128 * 8)
    import framebuf

    fb = framebuf.FrameBuffer(want, 128, 64, framebuf.MONO_VLSB)
    g.text(fb, "0.0", 80, 28)
    got = [[_pixel(frame, x, y) for y in range(28, 37)] for x in range(76, 112)]
    assert got == [[fb.pixel(x, y) for y in range(28, 37)] for x in range(76, 112)]


def _marked(frame, y=10):
    """The table cards drawn lit (marked), by their place in the row: a lit card is inked
    inside, left of its big rank and suit."""
    return [i for i in range(6) if _pixel(frame, 1 + 21 * i + 2, y + 13)]


def _cursor(frame):
    """The card the cursor's triangle points at, read below the row of table cards."""
    for y in range(36, 40):
        for i in range(6):
            x = 10 + 21 * i
            if _pixel(frame, x, y) and not _pixel(frame, x - 1, y) and _pixel(frame, x - 2, y + 2):
                return i
    return None


def test_a_marks_the_card_under_the_cursor_in_every_game(tmp_path):
    """Item 2: A marks the cursor's card (or takes its mark off) and the cursor stays,
    in Solitaire Cribbage and laying away against the computer alike; with enough
    marked, A lays them away."""
    for game, keys, then in (("solitaire", ["A", "A"], "Count"),
                             ("cribbage", crib_keys(level=0) + ["A"], "CribPlay")):
        sim = Sim(tmp_path / game, seed=3)
        sim.run_script(" ".join(keys))
        table = sim.app.screen
        assert _marked(sim.frame()) == [] and _cursor(sim.frame()) == 0, game
        sim.press("A")
        assert (_marked(sim.frame()), _cursor(sim.frame())) == ([0], 0), game
        sim.run_script("RIGHT A")  # docs/playing.md: LEFT/RIGHT move the cursor and A marks a card
        assert (_marked(sim.frame()), _cursor(sim.frame())) == ([0, 1], 1), game
        sim.press("A")  # with two marked, A lays them away: the cursor's mark stays
        assert sim.app.screen is not table and type(sim.app.screen).__name__ == then, game


def test_a_again_takes_the_mark_off_and_the_cursor_stays(tmp_path):
    for game, keys in (("solitaire", ["A", "A"]), ("cribbage", crib_keys(level=0) + ["A"])):
        sim = Sim(tmp_path / game, seed=3)
        sim.run_script(" ".join(keys + ["RIGHT", "RIGHT", "A"]))
        assert (_marked(sim.frame()), _cursor(sim.frame())) == ([2], 2), game
        sim.press("A")
        assert (_marked(sim.frame()), _cursor(sim.frame())) == ([], 2), game


def _shows_text(frame, s, x=1):
    """Whether the text s is drawn whole at x on some row of the glass (nothing else in its box)."""
    w = gfx.width(s)
    buf = bytearray(w * 2)
    fb = framebuf.FrameBuffer(buf, w, 16, framebuf.MONO_VLSB)
    gfx.text(fb, s, 0, 0)
    want = [[fb.pixel(i, j) for j in range(8)] for i in range(w)]
    for y in range(64 - 7):
        if all(_pixel(frame, x + i, y + j) == want[i][j] for i in range(w) for j in range(7)):
            return True
    return False


def _moves(sim, players, seed, deals=6):
    """Play a game by keys, yielding (the move's seat, its card or None for a go, the log
    items it brought, the call the screen says for it) after every single move of the
    play, on the play screen."""
    from rules.cribbage import PLAY

    sim.run_script(" ".join(crib_keys(level=0, players=players)))
    for _ in range(2500):
        crib = sim.app.play
        g = crib.g if crib is not None else None
        if g is None or g.over or g.deal_no > deals:
            return
        moves, trail, gos, log = len(g.moves), len(g.trail), len(g.gos), len(g.log)
        before = g.phase
        crib_on(sim)
        if type(sim.app.screen).__name__ != "CribPlay" or before != PLAY or len(g.moves) != moves + 1:
            continue
        if len(g.trail) > trail:
            yield g.trail[-1] >> 6 & 3, g.trail[-1] & 63, g.log[log:], crib.note
        else:
            yield g.gos[gos][0], None, g.log[log:], crib.note


@pytest.mark.slow
def test_each_sides_scoring_call_stays_until_that_side_lays_again(tmp_path):
    """Item 9: after a move that scored, the next move by another seat (the computer's card
    0.9 s after yours) leaves that call on the glass, unless the screen must ask for A."""
    for players, seed in ((2, 5), (3, 8)):
        sim = Sim(tmp_path / str(players), seed=seed)
        kept = 0
        standing = None  # (seat, call) of the last scoring move still to be read
        for seat, _card, items, call in _moves(sim, players, seed):
            g = sim.app.play.g
            frame = sim.frame()
            assert _shows_text(frame, call), call  # the move itself, as ever
            asking = g.phase != "play" or g.over or (g.turn == 0 and not g.playable(0))
            if standing is not None and standing[2] != g.deal_no:
                standing = None  # the calls of the deal before
            if standing is not None and standing[0] != seat and not asking:
                assert _shows_text(frame, standing[1]), (players, standing, call)
                kept += 1
            if items:
                assert all(("%d" % p) in call for _, _, p, _ in items), (call, items)
                standing = (seat, call, g.deal_no)
            elif standing is not None and standing[0] == seat:
                standing = None
        assert kept >= 5, (players, kept)


@pytest.mark.slow
def test_the_cards_of_a_count_just_ended_stay_until_the_next_card(tmp_path):
    """Item 10: after 31 (or a go that ends the count) its cards stay on the top row."""
    thirty_one = 0
    for players, seed in ((2, 5), (3, 8)):
        sim = Sim(tmp_path / str(players), seed=seed)
        ended = 0
        last = []
        for _seat, card, items, _call in _moves(sim, players, seed):
            g = sim.app.play.g
            if not g.seq and last:
                frame = sim.frame()
                if card is not None:
                    last.append(card)  # the card that made 31
                # The card that ended it whole; the first, its left part (the next overlaps it,
                # by more when the row is full).
                first, end = last[0], last[-1]
                assert _shows_mini(frame, end, 10, end in g.played[0]), (players, last)
                assert _shows_mini(frame, first, 10, first in g.played[0], gfx.mini_width(first) - 5), (
                    players, last)
                ended += 1
                thirty_one += any(label == "thirty-one" for _, label, _, _ in items)
            last = list(g.seq)
        assert ended >= 4, (players, ended)
    assert thirty_one, "no 31 seen"


def _play_boxes(monkeypatch):
    """Record what the play screen draws: texts, table cards and card backs, as boxes."""
    drawn = []
    text, card, back = gfx.text, gfx.card, gfx.back

    def t(fb, s, x, y, c=1):
        drawn.append(("text", s, x, y, x + gfx.width(s), y + 7))
        return text(fb, s, x, y, c)

    def cd(fb, c, x, y, lit=False):
        drawn.append(("card", c, x, y, x + gfx.CARD_W, y + gfx.CARD_H))
        return card(fb, c, x, y, lit)

    def b(fb, x, y, w=gfx.CARD_W, h=gfx.CARD_H):
        drawn.append(("back", None, x, y, x + w, y + h))
        return back(fb, x, y, w, h)

    monkeypatch.setattr(gfx, "text", t)
    monkeypatch.setattr(gfx, "card", cd)
    monkeypatch.setattr(gfx, "back", b)
    return drawn


@pytest.mark.slow
def test_the_right_side_of_the_play_is_clear_at_two_three_and_four_hands(tmp_path, monkeypatch):
    """Item 11: the others' names, their cards and whose crib it is stay on the glass, apart
    from your hand and from each other, the backs off the edge; "crib: X" at every table."""
    drawn = _play_boxes(monkeypatch)
    short = {2: ("CPU",), 3: ("C1", "C2"), 4: ("C1", "P", "C2")}
    for players, seed in ((2, 5), (3, 8), (4, 13)):
        sim = Sim(tmp_path / str(players), seed=seed)
        cribs = set()
        four = 0
        for _ in _moves(sim, players, seed, deals=4):
            g = sim.app.play.g
            del drawn[:]
            sim.app.redraw()
            sim.app.step()
            cards = [d for d in drawn if d[0] == "card"]
            texts = [d for d in drawn if d[0] == "text"]
            four += len(cards) == 4
            crib = [d for d in texts if d[1].startswith("crib")]
            assert len(crib) == 1, (players, [d[1] for d in texts])
            want = "you" if g.dealer == 0 else short[players][(g.dealer - 1) % players]
            assert crib[0][1] == "crib: " + want, crib[0][1]
            cribs.add(crib[0][1])
            for kind, what, x0, y0, x1, y1 in drawn:
                if kind == "back":
                    assert x1 <= 126 and y1 <= 64, (players, x0, y0)  # two columns off the edge
                if kind == "text" and x0 > 80:  # the right side (long calls and the bar: the text check)
                    assert x0 >= 0 and x1 <= 128 and y0 >= 0 and y1 <= 64, (players, what, x0, y0)
                for other in drawn:
                    if other[0] == "text" or (kind, other[0]) == ("back", "back"):
                        continue
                    _, o, a0, b0, a1, b1 = other
                    if kind == "card" and other[0] == "card":
                        continue
                    apart = x1 <= a0 or a1 <= x0 or y1 <= b0 or b1 <= y0
                    assert apart, (players, what, (x0, y0), o, (a0, b0))
        assert four and len(cribs) >= 2, (players, four, cribs)


def test_the_cursor_stands_clear_of_the_hint_below_it(tmp_path):
    """Item 13: Solitaire Cribbage's cursor (under the cards) and the hint's line below it
    keep two blank rows between them, wherever the cursor stands."""
    sim = Sim(tmp_path, seed=7)
    sim.saves.set("hints", True)
    sim.run_script("A A UP")
    assert sim.app.screen.tip and sim.app.screen.tip[0].startswith("Best: ")
    gaps = []
    for i in range(6):
        frame = sim.frame()
        cx = _cursor(frame)
        assert cx == i
        x = 10 + 21 * i
        inked = [y for y in range(36, 50) if any(_pixel(frame, x + d, y) for d in range(-2, 3))]
        cursor_end = inked[0] + 2  # its three rows
        below = [y for y in inked if y > cursor_end]
        if below:
            gaps.append(below[0] - cursor_end - 1)
        sim.press("RIGHT")
    assert gaps and min(gaps) >= 2, gaps
