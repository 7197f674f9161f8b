"""A folder where a save file should be (made by a file manager or another tool),
as the player meets it: the board boots, says what it set aside, and goes on
saving; nothing else is lost and /data is not set aside."""
import os

from pocketcrib.twins.sim import Sim


def _played(data):
    sim = Sim(data, seed=7)
    sim.saves.add_game({"variant": "patience", "seed": 1, "score": 30, "won": False, "target": 80,
                        "rounds": [10, 10, 10], "date": None, "players": 1, "code": None})
    return sim


def _folder(data, name):
    path = os.path.join(data, name)
    if os.path.exists(path):
        os.remove(path)
    os.makedirs(os.path.join(path, "photos"))


def test_a_settings_folder_is_set_aside_and_a_setting_changed_is_saved(tmp_path):
    data = tmp_path / "data"
    _played(data)
    _folder(data, "settings.pcr")
    sim = Sim(data, seed=7)
    assert type(sim.app.screen).__name__ == "Notice"
    said = " ".join(sim.app.screen.lines)  # wrapped to the screen
    assert "settings.pcr: a folder, not a file; set aside as settings.pcr.bad" in said
    sim.press("A")  # the note read: the title
    # Menu: UP wraps to About, UP again to Settings; Contrast is the first row.
    sim.run_script("A UP UP A RIGHT")
    assert type(sim.app.screen).__name__ == "Settings"
    assert Sim(data, seed=7).saves.get("contrast") == 176
    assert os.path.isdir(data / "settings.pcr.bad" / "photos")


def test_a_device_folder_keeps_the_history(tmp_path):
    data = tmp_path / "data"
    _played(data)
    _folder(data, "device.pcr")
    sim = Sim(data, seed=7)
    assert [r["seed"] for r in sim.saves.history()] == [1]
    assert sim.saves.device["n"] == 1
    assert not os.path.exists(str(data) + ".bad")
    assert os.path.isdir(data / "device.pcr.bad" / "photos")
