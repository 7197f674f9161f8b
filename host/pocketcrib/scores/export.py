"""Games as CSV, JSON, a text table and a PNG plot. Pure: lists of dicts in, text or bytes out."""

import csv
import io
import json

from pocketcrib.scores import boardrec, cribrec, gridrec
from pocketcrib.scores.store import GAME_FIELDS
from pocketcrib.words import counted

VARIANTS = ("solitaire", "patience", "patience2", cribrec.VARIANT, *gridrec.VARIANTS, boardrec.VARIANT)
# What the totals and plots go by: the variant, and for a grid game which of the five (gridrec.kind).
KINDS = ("solitaire", "patience", "patience2", cribrec.VARIANT, "poker", "poker-english", "poker-foster",
         "poker-english-foster", "squares", boardrec.VARIANT)
# After GAME_FIELDS in the games' CSV, empty but for cribbage games (scores: each side's, space-separated)
# and the board's games (all but level).
CRIB_FIELDS = ("level", "scores", "winner", "skunk", "match_points", "deals")
# Then the grid games' (lines: each line's points, the rows then the columns, space-separated).
GRID_FIELDS = ("table", "foster", "lines", "heels", "matched", "place")
# Then the board's games': the players' initials, a seat each, space-separated.
BOARD_FIELDS = ("names",)
# Then who sat where in a game of cribbage (issue 25): people, a JSON list a seat (a person's name, null the
# computer's; empty against the computer alone); levels, a JSON list a seat (the computer's level, null a
# person's); seats, in words ("ANN & BEE v computer (normal) & computer (expert)").
SEAT_FIELDS = ("people", "levels", "seats")
# Per person, over the games between people he sat in (export --people): match points won and lost, and
# his points a deal (averages) as dealer and as pone, each part and all together ("points").
PERSON_FIELDS = ("person", "games", "wins", "skunks", "skunked", "match_won", "match_lost", "dealt",
                 *(f"dealer_{k}" for k in (*cribrec.DEALER, "points")), "poned",
                 *(f"pone_{k}" for k in (*cribrec.PONE, "points")))
# The CSV of deals (--deals): one row per deal and seat; crib and heels on the dealer's row. A game on the
# board has one row per deal and side (seat empty, player the side's names, play what was pegged by hand).
# Level: the computer's at its seat (empty for a person's, and on the board).
DEAL_FIELDS = ("device", "n", "deal", "seat", "player", "side", "dealer", "hand", "play", "crib", "heels", "muggins",
               "level")


class _Writer:
    """csv.writer with "\n" line ends that also quotes a row holding a carriage return: the
    csv module quotes a field only for its line end's characters, and a name off a device may
    hold one, which any reader would then take for the end of the row."""

    def __init__(self, buf):
        self.plain = csv.writer(buf, lineterminator="\n")
        self.quoted = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_ALL)

    def writerow(self, row):
        row = list(row)
        (self.quoted if any(isinstance(c, str) and "\r" in c for c in row) else self.plain).writerow(row)


def to_csv(games):
    """One row per game, GAME_FIELDS and CRIB_FIELDS as columns; rounds as space-separated points, won as
    true/false."""
    buf = io.StringIO()
    w = _Writer(buf)
    fields = GAME_FIELDS + CRIB_FIELDS + GRID_FIELDS + BOARD_FIELDS + SEAT_FIELDS
    w.writerow(fields)
    for g in games:
        row = dict(g)
        row["rounds"] = " ".join(str(r) for r in g.get("rounds") or ())
        row["won"] = "" if g.get("won") is None else ("true" if g["won"] else "false")
        crib = _crib_json(g.get("cribbage"))
        if crib:
            row.update(crib, scores=" ".join(map(str, crib["scores"])), deals=len(crib["deals"]),
                       people=_json_text(crib["people"]) if crib["people"] else None,
                       levels=_json_text(crib["levels"]))
        grid = _grid_json(g.get("grid"))
        if grid:
            row.update(grid, lines=" ".join(map(str, grid["lines"])), foster="true" if grid["foster"] else "false")
        board = _board_json(g.get("board"))
        if board:
            row.update(board, scores=" ".join(map(str, board["scores"])), deals=len(board["deals"]),
                       names=" ".join(board["names"]))
        w.writerow(["" if row.get(f) is None else row[f] for f in fields])
    return buf.getvalue()


def deals_csv(games):
    """The cribbage games' deals, one row per deal and seat (DEAL_FIELDS)."""
    buf = io.StringIO()
    w = _Writer(buf)
    w.writerow(DEAL_FIELDS)
    for g in games:
        c = g.get("cribbage")
        for i, d in enumerate(c.deals if c else (), start=1):
            for seat, (hand, play, muggins) in enumerate(d.seats):
                mine = seat == d.dealer
                level = c.levels[seat]
                w.writerow((g["device"], g["n"], i, seat, cribrec.player(c, seat), cribrec.side_of(c.players, seat),
                            d.dealer, hand, play, d.crib if mine else 0, d.heels if mine else 0, muggins,
                            "" if level is None else cribrec.LEVELS[level]))
        b = g.get("board")
        for i, d in enumerate(b.deals if b else (), start=1):
            for side, (pegged, hand, muggins) in enumerate(d.sides):
                mine = side == boardrec.side_of(b.players, d.dealer)
                w.writerow((g["device"], g["n"], i, "", boardrec.side_name(b, side), side, d.dealer, hand, pegged,
                            d.crib if mine else 0, d.heels if mine else 0, muggins, ""))
    return buf.getvalue()


def to_json(games):
    """A JSON list of games, each an object with GAME_FIELDS; a cribbage game also has "cribbage"
    (CRIB_FIELDS, its deals a list of {dealer, crib, heels, hand, play, muggins}, the last three per seat;
    SEAT_FIELDS, people and levels lists or null),
    a grid game "grid" (GRID_FIELDS, lines a list), a game on the board "board" (its names, scores, winner,
    skunk, match points, and its deals a list of {dealer, crib, heels, pegged, hand, muggins}, the last
    three per side)."""
    out = []
    for g in games:
        o = {f: g.get(f) for f in GAME_FIELDS}
        crib = _crib_json(g.get("cribbage"))
        if crib:
            o["cribbage"] = crib
        grid = _grid_json(g.get("grid"))
        if grid:
            o["grid"] = grid
        board = _board_json(g.get("board"))
        if board:
            o["board"] = board
        out.append(o)
    # One game a line: a game of cribbage's deals would take hundreds of lines indented.
    return _one_a_line(out)


def _one_a_line(objects):
    """A JSON list, one object a line."""
    return "[\n" + ",\n".join(json.dumps(o) for o in objects) + ("\n]\n" if objects else "]\n")


def _board_json(b):
    if b is None:
        return None
    return {"names": b.names, "scores": b.scores, "winner": b.winner, "skunk": b.skunk, "match_points": b.points,
            "deals": [{"dealer": d.dealer, "crib": d.crib, "heels": d.heels, "pegged": [s[0] for s in d.sides],
                       "hand": [s[1] for s in d.sides], "muggins": [s[2] for s in d.sides]} for d in b.deals]}


def _grid_json(g):
    if g is None:
        return None
    return {"table": g.table, "foster": g.foster, "lines": g.lines, "heels": g.heels, "matched": g.matched,
            "place": g.place}


def _crib_json(c):
    if c is None:
        return None
    return {"level": cribrec.LEVELS[c.level], "scores": c.scores, "winner": c.winner, "skunk": c.skunk,
            "match_points": c.points, "people": list(c.people) if c.people else None,
            "levels": [None if lv is None else cribrec.LEVELS[lv] for lv in c.levels], "seats": cribrec.sitting(c),
            "deals": [{"dealer": d.dealer, "crib": d.crib, "heels": d.heels, "hand": [s[0] for s in d.seats],
                       "play": [s[1] for s in d.seats], "muggins": [s[2] for s in d.seats]} for d in c.deals]}


def _json_text(value):
    return json.dumps(value, ensure_ascii=False)


def kind(g):
    """What a game's totals go under: its variant, or for a grid game which of the five (poker-english...)."""
    return gridrec.kind(g["grid"]) if g.get("grid") else g.get("variant") or "?"


def stats(games):
    """{kind: {"games", "wins", "best", "average"}} in KINDS order, then any others."""
    out = {}
    for g in games:
        s = out.setdefault(kind(g), {"games": 0, "wins": 0, "best": None, "total": 0})
        s["games"] += 1
        s["wins"] += 1 if g.get("won") else 0
        s["total"] += g["score"]
        s["best"] = g["score"] if s["best"] is None else max(s["best"], g["score"])
    order = [v for v in KINDS if v in out] + sorted(v for v in out if v not in KINDS)
    return {v: {"games": out[v]["games"], "wins": out[v]["wins"], "best": out[v]["best"],
                "average": out[v]["total"] / out[v]["games"]} for v in order}


def known_dates(games):
    """Each game's date (a list, in the order of games) as far as its board can tell.

    The board's clock is lost when it is unplugged, so a game can have no date;
    it was then played after the latest game before it (by number) on the same
    board that has one: "after 2026-12-01". "" when no game before it has a date.
    """
    out, last = [""] * len(games), {}
    for i in sorted(range(len(games)), key=lambda i: (games[i]["device"], games[i]["n"])):
        g = games[i]
        if g.get("date"):
            out[i] = last[g["device"]] = g["date"]
        elif g["device"] in last:
            out[i] = "after " + last[g["device"]]
    return out


def table(games, high_scores=(), last=10):
    """A plain-text report: totals per variant, the high scores, cribbage per mode, the latest games."""
    if not games and not high_scores:
        return "No scores yet: play a game, then `pocketcrib scores pull`."
    totals = stats(games)
    width = max([12, *map(len, totals)])
    lines = [f"{'Variant':<{width}} Games  Won  Best  Average"]
    for v, s in totals.items():
        lines.append(f"{v:<{width}} {s['games']:>5} {s['wins']:>4} {s['best']:>5} {s['average']:>8.1f}")
    if high_scores:
        lines += ["", "High scores"]
        shown = {}
        width = max(12, *(len(h.get("kind") or h["variant"] or "?") for h in high_scores))
        for h in high_scores:
            name = h.get("kind") or h["variant"] or "?"
            k = shown[name] = shown.get(name, 0) + 1
            if k <= 10:
                lines.append(f"  {name:<{width}} {k:>2}. {h['initials'] or '---':<3} {h['score']:>4}"
                             f"  {h['date'] or ''}")
    lines += cribbage_lines(games) + people_lines(games) + grid_lines(games) + board_lines(games)
    if games:
        dates = known_dates(games)
        lines += ["", f"Latest games (of {len(games)})",
                  "  Board             #  Variant          Score  Won  Date"]
        for g, date in list(zip(games, dates))[-last:]:
            c = g.get("cribbage")
            both = c or g.get("board")  # cribbage: each side's, the player's first; the board's: each side's
            score = "-".join(map(str, both.scores)) if both else g["score"]
            won = None if c and c.people else g.get("won")  # (between people, nobody is "you")
            line = (f"  {g['device']:<16} {g['n']:>3}  {g['variant'] or '?':<12} {score:>9}  "
                    f"{'yes' if won else '-  ' if won is None else 'no ':<3}  {date:<16}")
            if c:
                line += f"  {cribrec.mode(c)}, {cribrec.outcome(c)}"
            elif g.get("board"):
                line += f"  {boardrec.mode(g['board'])}, {boardrec.outcome(g['board'])}"
            elif g.get("grid"):
                grid = g["grid"]
                line += f"  {gridrec.mode(grid)}" + (f", place {grid.place} of {grid.players}" if grid.players > 1
                                                     else "")
            lines.append(line.rstrip())
    return "\n".join(lines)


def grid_kinds(games):
    """{kind: [gridrec.Game...]} of the grid games, in KINDS order."""
    by = {}
    for g in games:
        if g.get("grid"):
            by.setdefault(gridrec.kind(g["grid"]), []).append(g["grid"])
    return {k: by[k] for k in KINDS if k in by}


def grid_lines(games):
    """The grid games, each of the five apart: games, wins, best, average, how often the advisor's square
    was chosen, and the mean points of each line (rows, then columns)."""
    by = grid_kinds(games)
    if not by:
        return []
    lines = ["", f"{'Grid games':<41} {'Games':>5} {'Won':>4} {'Best':>5} {'Average':>8}  Advisor's square"]
    for k, grids in by.items():
        mine = [g for g in games if g.get("grid") and gridrec.kind(g["grid"]) == k]
        scores = [g["score"] for g in mine]
        matched = sum(x.matched for x in grids) / (len(grids) * gridrec.CARDS[grids[0].variant])
        lines.append(f"  {gridrec.mode(grids[0]):<39} {len(mine):>5} {sum(bool(g['won']) for g in mine):>4} "
                     f"{max(scores):>5} {sum(scores) / len(scores):>8.1f}  {matched:.0%}")
        mean, side = gridrec.per_line(grids), gridrec.SIDE[grids[0].variant]
        lines.append("    a line: rows " + " ".join(f"{x:.1f}" for x in mean[:side])
                     + "; columns " + " ".join(f"{x:.1f}" for x in mean[side:]))
    return lines


def board_lines(games):
    """The games on the board for a real deck, per match (the same players sitting the same way, the same
    target): games, each side's wins and match points (1 a game, 2 a skunk, 3 a double skunk)."""
    found = boardrec.matches([g["board"] for g in games if g.get("board")])
    if not found:
        return []
    lines = ["", "The board (real cards)"]
    for (mode, names), t in found.items():
        sides = ", ".join(f"{n} {w} won, {p} points" for n, w, p in zip(names, t["wins"], t["points"], strict=True))
        lines.append(f"  {mode}: {counted(t['games'], 'game')}; {sides}")
    return lines


def cribbage_lines(games):
    """Cribbage per mode, for the player: games, wins, skunks given and taken, match points, and the
    points a deal as dealer and as pone (play, hand, crib) as the board's statistics count them."""
    tallies = cribrec.tally([g["cribbage"] for g in games if g.get("cribbage")])
    if not tallies:
        return []
    lines = ["", f"{'Cribbage (you)':<25} {'Games':>5} {'Won':>4} {'Skunks':>7} {'Match':>7}"]
    for mode, t in tallies.items():
        lines.append(f"  {mode:<23} {t['games']:>5} {t['wins']:>4} {t['skunks']:>4}-{t['skunked']:<2} "
                     f"{t['for']:>4}-{t['against']}")
        pd = t["per_deal"]
        parts = []
        if pd["dealer"]:
            parts.append("as dealer play {:.1f}, hand {:.1f}, crib {:.1f} ({})".format(*pd["dealer"], pd["dealt"]))
        if pd["pone"]:
            parts.append("as pone play {:.1f}, hand {:.1f} ({})".format(*pd["pone"], pd["poned"]))
        if parts:
            lines.append("    a deal: " + "; ".join(parts))
    return lines + ["  (skunks given-taken, match points won-lost; crib with heels)"]


def people_lines(games, name=None):
    """Cribbage between people, per person (or only `name`'s): games, wins, skunks given and taken, match
    points, and his points a deal as dealer (play, hand, crib with heels, muggins) and as pone."""
    tallies = cribrec.people_tally([g["cribbage"] for g in games if g.get("cribbage")])
    if name is not None:
        tallies = {name: tallies[name]} if name in tallies else {}
    if not tallies:
        return []
    shown = {n: cribrec.name_shown(n) for n in tallies}
    width = max(23, *map(len, shown.values()))
    lines = ["", f"{'Cribbage between people':<{width + 2}} {'Games':>5} {'Won':>4} {'Skunks':>7} {'Match':>7}"]
    for person, t in tallies.items():
        lines.append(f"  {shown[person]:<{width}} {t['games']:>5} {t['wins']:>4} {t['skunks']:>4}-{t['skunked']:<2} "
                     f"{t['for']:>4}-{t['against']}")
        pd, parts = t["per_deal"], []
        for role, n in (("dealer", pd["dealt"]), ("pone", pd["poned"])):
            if pd[role]:
                parts.append(f"as {role} " + ", ".join(f"{k} {v:.1f}" for k, v in pd[role].items() if k != "points")
                             + f" ({n})")
        if parts:
            lines.append("    a deal: " + "; ".join(parts))
    return lines + ["  (skunks given-taken, match points won-lost; crib with heels)"]


def people_games(games, name=None):
    """The games of cribbage between people (or only those `name` sat in), in the order pulled."""
    return [g for g in games if g.get("cribbage") and g["cribbage"].people
            and (name is None or name in g["cribbage"].people)]


def people_names(games):
    """Every person of the games between people, first seen first."""
    return list(cribrec.people_tally(g["cribbage"] for g in people_games(games)))


def find_person(games, name):
    """The person `name` stands for: himself, or the one person whose name it is but for case; else None."""
    names = people_names(games)
    if name in names:
        return name
    like = [n for n in names if n.casefold() == name.casefold()]
    return like[0] if len(like) == 1 else None


def people_table(games, name=None):
    """`scores show --people`: per person (people_lines), then every game between people (or `name`'s),
    a line each saying where it was played, its scores, who sat where and who won."""
    mine = people_games(games, name)
    if not mine:
        return "No games between people yet: choose people for the seats in the cribbage setup, play, then " \
               "`pocketcrib scores pull`."
    dates = dict(zip(map(id, games), known_dates(games), strict=True))
    lines = people_lines(mine, name)[1:]
    lines += ["", f"Games between people ({len(mine)})", "  Board             #  Date             Scores      "
              "Who sat where (side against side), who won"]
    for g in mine:
        c = g["cribbage"]
        lines.append(f"  {g['device']:<16} {g['n']:>3}  {dates[id(g)]:<16} {'-'.join(map(str, c.scores)):<11} "
                     f"{cribrec.mode(c)}, {cribrec.outcome(c)}")
    return "\n".join(lines)


def people_stats(games, name=None):
    """Per person (or `name` alone), a dict with PERSON_FIELDS; averages rounded to 3 places, None where
    he never dealt (or never poned)."""
    tallies = cribrec.people_tally([g["cribbage"] for g in games if g.get("cribbage")])
    out = []
    for person, t in tallies.items():
        if name is not None and person != name:
            continue
        pd = t["per_deal"]
        row = {"person": person, "games": t["games"], "wins": t["wins"], "skunks": t["skunks"],
               "skunked": t["skunked"], "match_won": t["for"], "match_lost": t["against"], "dealt": pd["dealt"],
               "poned": pd["poned"]}
        for role, parts in (("dealer", (*cribrec.DEALER, "points")), ("pone", (*cribrec.PONE, "points"))):
            for k in parts:
                row[f"{role}_{k}"] = round(pd[role][k], 3) if pd[role] else None
        out.append({f: row[f] for f in PERSON_FIELDS})
    return out


def people_csv(games, name=None):
    """people_stats as CSV, one row a person."""
    buf = io.StringIO()
    w = _Writer(buf)
    w.writerow(PERSON_FIELDS)
    for row in people_stats(games, name):
        w.writerow(["" if row[f] is None else row[f] for f in PERSON_FIELDS])
    return buf.getvalue()


def people_json(games, name=None):
    """people_stats as a JSON list, one person a line."""
    return _one_a_line(people_stats(games, name))


def _solo(games):
    """The player's own games of cribbage (cribrec.Game), against the computer alone: not those between people."""
    return [g["cribbage"] for g in games if g.get("cribbage") and not g["cribbage"].people]


def plot_png(games, dpi=100):
    """PNG bytes of figure(games).

    The PNG's "Description" text says what was plotted (games and scores per
    variant; for cribbage the points a deal and the race drawn), so a reader
    can check the picture against the data.
    """
    fig = figure(games, dpi)
    summary = "; ".join(f"{v}: {counted(st['games'], 'game')}, best {st['best']}, mean {st['average']:.2f}"
                        for v, st in stats(games).items())
    crib = [g for g in games if g.get("cribbage")]
    if crib:
        pd = cribrec.per_deal(_solo(games))
        if pd["dealer"]:
            summary += "; cribbage a deal as dealer: play {:.2f}, hand {:.2f}, crib {:.2f}".format(*pd["dealer"])
        if pd["pone"]:
            summary += "; as pone: play {:.2f}, hand {:.2f}".format(*pd["pone"])
        last = crib[-1]
        summary += (f"; race of game {last['n']} of board {last['device']}: "
                    + "-".join(map(str, last["cribbage"].scores)))
    for k, grids in grid_kinds(games).items():
        summary += f"; {k} a line: " + " ".join(f"{x:.2f}" for x in gridrec.per_line(grids))
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Title": "Pocket Crib scores", "Description": summary})
    return buf.getvalue()


def figure(games, dpi=100):
    """A matplotlib Figure: score per game over time (per variant, with its target) and the
    score distribution per variant; with cribbage games, below them the player's points a deal
    as dealer and as pone, and the race of the latest cribbage game deal by deal."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    s = stats(games)
    crib = [g for g in games if g.get("cribbage")]
    grid = [g for g in games if g.get("grid")]
    rows = 1 + bool(crib) + bool(grid)
    fig = Figure(figsize=(10, 4.2 * rows), dpi=dpi)
    layout = fig.add_gridspec(rows, 2, width_ratios=(2.2, 1))
    over, spread = fig.add_subplot(layout[0, 0]), fig.add_subplot(layout[0, 1])
    # Time axis: games in the order played (by date as far as known, then per board and game number;
    # an undated game goes after the last dated one before it on its board).
    dates = known_dates(games)
    ordered = [games[i] for i in sorted(range(len(games)), key=lambda i: (
        dates[i].removeprefix("after "), games[i]["device"], games[i]["n"]))]
    for v in s:
        mine = [(i + 1, g) for i, g in enumerate(ordered) if kind(g) == v]
        (line,) = over.plot([i for i, _ in mine], [g["score"] for _, g in mine], marker="o", markersize=3,
                            linewidth=1, label=v)
        for target in sorted({g["target"] for _, g in mine if g.get("target")}):
            over.axhline(target, linestyle="--", linewidth=0.8, color=line.get_color(), label=f"{v}: {target} to win")
    # Game numbers are whole: ticks on integers only, even for one or two games.
    over.set_xlim(0.5, max(len(ordered), 1) + 0.5)
    over.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    over.set_title("Score per game")
    over.set_xlabel("game (in the order played)")
    over.set_ylabel("score")
    over.legend(loc="best", fontsize="small")
    over.grid(alpha=0.3)
    data = [[g["score"] for g in games if kind(g) == v] for v in s]
    spread.boxplot(data, tick_labels=list(s), showmeans=True)
    spread.set_title("Scores per variant")
    if len(s) > 3:
        spread.tick_params(axis="x", labelrotation=35)
    spread.grid(alpha=0.3, axis="y")
    if crib:
        _race(fig.add_subplot(layout[1, 0]), crib[-1], MaxNLocator)
        _per_deal(fig.add_subplot(layout[1, 1]), _solo(crib))
    if grid:
        _per_line(fig.add_subplot(layout[rows - 1, :]), grid)
    fig.tight_layout()
    return fig


def _per_line(ax, games):
    """The mean points of each line of the grid games (rows, then columns), each of the five apart."""
    by = grid_kinds(games)
    names = gridrec.line_names("poker")  # five rows and five columns; Cribbage Squares has four of each
    bar = 0.8 / len(by)
    for i, grids in enumerate(by.values()):
        mean = gridrec.per_line(grids)
        at = [names.index(n) for n in gridrec.line_names(grids[0].variant)]
        ax.bar([x - 0.4 + bar * (i + 0.5) for x in at], mean, width=bar,
               label=f"{gridrec.mode(grids[0])} ({counted(len(grids), 'game')})")
    ax.set_xticks(range(len(names)), names)
    ax.set_title("Grid games: points a line")
    ax.set_ylabel("mean points")
    ax.legend(loc="best", fontsize="small")
    ax.grid(alpha=0.3, axis="y")


def _race(ax, game, locator):
    """The race of one game of cribbage: each side's score after every deal, the target and the skunk line."""
    c = game["cribbage"]
    for side, scores in enumerate(cribrec.race(c)):
        ax.plot(range(len(scores)), scores, marker="o", markersize=3, linewidth=1.2,
                label=cribrec.side_label(c, side))
    line, _ = cribrec.SKUNK_LINES[c.target]
    ax.axhline(c.target, linestyle="--", linewidth=0.8, color="black", label=f"{c.target} to win")
    ax.axhline(line, linestyle=":", linewidth=0.8, color="grey", label="skunk line")
    ax.xaxis.set_major_locator(locator(integer=True, min_n_ticks=1))
    ax.set_title(f"Cribbage game {game['n']} ({cribrec.mode(c)}, {cribrec.outcome(c)})")
    ax.set_xlabel("deal")
    ax.set_ylabel("score after the deal")
    ax.legend(loc="best", fontsize="small")
    ax.grid(alpha=0.3)


def _per_deal(ax, games):
    """The player's points a deal as dealer and as pone, stacked: play, hand, crib (with heels)."""
    pd = cribrec.per_deal(games)
    dealer, pone = pd["dealer"] or [0, 0, 0], (pd["pone"] or [0, 0]) + [0]
    bottom = [0.0, 0.0]
    for i, part in enumerate(("play", "hand", "crib")):
        heights = [dealer[i], pone[i]]
        ax.bar([f"dealer ({pd['dealt']})", f"pone ({pd['poned']})"], heights, bottom=bottom, label=part)
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    ax.set_title("Your points a deal (deals)")
    ax.legend(loc="best", fontsize="small")
    ax.grid(alpha=0.3, axis="y")
