"""Issue 26: where the emulated Pico's emulator comes from. rp2040js is node's, not Python's, so the
wheel does not carry it: the tool finds it in the folder --rp2040js / POCKETCRIB_RP2040JS names
(where `npm install rp2040js@1.4.1` was run), the checkout's node_modules, or the user data
folder's (`npm install --prefix DATA_DIR rp2040js@1.4.1`); anything else is one line saying what
to do, never a traceback. (The installed wheel's own failure: tests/host/test_installed.py.)"""

import pytest
from helpers.pico import fakes, npm_install

from pocketcrib import places
from pocketcrib.errors import PocketCribError


def test_a_folder_named_without_rp2040js_is_one_line(home, cli, failure, tmp_path):
    (tmp_path / "empty").mkdir()
    uf2, rom = fakes(tmp_path)
    line = failure(cli("vboard", "--pico", uf2, "--bootrom", rom, "--rp2040js", tmp_path / "empty"))
    assert "no rp2040js in" in line and "npm install --prefix" in line and "rp2040js@1.4.1" in line


def test_another_version_of_rp2040js_is_one_line(home, cli, failure, tmp_path):
    npm_install(tmp_path / "npm", "1.3.0")
    uf2, rom = fakes(tmp_path)
    line = failure(cli("vboard", "--pico", uf2, "--bootrom", rom, "--rp2040js", tmp_path / "npm"))
    assert "rp2040js 1.3.0, not 1.4.1" in line, line


def test_the_folder_named_or_its_package_is_found(home, tmp_path, monkeypatch):
    package = npm_install(tmp_path / "npm")
    for named in (tmp_path / "npm", package):
        monkeypatch.setenv("POCKETCRIB_RP2040JS", str(named))
        assert places.rp2040js() == package.joinpath(*places.RP2040JS[2:])


def test_an_installed_tool_looks_in_the_user_data_folder_and_says_how_to_put_it_there(home, monkeypatch):
    # As installed from the wheel: no checkout, no node_modules above the package.
    monkeypatch.delenv("POCKETCRIB_RP2040JS", raising=False)
    monkeypatch.setattr(places, "checkout", lambda: None)
    monkeypatch.setattr(places, "_node_module", lambda parts: None)
    with pytest.raises(PocketCribError) as e:
        places.rp2040js()
    assert f"npm install --prefix {home} rp2040js@1.4.1" in str(e.value)
    package = npm_install(home)
    assert places.rp2040js() == package.joinpath(*places.RP2040JS[2:])
