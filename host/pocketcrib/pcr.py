"""Reading the board's save files on the host (the format is in docs/internals.md, "Storage").

    PCRIB <kind> <version>
    <crc32 of the JSON text, 8 lowercase hex> <JSON text>      one line per record
    END <number of records>

The same rules as firmware/records.py, which writes them: a foreign file gives
no records, a damaged line is skipped, a missing END keeps what was read; each
problem is one line of text. Records are parsed with json, never evaluated.
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
    end = None
    bad = 0
    for number, line in enumerate(lines[1:], start=2):
        line = line.rstrip(b"\r")
        if line.startswith(b"END "):
            end = line[4:].strip()
            break
        if not line:
            continue
        record = _record(line)
        if record is None:
            bad += 1
            problems.append(f"line {number}: damaged record skipped")
        else:
            records.append(record)
    if end is None:
        problems.append(f"truncated (no END line); kept {len(records)} records")
    elif not end.isdigit() or int(end) != len(records) + bad:
        problems.append(f"END says {end.decode('utf-8', 'replace')} records, found {len(records) + bad}")
    return records, problems


def _record(line):
    if len(line) < 11 or line[8:9] != b" ":
        return None
    text = line[9:]
    try:
        if int(line[:8], 16) != zlib.crc32(text):
            return None
        record = json.loads(text)
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


def json_object(raw):
    """A JSON object from bytes (ValueError if it is anything else)."""
    obj = json.loads(raw)
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    return obj
