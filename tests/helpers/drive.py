"""Key sequences that play whole games in the simulator, and what to expect.

Every deal is played the same way by keys alone: mark the first two cards
(A, RIGHT, A), send them to the crib (A), skip the counting (B) and leave the
deal's summary (A). The cards on the table are sorted, so that discards the
two lowest; expected() replays the same discards on the rules core."""
from rules.dealcode import ALPHABET
from rules.solitaires import new

DEAL = ["A", "RIGHT", "A", "A", "B", "A"]
FIRST_OF_TWO = ["A", "RIGHT", "A", "A"]  # Cribbage Patience II: the first six, no count yet
# Game over and the initials take A only after a pause (ui.deliberate).
GO_ON = ["wait:1.2", "A"]  # A, deliberately
INITIALS = GO_ON + ["A", "A"]  # the initials taken as they stand
RESUME = ["A", "A"]  # on the title with a game saved: A offers it, A resumes it
MENU_ROW = {"solitaire": 0, "patience": 1, "patience2": 2, "players": 3}


def to_menu_row(row, resume=False):
    """From the title: into the menu and down to a row (one lower with Resume on top)."""
    return ["A"] + ["DOWN"] * (row + (1 if resume else 0)) + ["A"]


def game_keys(variant):
    """Keys from the first table to the game-over screen."""
    if variant == "patience2":
        return (FIRST_OF_TWO + DEAL) * 4
    return DEAL * (6 if variant == "solitaire" else 5)


def expected(variant, seed):
    """The game the keys above play, on the rules core."""
    g = new(variant, seed)
    while g.pending is not None:
        low = sorted(g.pending)
        g.discard(low[0], low[1])
    return g


def multi_keys(players, partners=False):
    """From the title: (keys into a Solitaire Cribbage match for `players`, keys
    that play it to the standings)."""
    setup = to_menu_row(MENU_ROW["players"])
    setup += ["RIGHT"] * (players - 2)  # Players: 2 -> n
    setup += ["DOWN", "A", "DOWN", "A"] if partners else ["DOWN", "DOWN", "A"]  # to Start
    keys = []
    for _deal in range(6):
        for _p in range(players):
            keys += ["A"] + DEAL  # "pass to player N", then the deal
    return setup, keys


def code_keys(code):
    """Keys that enter a deal code on the code entry screen, the last A included."""
    keys = []
    for ch in code:
        i = ALPHABET.index(ch)
        # The shorter way round the letters.
        keys += ["UP"] * i if i <= len(ALPHABET) // 2 else ["DOWN"] * (len(ALPHABET) - i)
        keys.append("A")
    return keys


MENU_ROW["cribbage"] = 9  # "Cribbage vs computer", below the demo


def crib_keys(level=1, target=121, players=2, resume=False):
    """From the title: into the cribbage menu, choose, start (every computer seat at level 0..2)."""
    return people_keys("P" + "C" * (players - 1), level, target, resume)


CRIB_LAY = ["A", "RIGHT", "A", "A"]  # two hands: the two lowest cards marked and laid away


def crib_key(screen):
    """The key that moves a game of cribbage on: A everywhere, but laying away, where A
    marks the cursor's card and stays, RIGHT first to the next card when that one is
    marked and more are needed (so the lowest cards go to the crib)."""
    if type(screen).__name__ == "CribLay" and screen.cur in screen.marks and len(screen.marks) < screen.need:
        return "RIGHT"
    return "A"


def crib_on(sim):
    """Press the key that moves the game on (crib_key)."""
    sim.press(crib_key(sim.app.screen))


def crib_to_the_end(sim, limit=4000):
    """Move the game of cribbage on until it is over; the screens seen, in order, without repeats."""
    seen = []
    for _ in range(limit):
        name = type(sim.app.screen).__name__
        if not seen or seen[-1] != name:
            seen.append(name)
        if name == "CribOver":
            return seen
        crib_on(sim)
    raise AssertionError("no end after %d presses: %s" % (limit, seen[-8:]))


GRID_ROW = 7  # "Grid solitaires" on the main menu (no game saved)


def grid_keys(kind=0, players=1, resume=False):
    """From the title: into the grid menu, players, and the game rules.grid_games.GAMES[kind]."""
    keys = to_menu_row(GRID_ROW, resume)  # the cursor starts on the first game
    keys += ["UP"] + ["RIGHT"] * (players - 1) + ["DOWN"] * (1 + kind)
    return keys + ["A"]


# Two devices on the cable (issue 28): the keys from the title that choose its game.
LINK_KEYS = to_menu_row(MENU_ROW["cribbage"]) + ["UP", "RIGHT", "RIGHT", "DOWN", "A"]  # seat 2: Normal, Expert, the cable; Start
SOLO_KEYS = to_menu_row(MENU_ROW["players"]) + ["RIGHT"] * 3 + ["DOWN", "DOWN", "A"]  # players: cable; Start
GRID_KEYS = grid_keys(kind=0, players=5)  # players: you + cable; Poker, American


def race_keys(sim):
    """A raced game's next keys: True if a key was pressed (False: nothing for the player to do)."""
    name = type(sim.app.screen).__name__
    if name == "Table":
        sim.press("A", "RIGHT", "A", "A")
    elif name == "Count":
        sim.press("B")
    elif name in ("Summary", "GridTable"):
        sim.press("A")
    else:
        return False
    return True


def race_step(sim, stall=False, other=False):
    """A race on the cable (issue 28): one player's next keys (the other player's a little
    otherwise: their own game), or time passing while the device waits."""
    name = type(sim.app.screen).__name__
    if stall:
        name = "(waiting)"
    if name in ("Table", "GridTable") and other:
        sim.press("RIGHT")
    if name != "(waiting)" and race_keys(sim):
        return
    if name in ("Race", "Scores", "(waiting)"):
        sim.board.clock.advance(20)
        sim.app.step()
        sim.settle()
    else:
        raise AssertionError("unexpected screen " + name)


def grid_pass(sim):
    """On the grid games' hand-over (several players): a pause, then A, as the next player
    takes the device. Elsewhere nothing."""
    if type(sim.app.screen).__name__ == "GridPass":
        sim.wait(1.1)
        sim.press("A")


# A seat's row goes round person, Easy, Normal, Expert (and with two hands the cable) from
# Normal (LEFT/RIGHT): the keys to each.
SEAT_KEYS = {"P": ["LEFT", "LEFT"], "0": ["LEFT"], "1": [], "2": ["RIGHT"]}


def people_keys(seats, level=1, target=121, resume=False):
    """From the title: into the cribbage setup, a seat per letter of `seats` ("P" a
    person, "C" the computer at `level`, or "0", "1", "2" at that level; the first is a
    person), start. The names stay P1, P2..."""
    players = len(seats)
    keys = to_menu_row(MENU_ROW["cribbage"], resume)  # on Start, below two seats
    keys += ["UP"] * 4 + (["A"] if target == 61 else [])  # the game: to 121 or 61
    keys += ["DOWN"] + ["RIGHT"] * (players - 2)  # the hands
    for i, s in enumerate(seats):
        keys += ["DOWN"] + (SEAT_KEYS[str(level) if s == "C" else s] if i else [])
    return keys + ["DOWN", "A"]


def people_on(sim):
    """crib_on, and on the hand-over screen a pause, then A (as the next person takes the device)."""
    if type(sim.app.screen).__name__ == "CribPass":
        sim.wait(1.1)
    crib_on(sim)


def record_cards(monkeypatch, drawn):
    """Every card the UI draws (ui.gfx.card and ui.gfx.mini) appended to `drawn`, by value:
    what the frame checks of hidden hands read."""
    from ui import gfx

    card, mini = gfx.card, gfx.mini

    def a_card(fb, c, x, y, lit=False):
        drawn.append(c)
        return card(fb, c, x, y, lit)

    def a_mini(fb, c, x, y, lit=False):
        drawn.append(c)
        return mini(fb, c, x, y, lit)

    monkeypatch.setattr(gfx, "card", a_card)
    monkeypatch.setattr(gfx, "mini", a_mini)


def linked_sims(tmp_path, seeds=(5, 9), names=("ANN", "BOB")):
    """Two simulators joined by a socket pair standing in for the link cable (issue 28),
    named ANN and BOB (seat 1's name in the settings), hints off, ids d0000000 and d0000001."""
    from pocketcrib.twins.linkport import cable
    from pocketcrib.twins.sim import Sim

    a, b = cable()
    sims = []
    for i, port in enumerate((a, b)):
        sim = Sim(tmp_path / ("dev%d" % i), seed=seeds[i], link=port, device_id="d%07d" % i)
        sim.saves.set("hints", False)
        sim.saves.set("names", (names[i] + "   ")[:3] + "P2 P3 P4 ")
        sims.append(sim)
    return sims


def reset_while_shuffling(tmp_path, keys, playing):
    """Two devices choose `keys`' game; one is switched off once the other has its promise
    and has shown its half, before it has its half (and before it has taken the other's
    promise); switched on, its player chooses the game again. Returns both devices once
    playing(sim) on both."""
    sims = linked_sims(tmp_path)
    for sim in sims:
        sim.run_script(keys)
    off = None
    for _ in range(200):
        for sim in sims:
            sim.board.clock.advance(20)
            sim.app.step()
            packs = [s.app.screen.pack for s in sims]
            for i in (0, 1):
                if packs[i].theirs is None and packs[1 - i].theirs is not None and packs[1 - i].seed is None:
                    off = i  # it has not taken the other's promise, the other has taken its
            if off is not None:
                break
        if off is not None:
            break
    assert off is not None, "no moment between the promise and the half"
    port = sims[off].board.link
    while port.readinto(bytearray(256)):  # what its UART held is lost
        pass
    from pocketcrib.twins.sim import Sim

    sims[off] = Sim(tmp_path / ("dev%d" % off), seed=90, link=port, device_id="d%07d" % off)
    sims[off].run_script(keys)
    for _ in range(300):
        if all(playing(s) for s in sims):
            return sims
        for sim in sims:
            if type(sim.app.screen).__name__ == "Notice":
                sim.press("A")  # "BOB left the game" (it had this device's half): read, and on
            sim.board.clock.advance(20)
            sim.app.step()
            sim.settle()
    raise AssertionError("not both playing: %s" % [
        getattr(s.app.screen, "pack", None) and s.app.screen.pack.problem for s in sims])
