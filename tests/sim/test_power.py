"""The power policy, driven by the simulator's clock: dim after the idle time,
display off later (the game saved first), any key wakes and only wakes; an
idle app draws nothing."""
from pocketcrib.twins.sim import Sim


def _table(tmp_path):
    sim = Sim(tmp_path, seed=7)
    sim.run_script("A A RIGHT A")  # into a game, one card marked, cursor on the second
    assert type(sim.app.screen).__name__ == "Table"
    return sim


def test_dims_then_sleeps_then_wakes(tmp_path):
    sim = _table(tmp_path)
    saves = sim.saves
    dim, off = saves.get("dim"), saves.get("sleep")
    assert 0 < dim < off
    panel = sim.panel
    assert panel.on and panel.contrast == saves.get("contrast")
    before = sim.frame()
    frames = sim.app.frames
    sim.wait(dim - 1)
    assert panel.contrast == saves.get("contrast") and not sim.app.dimmed
    sim.wait(1.5)
    assert sim.app.dimmed and panel.on and panel.contrast == 1
    # Before the screen goes off, the game on flash is cleared, to see it saved again.
    saves.clear_current()
    sim.wait(off - dim)
    assert sim.app.asleep and not panel.on
    assert saves.load_current() == sim.app.play.state()
    assert sim.app.frames == frames  # nothing was drawn while idle
    sim.press("RIGHT")  # wakes, does not move the cursor
    assert panel.on and panel.contrast == saves.get("contrast") and not sim.app.asleep
    assert sim.frame() == before
    assert sim.app.screen.cur == 1 and sim.app.screen.marks == [1]
    sim.press("RIGHT")  # now it moves
    assert sim.app.screen.cur == 2


def test_a_key_in_the_dim_only_brightens(tmp_path):
    sim = _table(tmp_path)
    sim.wait(sim.saves.get("dim") + 1)
    assert sim.app.dimmed
    sim.press("A")
    assert not sim.app.dimmed and sim.panel.contrast == sim.saves.get("contrast")
    assert sim.app.screen.marks == [1]


def test_never_dim_or_sleep_when_set_to_zero(tmp_path):
    sim = _table(tmp_path)
    sim.saves.set("dim", 0)
    sim.saves.set("sleep", 0)
    sim.wait(3600)
    assert sim.panel.on and sim.panel.contrast == sim.saves.get("contrast")


def test_keys_keep_it_awake(tmp_path):
    sim = _table(tmp_path)
    dim = sim.saves.get("dim")
    for _ in range(5):
        sim.wait(dim - 2)
        sim.press("LEFT")
    assert not sim.app.dimmed


def test_settings_change_the_panel(tmp_path):
    sim = Sim(tmp_path, seed=7)
    # Menu: UP wraps to About, UP again to Settings; Contrast is the first row.
    sim.run_script("A UP UP A")
    assert type(sim.app.screen).__name__ == "Settings"
    upright = sim.glass()
    sim.run_script("RIGHT")
    assert sim.panel.contrast == sim.saves.get("contrast") == 176
    sim.run_script("DOWN DOWN DOWN DOWN RIGHT")  # Upside down: on
    assert sim.saves.get("flip") is True
    flipped = sim.glass()
    # The panel turns the picture: the same frame, rotated half a turn (rows
    # compared on the glass; the framebuffer itself is the same drawing).
    sim.run_script("LEFT")
    assert sim.glass() != flipped
    sim.run_script("RIGHT")
    assert [row[::-1] for row in flipped[::-1]] == sim_glass_unflipped(sim)
    assert upright != flipped


def sim_glass_unflipped(sim):
    # What the panel would show for the current framebuffer, upright.
    fb = sim.frame()
    return [[bool(fb[(y >> 3) * 128 + x] >> (y & 7) & 1) for x in range(128)] for y in range(64)]


def test_settings_survive_a_restart(tmp_path):
    sim = Sim(tmp_path, seed=7)
    sim.run_script("A UP UP A RIGHT DOWN DOWN DOWN DOWN RIGHT")
    again = Sim(tmp_path, seed=7)
    assert again.saves.get("contrast") == 176 and again.saves.get("flip") is True
    assert again.panel.contrast == 176 and again.panel.com_remap is False
