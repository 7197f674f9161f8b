"""The command line itself: help for every command, and `devices` finding a virtual board."""

import pytest

COMMANDS = ["devices", "flash", "scores", "scores pull", "scores show", "scores export", "scores plot", "backup",
            "restore", "doctor", "sim", "vboard", "web"]


@pytest.mark.parametrize("command", [""] + COMMANDS)
def test_help_reads(cli, command):
    proc = cli(*command.split(), "--help")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage: pocketcrib") and proc.stderr == ""
    if command == "":
        for name in ("devices", "flash", "scores", "backup", "restore", "doctor", "sim", "vboard", "web"):
            assert f"    {name} " in proc.stdout


def test_pull_says_when_it_exits_1(cli):
    text = " ".join(cli("scores", "pull", "--help").stdout.split())
    assert "is one line on standard error, and the pull then exits with status 1; its good records are saved either way" in text


def test_devices_lists_a_virtual_board(make_board, cli):
    proc = cli("devices")
    assert proc.returncode == 0 and "MicroPython board" not in proc.stdout
    vb = make_board(uid="feedfacecafebeef")
    proc = cli("devices")
    assert proc.returncode == 0, proc.stderr
    line = next(line for line in proc.stdout.splitlines() if line.startswith(vb.port))
    assert "MicroPython board" in line and "feedfacecafebeef" in line
    doctor = cli("doctor")  # found without --port: the only board plugged in
    assert f"board          {vb.port}" in doctor.stdout
    assert "Pocket Crib is not on the board" in doctor.stderr


def test_scores_without_any_pull(cli, failure, tmp_path):
    shown = cli("scores", "show")
    assert shown.returncode == 0 and "No scores yet" in shown.stdout
    assert "no games to plot" in failure(cli("scores", "plot", "-o", tmp_path / "x.png"))
    assert "cannot write" in failure(cli("scores", "export", "-o", tmp_path / "no" / "such" / "dir.csv"))


def test_sim_gets_its_own_options(cli, tmp_path):
    shot = tmp_path / "title.png"
    proc = cli("sim", "--keys", "A", "--shot", shot, "--data", tmp_path / "simdata")
    assert proc.returncode == 0, proc.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
