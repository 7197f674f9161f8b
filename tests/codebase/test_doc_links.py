"""Every relative link in README.md and docs/*.md leads somewhere: the file exists, and an anchor
(`page.md#a-heading`) names a heading of that page as GitHub makes its id.

GitHub's id for a heading (github-slugger): the heading's text as shown (code spans keep their
text, links their words, emphasis loses its marks), lower-cased, every character dropped that is
neither a letter, a digit, a mark, `_`, `-` nor a space, then each space a `-` (no run is
collapsed); a second heading of the same id gets `-1`, a third `-2`. Headings inside fenced code
blocks are no headings, and links there or in code spans are no links."""

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
_CODE = re.compile(r"(`+)(.+?)\1")
_LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
_REFDEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
_HTML = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*[\"']([^\"']*)[\"']", re.I)
_HTML_ID = re.compile(r"<a\b[^>]*?\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.I)


def prose_lines(text):
    """(line number, line) outside fenced code blocks."""
    fence = None
    for n, line in enumerate(text.splitlines(), 1):
        m = _FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif m.group(1) == fence:
                fence = None
            continue
        if fence is None:
            yield n, line


def heading_text(raw):
    """What GitHub shows for a heading's source."""
    parts, last = [], 0
    for m in _CODE.finditer(raw):
        parts.append(_plain(raw[last:m.start()]))
        parts.append(m.group(2).strip())
        last = m.end()
    parts.append(_plain(raw[last:]))
    return "".join(parts)


def _plain(s):
    s = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", s)      # a link shows its words
    s = re.sub(r"<[^>]+>", "", s)                          # inline HTML shows nothing of its tags
    s = re.sub(r"(?<![\w\\])_+(\S(?:.*?\S)?)_+(?!\w)", r"\1", s)   # _emphasis_
    return s.replace("\\", "")


def slug(text):
    out = []
    for ch in text.lower():
        cat = unicodedata.category(ch)
        if ch == " ":
            out.append("-")
        elif ch in "-_" or cat[0] in "LNM":
            out.append(ch)
    return "".join(out)


def anchors(path):
    seen, ids = {}, set()
    for _, line in prose_lines(path.read_text(encoding="utf-8")):
        ids.update(_HTML_ID.findall(line))
        m = _HEADING.match(line)
        if not m:
            continue
        base = slug(heading_text(m.group(2)))
        n = seen.get(base, 0)
        seen[base] = n + 1
        ids.add(base if n == 0 else "%s-%d" % (base, n))
    return ids


def links(path):
    """(line number, target) of every link, image and HTML href/src outside code."""
    for n, line in prose_lines(path.read_text(encoding="utf-8")):
        bare = _CODE.sub(lambda m: " " * len(m.group(0)), line)
        for m in _LINK.finditer(bare):
            yield n, m.group(2)
            # an image inside a link's words: [![alt](pic.png)](page.md)
            for inner in _LINK.finditer(m.group(1)):
                yield n, inner.group(2)
        for rx in (_REFDEF, _HTML):
            for target in rx.findall(bare):
                yield n, target


def broken(page):
    found = []
    for n, target in links(page):
        if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            continue                                   # empty, or http:, mailto: ...
        file, _, anchor = target.partition("#")
        dest = (page.parent / unquote(file)).resolve() if file else page
        where = "%s:%d: %s" % (page.relative_to(ROOT), n, target)
        if not dest.exists():
            found.append(where + " (no such file)")
        elif anchor and dest.suffix == ".md" and unquote(anchor) not in anchors(dest):
            found.append(where + " (no such heading in %s)" % dest.name)
    return found


def test_slugs_follow_githubs_rules():
    assert slug(heading_text("Measured (`make bench`, `tests/bench/bench_cribbage.py`)")) \
        == "measured-make-bench-testsbenchbench_cribbagepy"
    assert slug(heading_text("The computer (`players/cpu.py`; its lay-away in `players/laying.py`)")) \
        == "the-computer-playerscpupy-its-lay-away-in-playerslayingpy"
    assert slug(heading_text("Foster's last deal: a race to 91 (issue 10)")) == "fosters-last-deal-a-race-to-91-issue-10"
    assert slug(heading_text("a -- b")) == "a----b"
    assert slug(heading_text("The [board](board.md) & *more*")) == "the-board--more"
    assert slug(heading_text("Poker ♣ 5×5 µs")) == "poker--55-µs"


def test_the_checker_finds_a_missing_file_and_a_missing_heading(tmp_path):
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other\n\n## Two words\n\n## Two words\n\n```\n# not a heading\n```\n")
    page.write_text(
        "# Page\n\n[ok](other.md#two-words) [ok](other.md#two-words-1) [ok](#page) [web](https://x.org/#y)\n"
        "[bad](other.md#not-a-heading) [bad](missing.md) [bad](#nowhere) `[code](missing2.md)`\n"
        "<img src=\"pic.png\" width=\"2\">\n\n```\n[fenced](missing3.md)\n```\n")
    global ROOT
    old, ROOT = ROOT, tmp_path
    try:
        found = broken(page)
    finally:
        ROOT = old
    assert found == [
        "page.md:4: other.md#not-a-heading (no such heading in other.md)",
        "page.md:4: missing.md (no such file)",
        "page.md:4: #nowhere (no such heading in page.md)",
        "page.md:5: pic.png (no such file)",
    ]


def test_every_relative_link_in_the_docs_resolves():
    found = [b for page in PAGES for b in broken(page)]
    assert not found, "links that lead nowhere:\n" + "\n".join(found)
