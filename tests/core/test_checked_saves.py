# Issue 8: records that pass their checksum but are not what the firmware
# wrote are set aside and reported, never trusted, never a crash; what was good
# stays. On real files, on CPython and in the MicroPython VM.
import json
import sys

from storage import records
from storage import saves
import scratch
from storage import fields
from rules import solitaires as games


def game(n, score=60, variant="solitaire"):
    return {"n": n, "variant": variant, "seed": 100 + n, "score": score, "won": False, "target": 91,
            "rounds": [10, 10, score - 20], "date": None, "players": 1, "code": None}


def entry(score, initials="ABC", variant="solitaire"):
    return {"variant": variant, "initials": initials, "score": score, "seed": score, "date": None,
            "code": None}


def signed(text):
    """A record line whose checksum is right, whatever bytes it holds."""
    return b"%08x " % records.crc(text) + text + b"\n"


def pcr(kind, lines, end=None):
    body = b"".join(lines)
    return b"PCRIB " + kind.encode() + b" 1\n" + body + b"END %d\n" % (len(lines) if end is None else end)


def good(record):
    return records.line(record).encode()


def folder_with(kind, data):
    root = scratch.folder()
    scratch.write(root + "/" + kind + ".pcr", data)
    return root


def test_variants_are_the_games_variants():
    assert fields.VARIANTS == games.VARIANTS
    assert saves.TOP == fields.TOP


def test_the_rules_are_not_kept_loaded():
    # Checked at boot and when a game is recorded, then let go: the heap at the table holds none.
    s = saves.Saves(scratch.folder(), device_id="d1")
    assert "storage.fields" not in sys.modules and "storage.checknote" not in sys.modules
    s.add_game({"variant": "solitaire", "seed": 1, "score": 20, "won": False, "target": 91,
                "rounds": [20]})
    assert "storage.fields" not in sys.modules and "storage.checknote" not in sys.modules
    assert [r["n"] for r in s.history()] == [1]


def test_non_utf8_record_next_to_a_damaged_line_boots_and_keeps_the_good():
    # The line's checksum is right, but its bytes are not UTF-8; beside it, an
    # ordinary damaged line makes the boot repair the file.
    bad = signed(b'{"n": 2, "variant": "solitaire\xff"}')
    data = pcr("history", [good(game(1)), bad, b"0badc0de {}\n", good(game(3))])
    root = folder_with("history", data)
    s = saves.Saves(root, "d1")
    assert [r["n"] for r in s.history()] == [1, 3]
    assert any("2 bad records set aside in history.pcr.bad" in p for p in s.problems), s.problems
    assert scratch.read(root + "/history.pcr.bad") == bad + b"0badc0de {}\n"
    assert s.device["n"] == 3
    assert s.add_game(game(0)) == 4
    assert saves.Saves(root).problems == []


def test_non_utf8_record_alone_does_not_crash_the_game_end():
    root = scratch.folder()
    path = root + "/history.pcr"
    scratch.write(path, pcr("history", [good(game(1)), signed(b'{"a": "\xc3"}')]))
    problems = records.append(path, "history", game(2), 500, fields.history)
    assert len(problems) == 1 and "line 3: not a record" in problems[0]
    assert [r["n"] for r in records.read(path, "history", fields.history)[0]] == [1, 2]


def test_each_kind_of_wrong_record_is_set_aside_the_rest_kept():
    deep = "[" * 1500 + "]" * 1500  # as deep as fits a line: json.loads itself must not fail
    wrong = [
        ("scores", '{"variant": "solitaire", "initials": "ABC", "seed": 1, "date": null, "code": null}', "score"),
        ("scores", json.dumps(dict(entry(70), score="70")), "score"),
        ("scores", json.dumps(dict(entry(70), initials="N" * 10000)), "damaged"),  # longer than any line of ours
        ("scores", json.dumps(dict(entry(70), initials="N" * 1000)), "initials"),
        ("scores", json.dumps(dict(entry(70), score=10 ** 9)), "score"),
        # Too deep for CPython's json (RecursionError): not a record; MicroPython reads it.
        ("scores", '{"variant": "solitaire", "x": %s}' % deep, ("initials", "not a record")),
        ("history", "null", "not a record"),
        ("history", json.dumps(dict(game(2), score=10 ** 9)), "score"),
        ("history", json.dumps(dict(game(2), rounds=[[[1]]])), "rounds"),
        ("history", json.dumps(dict(game(2), extra=[[[[[]]]]])), "extra"),
        ("history", json.dumps(dict(game(2), variant="chess")), "variant"),
        ("history", json.dumps(dict(game(2), won=1)), "won"),
        ("history", '{"n": 2, "deep": %s}' % deep, ("variant", "not a record")),
        ("device", json.dumps({"id": "d1", "n": -1}), "n"),
        ("device", json.dumps({"id": ["d1"], "n": 1}), "id"),
    ]
    for kind, text, why in wrong:
        if kind == "history":
            lines = [good(game(1)), signed(text.encode()), good(game(3))]
            keep = [1, 3]
        elif kind == "scores":
            lines = [good(entry(90)), signed(text.encode()), good(entry(50))]
            keep = [90, 50]
        else:
            lines = [signed(text.encode())]
            keep = []
        root = folder_with(kind, pcr(kind, lines))
        s = saves.Saves(root, "d1")
        said = [p for p in s.problems if kind + ".pcr" in p]
        at = "line 3: " if len(lines) == 3 else "line 2: "
        whys = why if isinstance(why, tuple) else (why,)
        assert len(said) == 1 and any(at + w in said[0] for w in whys), (kind, why, said)
        kept, line = scratch.read(root + "/" + kind + ".pcr.bad"), lines[1 if len(lines) == 3 else 0]
        assert kept == (line if len(line) <= 4096 else line[:4096] + b"\n")  # a line too long is kept cut
        if kind == "history":
            assert [r["n"] for r in s.history()] == keep
            assert s.stats("solitaire")["best"] == 60  # not 10**9
        elif kind == "scores":
            assert [r["score"] for r in s.high_scores("solitaire")] == keep
            assert s.is_high_score("solitaire", 40)
        else:
            assert s.device == {"id": "d1", "n": 0}
        assert saves.Saves(root, "d1").problems == []  # repaired: said once


def test_a_settings_record_that_is_not_an_object_is_repaired_once():
    root = folder_with("settings", pcr("settings", [signed(b"[1, 2, 3]")]))
    s = saves.Saves(root)
    assert len(s.problems) == 1 and "not a record" in s.problems[0]
    assert s.get("contrast") == saves.DEFAULTS["contrast"]
    assert saves.Saves(root).problems == []


def test_a_setting_out_of_range_falls_back_and_is_said_once():
    root = folder_with("settings", pcr("settings", [good({"contrast": 10 ** 9, "sleep": 60, "initials": "X" * 900})]))
    s = saves.Saves(root)
    assert s.get("contrast") == 128 and s.get("sleep") == 60 and s.get("initials") == "AAA"
    assert s.problems == ["settings.pcr: contrast, initials not valid, back to the default"]
    again = saves.Saves(root)
    assert again.problems == [] and again.get("sleep") == 60


def test_the_counter_behind_the_history_never_gives_a_number_twice():
    root = scratch.folder()
    records.write(root + "/history.pcr", "history", [game(1), game(2), game(7)])
    records.write(root + "/device.pcr", "device", [{"id": "d1", "n": 2}])  # restored from an old backup
    s = saves.Saves(root, "d1")
    assert s.device == {"id": "d1", "n": 7}
    assert s.add_game(game(0)) == 8
    assert [r["n"] for r in s.history()] == [1, 2, 7, 8]


def test_records_after_a_stray_end_are_kept_and_reported():
    root = scratch.folder()
    path = root + "/history.pcr"
    data = pcr("history", [good(game(1)), b"END 1\n", good(game(2)), good(game(3))], end=3)
    scratch.write(path, data)
    got, problems = records.read(path, "history", fields.history)
    assert [r["n"] for r in got] == [1, 2, 3]
    assert len(problems) == 1 and "line 3: END before the last record" in problems[0]
    s = saves.Saves(root, "d1")
    assert s.add_game(game(0)) == 4
    assert [r["n"] for r in s.history()] == [1, 2, 3, 4]
    assert records.read(path, "history", fields.history)[1] == []


def test_a_complete_new_file_wins_over_a_truncated_one():
    root = scratch.folder()
    path = root + "/history.pcr"
    records.write(path, "history", [game(1), game(2), game(3)])
    whole = scratch.read(path)
    scratch.write(path + ".new", whole)
    scratch.write(path, whole[:whole.index(b"END")])  # the old file lost its END
    got, problems = records.read(path, "history", fields.history)
    assert [r["n"] for r in got] == [1, 2, 3] and problems == []
    assert not scratch.exists(path + ".new")
    # A whole old file and a whole new one: the cut came before the rename, the old stands.
    records.write(path, "history", [game(1)])
    scratch.write(path + ".new", whole)
    assert [r["n"] for r in records.read(path, "history")[0]] == [1]
    assert not scratch.exists(path + ".new")


def test_a_second_damaged_header_keeps_the_first_set_aside_file():
    root = scratch.folder()
    path = root + "/scores.pcr"
    for i in range(4):
        scratch.write(path, b"junk %d\n" % i)
        problems = []
        records.check(path, "scores", problems)
        assert len(problems) == 1
    assert scratch.read(path + ".bad") == b"junk 0\n"
    assert scratch.read(path + ".bad2") == b"junk 1\n"
    assert scratch.read(path + ".bad3") == b"junk 2\n"
    assert "removed" in problems[0] and not scratch.exists(path)


def test_a_duplicated_line_does_not_count_twice():
    root = scratch.folder()
    line2 = good(game(2, score=90))
    scratch.write(root + "/history.pcr", pcr("history", [good(game(1)), line2, line2, good(game(3))]))
    s = saves.Saves(root, "d1")
    assert [r["n"] for r in s.history()] == [1, 2, 3]
    assert s.stats("solitaire")["games"] == 3
    assert any("n repeated" in p for p in s.problems)
    one = good({"id": "d1", "n": 3})
    scratch.write(root + "/device.pcr", pcr("device", [one, one]))
    assert any("a second record" in p for p in saves.Saves(root, "d1").problems)


def test_thousands_of_damaged_lines_are_one_problem():
    root = scratch.folder()
    lines = [b"deadbeef {}\n"] * 2000 + [good(game(1))]
    scratch.write(root + "/history.pcr", pcr("history", lines))
    s = saves.Saves(root, "d1")
    said = [p for p in s.problems if "history.pcr" in p]
    assert len(said) == 1 and "2000 bad records" in said[0] and "; ..." in said[0], said
    assert [r["n"] for r in s.history()] == [1]


def test_problems_after_boot_are_bounded_and_said_once():
    root = scratch.folder()
    s = saves.Saves(root, "d1")
    s.add_high_score("solitaire", "ABC", 80, 1)
    # Damage after boot: a record that is not a record, read at every page turn.
    scratch.write(root + "/scores.pcr", pcr("scores", [good(entry(80)), signed(b"[7]")]))
    for _ in range(300):
        assert [r["score"] for r in s.high_scores("solitaire")] == [80]
    assert len(s.problems) == 1
    for i in range(40):
        s._report(["problem %d" % i])
    shown = s.take_problems()
    assert len(shown) == 13 and shown[-1] == "and 29 more problems"
    assert s.problems == [] and s.take_problems() == []
