# saves.py: settings, high scores, history and stats, the device record, the
# game in progress; over real files in a scratch folder.
from storage import records
from storage import saves
import scratch
from rules.rng import GEN


def game(variant="solitaire", seed=1, score=60, won=False, rounds=(10, 10)):
    return {"variant": variant, "seed": seed, "score": score, "won": won, "target": 91,
            "rounds": list(rounds), "date": None, "players": 1, "code": None}


def test_fresh_folder_has_defaults_and_device_record():
    root = scratch.folder() + "/data"
    s = saves.Saves(root, device_id="e661a4")
    assert s.problems == []
    for key in saves.DEFAULTS:
        assert s.get(key) == saves.DEFAULTS[key]
    assert s.device == {"id": "e661a4", "n": 0}
    assert records.read(root + "/device.pcr", "device") == ([{"id": "e661a4", "n": 0}], [])
    assert s.load_current() is None and not s.has_current()


def test_settings_persist_and_unknown_names_refused():
    root = scratch.folder()
    s = saves.Saves(root)
    s.set("contrast", 40)
    s.set("flip", True)
    s2 = saves.Saves(root)
    assert s2.get("contrast") == 40 and s2.get("flip") is True and s2.get("hints") is True
    try:
        s.set("colour", 3)
        raise AssertionError("no KeyError")
    except KeyError:
        pass


def test_stored_setting_of_wrong_type_falls_back_to_default():
    root = scratch.folder()
    records.write(root + "/settings.pcr", "settings", [{"contrast": "bright", "hints": False}])
    s = saves.Saves(root)
    assert s.get("contrast") == saves.DEFAULTS["contrast"]
    assert s.get("hints") is False


def test_high_scores_top_ten_per_variant_best_first():
    s = saves.Saves(scratch.folder())
    scores = (50, 70, 30, 90, 70, 10, 20, 40, 60, 80, 65, 5)
    places = []
    for i, sc in enumerate(scores):
        if s.is_high_score("solitaire", sc):
            places.append(s.add_high_score("solitaire", "P%02d" % i, sc, i))
    table = s.high_scores("solitaire")
    assert [r["score"] for r in table] == [90, 80, 70, 70, 65, 60, 50, 40, 30, 20]
    # Equal scores keep their order of arrival.
    assert [r["initials"] for r in table if r["score"] == 70] == ["P01", "P04"]
    assert not s.is_high_score("solitaire", 20)
    assert s.is_high_score("solitaire", 21)
    assert s.add_high_score("solitaire", "ZZZ", 19, 0) == 0
    assert s.high_scores("patience") == []
    assert s.add_high_score("patience", "ABC", 33, 7, date="2026-11-29", code="K3J") == 1
    assert s.high_scores("patience") == [{"variant": "patience", "initials": "ABC", "score": 33,
                                          "seed": 7, "date": "2026-11-29", "code": "K3J", "gen": GEN}]
    assert len(s.high_scores("solitaire")) == 10
    assert places[0] == 1 and places[3] == 1


def test_history_numbers_and_stats():
    root = scratch.folder()
    s = saves.Saves(root, "d1")
    results = [(61, False), (95, True), (40, False), (91, True)]
    for i, (score, won) in enumerate(results):
        assert s.add_game(game(seed=i, score=score, won=won)) == i + 1
    s.add_game(game("patience", score=80, won=True))
    st = s.stats("solitaire")
    assert st == {"games": 4, "wins": 2, "best": 95, "average": 71.75, "last": [61, 95, 40, 91]}
    assert s.stats("patience")["games"] == 1
    assert s.stats("patience2") == {"games": 0, "wins": 0, "best": 0, "average": 0.0, "last": []}
    # A new Saves on the same folder carries on the count.
    s2 = saves.Saves(root, "other")
    assert s2.device == {"id": "d1", "n": 5}
    assert s2.add_game(game()) == 6


def test_stats_last_ten_are_the_newest_in_order():
    s = saves.Saves(scratch.folder())
    for i in range(23):
        s.add_game(game(seed=i, score=i))
    st = s.stats("solitaire")
    assert st["last"] == list(range(13, 23))
    assert st["games"] == 23 and st["best"] == 22


def test_history_is_bounded_oldest_dropped():
    assert saves.Saves(scratch.folder()).keep == 500
    s = saves.Saves(scratch.folder(), keep=5)
    for i in range(9):
        s.add_game(game(seed=i, score=i))
    assert [r["n"] for r in s.history()] == [5, 6, 7, 8, 9]
    assert s.device["n"] == 9


def test_lost_device_record_continues_from_history():
    root = scratch.folder()
    s = saves.Saves(root, "d1")
    for i in range(3):
        s.add_game(game(seed=i))
    scratch.write(root + "/device.pcr", b"garbage")
    s2 = saves.Saves(root, "d1")
    assert len(s2.problems) == 1 and "device.pcr" in s2.problems[0]
    assert s2.device["n"] == 3
    assert s2.add_game(game()) == 4


def test_current_game_save_load_clear():
    root = scratch.folder()
    s = saves.Saves(root)
    cur = {"variant": "solitaire", "players": ["50436701000000001234"], "screen": "table"}
    s.save_current(cur)
    assert saves.Saves(root).load_current() == cur
    s.clear_current()
    assert saves.Saves(root).load_current() is None


def test_recording_a_game_twice_after_a_power_cut_counts_once():
    root = scratch.folder()
    s = saves.Saves(root)
    cur = {"g": "abcd"}
    s.save_current(cur)
    n = s.add_game(game(score=77), current=cur)
    assert cur["recorded"] == n
    # Power cut before clear_current(): the UI resumes the finished game and
    # records it again with the dict it loaded.
    s2 = saves.Saves(root)
    again = s2.load_current()
    assert again["recorded"] == n
    assert s2.add_game(game(score=77), current=again) == n
    assert [r["n"] for r in s2.history()] == [n]
    assert s2.add_game(game(score=12)) == n + 1


def test_problems_are_reported_once_and_other_files_kept():
    root = scratch.folder()
    s = saves.Saves(root)
    s.add_high_score("solitaire", "ABC", 80, 1)
    s.add_game(game())
    scratch.write(root + "/settings.pcr", b"PCRIB settings 1\n0000 {}\n")
    s2 = saves.Saves(root)
    assert len(s2.problems) == 2  # damaged line; truncated
    assert s2.take_problems() and s2.problems == []
    assert [r["score"] for r in s2.high_scores("solitaire")] == [80]
    assert s2.stats("solitaire")["games"] == 1
    # Repaired on the way in: the next boot has nothing to say.
    assert saves.Saves(root).problems == []


# The history checked whole once, not at every boot (checked.pcr).

class _Rules:
    """The saves' rules, counting the history records they check (calls gets each n)."""

    def __init__(self, shapes, calls, source=None):
        self.single = shapes.single
        self.device = shapes.device
        self.scores = shapes.scores
        self.__file__ = source or shapes.__file__

        def history():
            check = shapes.history()

            def counted(r):
                calls.append(r["n"])
                return check(r)

            return counted

        self.history = history


def _boot(root, source=None):
    """Saves(root) as at power-up; the history records its rules checked."""
    calls = []
    real = saves.rules
    saves.rules = lambda: _Rules(real(), calls, source)
    try:
        s = saves.Saves(root, device_id="d1")
    finally:
        saves.rules = real
    return s, calls


def test_an_unchanged_history_is_not_read_through_again():
    root = scratch.folder()
    s = saves.Saves(root, device_id="d1")
    for i in range(3):
        s.add_game(game(seed=i))
    s, calls = _boot(root)
    assert calls == [3] and s.problems == []  # only the last game, for the game counter
    assert [r["n"] for r in s.history()] == [1, 2, 3] and s.device["n"] == 3
    s, calls = _boot(root, source=records.__file__)  # other rules: checked whole
    assert calls == [1, 2, 3, 3] and s.problems == []


def test_a_history_changed_in_place_is_checked_whole():
    root = scratch.folder()
    s = saves.Saves(root, device_id="d1")
    for i in range(3):
        s.add_game(game(seed=i, score=60))
    path = root + "/history.pcr"
    size = len(scratch.read(path))
    games = records.read(path, "history")[0]
    games[1]["score"] = -6  # as long as "60", its line's checksum right: the same size
    records.write(path, "history", games)
    assert len(scratch.read(path)) == size
    s, calls = _boot(root)
    assert calls[:3] == [1, 2, 3]  # read through (and again to set the bad one aside)
    assert len(s.problems) == 1 and "history.pcr" in s.problems[0] and "score" in s.problems[0]
    assert [r["n"] for r in s.history()] == [1, 3]
    s, calls = _boot(root)  # the file rewritten without it, found clean ...
    assert calls == [1, 3, 3] and s.problems == []
    s, calls = _boot(root)  # ... and then not read through again
    assert calls == [3] and s.problems == []


def test_a_damaged_checked_file_means_a_whole_check():
    root = scratch.folder()
    s = saves.Saves(root, device_id="d1")
    s.add_game(game())
    for junk in (b"nonsense\n", b"", records.line({"history": [1, 2], "rules": [3, 4]}).encode()):
        with open(root + "/checked.pcr", "wb") as f:
            f.write(junk)
        s, calls = _boot(root)
        assert calls == [1, 1] and s.problems == []
        s, calls = _boot(root)
        assert calls == [1]


# A folder where a save file (or its .new) should be: made by a file manager or
# another tool. The boot sets it aside as it would a damaged file, says so, and
# every later write of that file works; everything else is kept.
_FILES = ("settings", "device", "game", "scores", "history", "checked")


def _filled(root):
    s = saves.Saves(root, device_id="d1")
    s.set("contrast", 40)
    s.add_game(game(seed=5))
    s.add_high_score("solitaire", "ABC", 60, 5)
    s.save_current({"v": 1, "where": "table"})
    return s


def _put_folder(path):
    import os

    records.remove(path)
    os.mkdir(path)
    with open(path + "/note.txt", "w") as f:
        f.write("mine")


def test_a_folder_in_place_of_a_save_file_is_set_aside_and_the_rest_kept():
    for kind in _FILES:
        for suffix in ("", ".new"):
            root = scratch.folder()
            _filled(root)
            where = "%s/%s.pcr%s" % (root, kind, suffix)
            _put_folder(where)
            s = saves.Saves(root, device_id="d1")
            said = "%s.pcr%s: a folder, not a file; set aside as %s.pcr%s.bad" % (kind, suffix, kind, suffix)
            # checked.pcr.new is not looked for while the history is unchanged: it
            # is found when checked.pcr is next written.
            late = kind == "checked" and suffix
            assert late or said in s.problems, (kind, suffix, s.problems)
            # Every file is written again: none raises.
            s.set("contrast", 50)
            s.save_current({"v": 1, "where": "show"})
            s.add_game(game(seed=6))
            s.add_high_score("solitaire", "DEF", 70, 6)
            assert said in s.problems, (kind, suffix, s.problems)
            with open(where + ".bad/note.txt") as f:
                assert f.read() == "mine"  # set aside whole, not removed
            again = saves.Saves(root, device_id="d1")
            assert again.problems == [], (kind, suffix, again.problems)
            assert again.get("contrast") == 50
            assert again.load_current() == {"v": 1, "where": "show"}
            lost = kind == "history" and not suffix  # the folder took the old history's place
            assert [r["seed"] for r in again.history()] == ([6] if lost else [5, 6]), (kind, suffix)
            assert again.device["n"] == 2
            lost = kind == "scores" and not suffix
            assert [r["initials"] for r in again.high_scores("solitaire")] == (
                ["DEF"] if lost else ["DEF", "ABC"]), (kind, suffix)


def test_a_folder_written_over_after_the_boot_is_set_aside_too():
    root = scratch.folder()
    s = _filled(root)
    _put_folder(root + "/settings.pcr")
    s.set("contrast", 60)
    assert "settings.pcr: a folder, not a file; set aside as settings.pcr.bad" in s.problems
    assert saves.Saves(root).get("contrast") == 60
