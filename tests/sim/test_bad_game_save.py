"""Issue 8, item 3: a saved game in progress whose checksum is right but whose
fields are not ones the game could hold is set aside with a note, never resumed
(before, a count past the deal crashed the table, a bonus of a billion went into
the history and `done = -1` recorded the game twice)."""
import shutil

import pytest
from helpers.drive import DEAL, RESUME, game_keys, to_menu_row

from storage import records
from pocketcrib.twins.sim import Sim

MIDWAY = to_menu_row(0) + DEAL * 2  # a solitaire game, two deals played
OVER = to_menu_row(0) + game_keys("solitaire")  # at the game-over screen


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """saved(keys) -> (flash folder, the game-in-progress dict) after playing keys (played once)."""
    made = {}

    def get(keys):
        key = len(keys)
        if key not in made:
            folder = tmp_path_factory.mktemp("made")
            sim = Sim(folder, seed=21)
            sim.run_script(keys)
            assert sim.app.play is not None
            made[key] = folder
        folder = made[key]
        return folder, records.read(str(folder / "game.pcr"), "game")[0][0]

    return get


BAD = [
    (MIDWAY, {"count": [0, 99]}),  # past the deal's log: the table's index out of range
    (MIDWAY, {"count": [3, 0]}),  # a player who is not there
    (MIDWAY, {"cpu": 7}),
    (MIDWAY, {"cpu": 1}),  # the computer needs two players
    (MIDWAY, {"review": [[60, 1, 10, 10]]}),  # not a card
    (MIDWAY, {"review": "x"}),
    (MIDWAY, {"claims": [[[]]]}),
    (MIDWAY, {"turn": 1}),
    (MIDWAY, {"done": 1}),  # recorded before the game is over
    (MIDWAY, {"games": ["zz" * 14]}),
    (MIDWAY, {"games": []}),
    (MIDWAY, {"extra": {"deep": [[[[]]]]}}),
    (OVER, {"bonus": [10 ** 9]}),  # would go into the history and the high scores
    (OVER, {"done": -1}),  # would record the game twice
    (OVER, {"hs": 2}),
    (OVER, {"recorded": "1"}),
    (OVER, {"v": 2}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("keys", "change"), BAD, ids=[repr(c) for _, c in BAD])
def test_a_saved_game_that_cannot_be_resumed_is_set_aside(saved, tmp_path, keys, change):
    made, state = saved(keys)
    flash = tmp_path / "flash"
    shutil.copytree(made, flash)
    state.update(change)
    records.write(str(flash / "game.pcr"), "game", [state])
    history = (flash / "history.pcr").read_bytes() if (flash / "history.pcr").exists() else None
    sim = Sim(flash, seed=5)
    assert sim.app.screen.saved  # the title offers it...
    sim.run_script(RESUME)  # ... and resuming it says why not
    assert type(sim.app.screen).__name__ == "Notice"
    assert sim.app.play is None
    text = " ".join(sim.app.screen.lines)
    assert "cannot be resumed" in text and "game.pcr.bad" in text, text
    assert not (flash / "game.pcr").exists()
    assert records.read(str(flash / "game.pcr.bad"), "game")[0] == [state]  # kept, not lost
    sim.press("A")
    assert type(sim.app.screen).__name__ == "Menu"
    assert sim.app.screen.items[0][0] != "Resume the game"
    now = (flash / "history.pcr").read_bytes() if (flash / "history.pcr").exists() else None
    assert now == history  # nothing recorded from it


def test_a_good_saved_game_still_resumes(saved, tmp_path):
    for keys in (MIDWAY, OVER):
        made, state = saved(keys)
        shutil.copytree(made, tmp_path / str(len(keys)))
        sim = Sim(tmp_path / str(len(keys)), seed=5)
        sim.run_script(RESUME)
        assert sim.app.play is not None and sim.app.play.state() == state
