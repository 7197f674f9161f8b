# records.py: the checksummed line format, atomic writes, damaged files.
import binascii

from storage import records
import scratch


def sample(n):
    return [{"i": i, "name": "r%d" % i, "ok": i % 2 == 0, "xs": [i, i * 2], "none": None}
            for i in range(n)]


def test_line_format_is_crc_space_json():
    line = records.line({"a": 1})
    crc, text = line[:8], line[9:-1]
    assert line[8] == " " and line.endswith("\n")
    assert crc == "%08x" % (binascii.crc32(text.encode()) & 0xFFFFFFFF)
    assert crc == crc.lower()


def test_own_crc_matches_binascii():
    for data in (b"", b"a", b"hello world", bytes(range(256))):
        assert records._crc_py(data) == binascii.crc32(data) & 0xFFFFFFFF


def test_write_then_read_round_trip():
    path = scratch.folder() + "/history.pcr"
    records.write(path, "history", sample(7))
    got, problems = records.read(path, "history")
    assert got == sample(7)
    assert problems == []
    lines = scratch.read(path).split(b"\n")
    assert lines[0] == b"PCRIB history 1"
    assert lines[-2] == b"END 7" and lines[-1] == b""
    assert not scratch.exists(path + ".new")


def test_missing_file_is_no_records_and_no_problem():
    got, problems = records.read(scratch.folder() + "/none.pcr", "scores")
    assert got == [] and problems == []


def test_empty_list_writes_end_0():
    path = scratch.folder() + "/scores.pcr"
    records.write(path, "scores", [])
    assert scratch.read(path) == b"PCRIB scores 1\nEND 0\n"
    assert records.read(path, "scores") == ([], [])


def test_foreign_file_is_set_aside():
    d = scratch.folder()
    path = d + "/settings.pcr"
    scratch.write(path, b"\x00\x01 not ours at all\n")
    got, problems = records.read(path, "settings")
    assert got == []
    assert len(problems) == 1 and "settings.pcr.bad" in problems[0]
    assert not scratch.exists(path)
    assert scratch.read(path + ".bad") == b"\x00\x01 not ours at all\n"


def test_other_kind_or_version_is_set_aside():
    d = scratch.folder()
    path = d + "/scores.pcr"
    records.write(path, "history", sample(2))
    got, problems = records.read(path, "scores")
    assert got == [] and "holds history" in problems[0]
    scratch.write(path, b"PCRIB scores 9\nEND 0\n")
    got, problems = records.read(path, "scores")
    assert got == [] and "version 9" in problems[0] and "scores.pcr.bad2" in problems[0]
    # The first file set aside is kept: the second goes next to it.
    assert scratch.read(path + ".bad").startswith(b"PCRIB history 1\n")
    assert scratch.read(path + ".bad2") == b"PCRIB scores 9\nEND 0\n"


def test_damaged_line_is_skipped_and_the_rest_kept():
    path = scratch.folder() + "/history.pcr"
    records.write(path, "history", sample(5))
    data = bytearray(scratch.read(path))
    lines = bytes(data).split(b"\n")
    # Flip one character inside record 2's JSON: its checksum no longer matches.
    start = len(lines[0]) + len(lines[1]) + len(lines[2]) + 3
    i = start + 12
    data[i] = data[i] ^ 0x01
    scratch.write(path, bytes(data))
    got, problems = records.read(path, "history")
    assert got == sample(5)[:2] + sample(5)[3:]
    assert len(problems) == 1 and "line 4" in problems[0]


def test_missing_end_is_reported_truncated():
    path = scratch.folder() + "/history.pcr"
    records.write(path, "history", sample(3))
    data = scratch.read(path)
    scratch.write(path, data[:data.index(b"END")])
    got, problems = records.read(path, "history")
    assert got == sample(3)
    assert len(problems) == 1 and "truncated" in problems[0]


def test_append_keeps_newest():
    path = scratch.folder() + "/history.pcr"
    for i in range(8):
        assert records.append(path, "history", {"i": i}, 5) == []
    got, problems = records.read(path, "history")
    assert [r["i"] for r in got] == [3, 4, 5, 6, 7]
    assert problems == []
    assert scratch.read(path).endswith(b"END 5\n")


def test_append_without_limit_and_copy_is_byte_exact():
    path = scratch.folder() + "/h.pcr"
    records.write(path, "history", sample(4))
    before = scratch.read(path)
    records.append(path, "history", {"x": 1})
    after = scratch.read(path)
    # The old record lines are copied through unchanged.
    assert after.startswith(before[:before.index(b"END")])
    assert after.endswith(records.line({"x": 1}).encode() + b"END 5\n")


def test_append_to_foreign_file_sets_it_aside_and_starts_fresh():
    path = scratch.folder() + "/history.pcr"
    scratch.write(path, b"GIF89a....")
    problems = records.append(path, "history", {"i": 1}, 10)
    assert len(problems) == 1 and ".bad" in problems[0]
    assert records.read(path, "history") == ([{"i": 1}], [])


def test_check_repairs_a_damaged_file():
    path = scratch.folder() + "/history.pcr"
    records.write(path, "history", sample(3))
    data = scratch.read(path)
    scratch.write(path, data[:-4])  # END line cut
    problems = []
    assert records.check(path, "history", problems) == 3
    assert len(problems) == 1
    problems = []
    assert records.check(path, "history", problems) == 3
    assert problems == []


def test_last_reads_the_tail():
    path = scratch.folder() + "/history.pcr"
    assert records.last(path, "history") is None
    records.write(path, "history", [])
    assert records.last(path, "history") is None
    records.write(path, "history", sample(1))
    assert records.last(path, "history") == sample(1)[0]
    big = [{"i": i, "pad": "x" * 200} for i in range(40)]
    records.write(path, "history", big)
    assert records.last(path, "history") == big[-1]
    huge = [{"i": i, "pad": "y" * 3000} for i in range(3)]
    records.write(path, "history", huge)
    assert records.last(path, "history") == huge[-1]


def test_complete_new_file_is_promoted_when_target_missing():
    # As left by a filesystem that cannot rename over a file, cut between
    # removing the old file and renaming the new one.
    d = scratch.folder()
    path = d + "/scores.pcr"
    records.write(path + "x", "scores", sample(2))
    scratch.write(path + ".new", scratch.read(path + "x"))
    assert records.read(path, "scores") == (sample(2), [])
    assert scratch.exists(path) and not scratch.exists(path + ".new")


def test_torn_new_file_is_never_used():
    d = scratch.folder()
    path = d + "/scores.pcr"
    records.write(path + "x", "scores", sample(2))
    whole = scratch.read(path + "x")
    scratch.write(path + ".new", whole[:-3])
    assert records.read(path, "scores") == ([], [])
    assert not scratch.exists(path + ".new")


def test_delete_removes_file_and_leftover_new():
    path = scratch.folder() + "/game.pcr"
    records.write(path, "game", [{"a": 1}])
    scratch.write(path + ".new", scratch.read(path))
    records.delete(path)
    assert not scratch.exists(path) and not scratch.exists(path + ".new")
    assert records.read(path, "game") == ([], [])
