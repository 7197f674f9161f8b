"""The host's reader of save files agrees with the firmware's own (records.py) on every kind of damage."""

from storage import records

from pocketcrib.scores import pcr

RECS = [{"n": i, "variant": "patience", "score": 40 + i, "rounds": [i, 2 * i]} for i in range(1, 6)]


def good_file(tmp_path, kind="history", recs=RECS):
    path = tmp_path / (kind + ".pcr")
    records.write(str(path), kind, recs)
    return path


def both(path, kind="history"):
    """(host records, firmware records, host problems) for the same bytes."""
    raw = path.read_bytes()
    host, problems = pcr.parse(raw, kind)
    firmware, _ = records.read(str(path), kind)
    return host, firmware, problems


def test_good_file(tmp_path):
    host, firmware, problems = both(good_file(tmp_path))
    assert host == firmware == RECS and problems == []


def test_damaged_line_is_skipped(tmp_path):
    path = good_file(tmp_path)
    lines = path.read_bytes().split(b"\n")
    lines[3] = lines[3].replace(b'"score": 43', b'"score": 93')
    path.write_bytes(b"\n".join(lines))
    host, firmware, problems = both(path)
    assert host == firmware == RECS[:2] + RECS[3:]
    assert problems == ["line 4: damaged record skipped"]


def test_truncated_file_keeps_what_was_read(tmp_path):
    path = good_file(tmp_path)
    raw = path.read_bytes()
    path.write_bytes(raw[: raw.index(b"END")])
    host, firmware, problems = both(path)
    assert host == firmware == RECS
    assert problems == ["truncated (no END line); kept 5 records"]


def test_foreign_and_other_kind_give_nothing(tmp_path):
    path = tmp_path / "history.pcr"
    path.write_bytes(b"\x89PNG\r\n\x1a\n...")
    host, firmware, problems = both(path)
    assert host == firmware == [] and "not a Pocket Crib file" in problems[0]
    path = good_file(tmp_path, "scores", [{"score": 1}])
    host, problems = pcr.parse(path.read_bytes(), "history")
    assert host == [] and problems == ["holds scores, not history; nothing imported from it"]


def test_end_count_mismatch_is_reported(tmp_path):
    path = good_file(tmp_path)
    path.write_bytes(path.read_bytes().replace(b"END 5", b"END 7"))
    host, firmware, problems = both(path)
    assert host == firmware == RECS and problems == ["END says 7 records, found 5"]
