"""Reading the board's save files on the host (the format is in docs/saves.md, "The format").

    PCRIB <kind> <version>
    <crc32 of the JSON text, 8 lowercase hex> <JSON text>      one line per record
    END <number of records>

The same rules as firmware/storage/records.py, which writes them: a foreign file gives
no records, a damaged line is skipped, a missing END keeps what was read; each
problem is one line of text. Records are parsed with json, never evaluated.

Each record read is then put through the board's own field rules (refused():
firmware/storage/fields.py, imported from the firmware folder, not a copy), every kind
alike: what they refuse is a record the board would not keep, and the host keeps it
neither.
"""

import json
import zlib

FORMAT = 1  # the version in the header line that this reader understands


def parse(raw, kind):
    """(records, problems) from the bytes of a <kind>.pcr file."""
    problems = []
    lines = raw.split(b"\n")
    head = lines[0].split()
    if len(head) != 3 or head[0] != b"PCRIB":
        return [], ["not a Pocket Crib file; nothing imported from it"]
    if head[1] != kind.encode():
        return [], [f"holds {head[1].decode('utf-8', 'replace')}, not {kind}; nothing imported from it"]
    if head[2] != str(FORMAT).encode():
        return [], [f"save format {head[2].decode('utf-8', 'replace')} is not supported (this pocketcrib "
                    f"reads {FORMAT}); nothing imported from it"]
    records = []
    end = None  # the END line's count, while it is the last line read
    stray = None  # the line of an END that more records followed
    bad = []  # line numbers of damaged records
    for number, line in enumerate(lines[1:], start=2):
        line = line.rstrip(b"\r")
        if not line:
            continue
        if line.startswith(b"END "):
            if end is not None and stray is None:
                stray = number - 1
            end = line[4:].strip()
            continue
        if end is not None and stray is None:
            stray = number - 1
        end = None
        record = _record(line)
        if record is None:
            bad.append(number)
        else:
            records.append(record)
    if bad:
        problems.append(_damaged(bad))
    if stray is not None:
        problems.append(f"line {stray}: END before the last record; the records after it were read too")
    if end is None:
        problems.append(f"truncated (no END line); kept {len(records)} records")
    elif stray is None and (not end.isdigit() or int(end) != len(records) + len(bad)):
        problems.append(f"END says {end[:20].decode('utf-8', 'replace')} records, found {len(records) + len(bad)}")
    return records, problems


def _damaged(numbers):
    """One problem line for any number of damaged lines."""
    if len(numbers) == 1:
        return f"line {numbers[0]}: damaged record skipped"
    shown = ", ".join(str(n) for n in numbers[:5])
    return f"{len(numbers)} damaged records skipped (lines {shown}{', ...' if len(numbers) > 5 else ''})"


def _record(line):
    """The object a record line holds, or None: a wrong checksum, not UTF-8, not a
    JSON object, or nested too deep to read."""
    if len(line) < 11 or line[8:9] != b" ":
        return None
    text = line[9:]
    try:
        if int(line[:8], 16) != zlib.crc32(text):
            return None
        record = json.loads(text.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None
    return record if isinstance(record, dict) else None


def json_object(raw):
    """A JSON object from bytes (ValueError if it is anything else)."""
    obj = json.loads(raw)
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    return obj


def refused(rec, kind="history"):
    """None if the board's own rules take rec as a record of the kind ("history": a finished
    game, "scores": a high-score entry; fields.game_record and score_record, the rules it checks
    its files with) and every text in it is text, else one phrase naming the field refused and
    its value."""
    try:
        fields = board_fields()
    except ImportError as e:
        return f"not checked ({e}: run pocketcrib from a Pocket Crib checkout, or set POCKETCRIB_FIRMWARE)"
    field = (fields.game_record if kind == "history" else fields.score_record)(rec)
    if field is None:
        field = _not_text(rec)
        return None if field is None else f"its {field!r} is not text (a lone surrogate): {shown(rec[field])}"
    why = f"the board's rules refuse its {field!r}: {shown(rec[field]) if field in rec else '(missing)'}"
    gen = rec.get("gen")
    if field == "gen" and type(gen) is int and fields.GEN < gen <= 2**53:
        why += f" (a generator newer than this pocketcrib's, {fields.GEN}: update pocketcrib and pull again)"
    return why


def variant(rec):
    """The record's variant to name it by in a line ("solitaire"): a short plain word, else None."""
    v = rec.get("variant")
    return v if type(v) is str and v.isascii() and v.isalnum() and len(v) <= 12 else None


def board_fields():
    """firmware/storage/fields.py of the firmware folder (core.py), imported on the first check."""
    from pocketcrib.firmware import use_firmware

    use_firmware()
    from storage import fields

    if not hasattr(fields, "game_record"):  # another package's fields, the firmware folder missing
        raise ImportError(f"no Pocket Crib fields.py in {fields.__file__}")
    return fields


def is_utf8(v):
    """Whether the str can be written as UTF-8 (SQLite's text): not so with a lone surrogate, which json reads."""
    try:
        v.encode()
    except UnicodeEncodeError:
        return False
    return True


def _not_text(rec):
    """The first field of a record the rules took that holds a str no UTF-8 can write, or None.
    (The rules take strs and lists of them, no deeper.)"""
    for k, v in rec.items():
        for x in v if type(v) is list else (v,):
            if type(x) is str and not is_utf8(x):
                return k
    return None


def shown(value, width=40):
    """A field's value in a problem line: JSON, cut to width (a lone surrogate escaped, a newline too)."""
    try:
        text = json.dumps(value)
    except (ValueError, TypeError, RecursionError):
        return "(nested too deep to show)"
    return text if len(text) <= width else text[:width - 3] + "..."
