"""Power cut at every point of a game: booting again (a new app on the same
flash folder) offers to resume, and resumes to the last completed move on the
screen it was on; a finished game is recorded once, whenever the cut came."""
import shutil

import pytest

from helpers.drive import GO_ON, INITIALS, RESUME, expected, game_keys, multi_keys, to_menu_row

from pocketcrib.twins.sim import Sim

COUNTING = ("Count", "Summary")


def _where(sim):
    play = sim.app.play
    name = type(sim.app.screen).__name__
    return play, name


def _check_resume(sim, tmp_path, i):
    """Copy the flash as it is now, boot from it, resume; compare."""
    play, name = _where(sim)
    cut = tmp_path / ("cut%d" % i)
    shutil.copytree(sim.board_data, cut)
    again = Sim(cut, seed=999)
    if play is None:
        assert not again.saves.has_current()
        return
    assert again.app.screen.saved  # the title offers to resume...
    if i % 2:
        again.run_script(RESUME)  # ... with A, then A again
    else:
        again.run_script("B")  # or from the menu, where it comes first
        assert again.app.screen.items[0][0] == "Resume the game"
        again.run_script("A")
    back = again.app.play
    assert back is not None
    want = play.state()
    got = back.state()
    assert got["games"] == want["games"] and got["turn"] == want["turn"], (i, name)
    resumed = type(again.app.screen).__name__
    if name in COUNTING:
        assert resumed == "Count", (i, name, resumed)
    elif name in ("Table", "Pass", "Pause"):
        assert resumed == ("Pass" if play.multi else "Table"), (i, name, resumed)
    elif name in ("Over", "Standings", "Initials"):
        assert resumed in ("Over", "Standings"), (i, name, resumed)
    return again


def _sim(tmp_path, seed):
    sim = Sim(tmp_path / "flash", seed=seed)
    sim.board_data = tmp_path / "flash"
    return sim


@pytest.mark.slow
def test_cut_at_every_key_of_a_solitaire_game(tmp_path):
    sim = _sim(tmp_path, 31)
    keys = to_menu_row(0) + game_keys("solitaire") + GO_ON  # to the initials
    for i, k in enumerate(keys):
        sim.run_script([k])
        _check_resume(sim, tmp_path, i)
    assert type(sim.app.screen).__name__ == "Initials"


@pytest.mark.slow
def test_cut_at_every_key_of_patience_ii(tmp_path):
    sim = _sim(tmp_path, 32)
    keys = to_menu_row(2) + game_keys("patience2")
    for i, k in enumerate(keys):
        sim.run_script([k])
        _check_resume(sim, tmp_path, i)
    assert type(sim.app.screen).__name__ == "Over"


@pytest.mark.slow
def test_cut_at_every_key_of_a_two_player_match(tmp_path):
    sim = _sim(tmp_path, 33)
    setup, keys = multi_keys(2)
    for i, k in enumerate(setup + keys):
        sim.run_script([k])
        if i % 3 == 0 or type(sim.app.screen).__name__ != "Table":
            _check_resume(sim, tmp_path, i)
    assert type(sim.app.screen).__name__ == "Standings"


@pytest.mark.slow
def test_cut_while_entering_initials_records_the_game_once(tmp_path):
    sim = _sim(tmp_path, 34)
    sim.run_script(to_menu_row(1) + game_keys("patience") + GO_ON + ["UP"])
    assert type(sim.app.screen).__name__ == "Initials"
    assert len(list(sim.saves.history())) == 1
    again = _check_resume(sim, tmp_path, 0)
    again.run_script(GO_ON)  # Over -> the end is recorded again? No: once.
    assert type(again.app.screen).__name__ == "Initials"
    again.run_script(INITIALS)
    assert type(again.app.screen).__name__ == "Scores"
    history = list(again.saves.history())
    assert [(r["n"], r["score"]) for r in history] == [(1, expected("patience", 34).score)]
    assert len(again.saves.high_scores("patience")) == 1
    assert not again.saves.has_current()
    # A fresh boot now has nothing to resume.
    menu = Sim(tmp_path / "cut0", seed=1)
    menu.run_script("A")
    assert menu.app.screen.items[0][0] != "Resume the game"


def test_a_damaged_game_save_is_dropped_with_a_note(tmp_path):
    sim = _sim(tmp_path, 35)
    sim.run_script(to_menu_row(0) + ["A", "RIGHT", "A", "A", "B", "A"])
    path = tmp_path / "flash" / "game.pcr"
    text = path.read_text()
    # A valid record whose game bytes are wrong (the checksum of the record is
    # recomputed, so only the game's own checksum can catch it).
    import json

    from storage.records import crc

    lines = text.splitlines()
    obj = json.loads(lines[1].split(" ", 1)[1])
    obj["games"][0] = obj["games"][0][:-4] + "0000"
    body = json.dumps(obj)
    lines[1] = "%08x %s" % (crc(body.encode()), body)
    path.write_text("\n".join(lines) + "\n")
    again = Sim(tmp_path / "flash", seed=1)
    again.run_script(RESUME)
    assert type(again.app.screen).__name__ == "Notice"
    assert "damaged" in " ".join(again.app.screen.lines)
    again.run_script("A")
    assert type(again.app.screen).__name__ == "Menu"
    assert not again.saves.has_current()
