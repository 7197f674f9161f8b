"""The web page (pocketcrib web) in a real headless Chromium: the firmware in the
MicroPython VM, pixel for pixel the simulator's screens for the same seed and keys."""

import pytest
from helpers.drive import DEAL, RESUME, game_keys, to_menu_row
from helpers.webdrive import Site, bits, chromium_missing, drive

from rules.dealcode import encode
from pocketcrib.twins.sim import Sim

why = chromium_missing()
pytestmark = [pytest.mark.slow, pytest.mark.skipif(why is not None, reason=why or "")]

SEED = 424242


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return Site(tmp_path_factory.mktemp("site"))


def sim_glass(tmp_path, keys, seed=SEED, then=None):
    sim = Sim(tmp_path, seed=seed)
    sim.run_script(keys)
    if then is not None:
        sim = Sim(tmp_path, seed=seed)  # the page reloaded: a new board over the same flash
        sim.run_script(then)
    return bits(sim.glass())


def diff(a, b):
    return sum(x != y for ra, rb in zip(a, b, strict=True) for x, y in zip(ra, rb, strict=True))


def test_a_whole_game_matches_the_simulator(site, tmp_path):
    keys = to_menu_row(0) + game_keys("solitaire")
    out = drive([{"goto": site.url + "#seed=%d" % SEED}, {"glass": "title"},
                 {"keys": keys}, {"glass": "over"}])
    assert diff(out["title"], sim_glass(tmp_path / "a", [])) == 0
    want = sim_glass(tmp_path / "b", keys)
    assert any("1" in row for row in want)
    assert diff(out["over"], want) == 0


def test_a_half_played_game_survives_a_reload(site, tmp_path):
    keys = to_menu_row(1) + DEAL * 2  # Cribbage Patience, two deals played, the third on the table
    out = drive([{"goto": site.url + "#seed=%d" % SEED}, {"keys": keys}, {"glass": "before"},
                 {"reload": True}, {"glass": "title"}, {"keys": RESUME}, {"glass": "resumed"}])
    assert diff(out["title"], sim_glass(tmp_path / "t", keys)) > 0  # the title, not the table
    assert diff(out["title"], sim_glass(tmp_path / "u", keys, then=[])) == 0  # offering the game
    assert diff(out["resumed"], sim_glass(tmp_path / "r", keys, then=RESUME)) == 0
    assert diff(out["resumed"], out["before"]) == 0  # the same table as before the reload


def test_a_code_link_opens_that_deal(site, tmp_path):
    code = encode("patience2", 987654)
    out = drive([{"goto": site.url + "#code=" + code}, {"glass": "table"},
                 {"eval": "code", "js": "window.pocketcrib.dealCode()"},
                 {"eval": "seeds", "js": "[0, 1, 2, 3].map(() => window.pocketcrib.random32() >>> 0)"}])
    assert out["code"] == code
    # New games' seeds come from the browser's random source: 32 bits, never the same twice here.
    assert len(set(out["seeds"])) == 4 and all(0 <= s < 2**32 for s in out["seeds"])
    from ui.solitaire.game import start

    sim = Sim(tmp_path)
    start(sim.app, "patience2", seed=987654)
    sim.settle()
    assert diff(out["table"], bits(sim.glass())) == 0


def test_it_plays_offline_once_loaded(site):
    out = drive([{"goto": site.url + "#seed=5"}, {"wait_sw": True}, {"offline": True}, {"reload": True},
                 {"keys": ["A"]}, {"glass": "menu"}])
    assert any("1" in row for row in out["menu"])
