"""Games as CSV, JSON, a text table and a PNG plot. Pure: lists of dicts in, text or bytes out."""

import csv
import io
import json

from pocketcrib.store import GAME_FIELDS
from pocketcrib.words import counted

VARIANTS = ("solitaire", "patience", "patience2")


def to_csv(games):
    """One row per game, GAME_FIELDS as columns; rounds as space-separated points, won as true/false."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(GAME_FIELDS)
    for g in games:
        row = dict(g)
        row["rounds"] = " ".join(str(r) for r in g.get("rounds") or ())
        row["won"] = "" if g.get("won") is None else ("true" if g["won"] else "false")
        w.writerow(["" if row.get(f) is None else row[f] for f in GAME_FIELDS])
    return buf.getvalue()


def to_json(games):
    """A JSON list of games, each an object with GAME_FIELDS."""
    return json.dumps([{f: g.get(f) for f in GAME_FIELDS} for g in games], indent=1) + "\n"


def stats(games):
    """{variant: {"games", "wins", "best", "average"}} in VARIANTS order, then any others."""
    out = {}
    for g in games:
        s = out.setdefault(g.get("variant") or "?", {"games": 0, "wins": 0, "best": None, "total": 0})
        s["games"] += 1
        s["wins"] += 1 if g.get("won") else 0
        s["total"] += g["score"]
        s["best"] = g["score"] if s["best"] is None else max(s["best"], g["score"])
    order = [v for v in VARIANTS if v in out] + sorted(v for v in out if v not in VARIANTS)
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
    """A plain-text report: totals per variant, the high scores, the latest games."""
    if not games and not high_scores:
        return "No scores yet: play a game, then `pocketcrib scores pull`."
    lines = ["Variant      Games  Won  Best  Average"]
    for v, s in stats(games).items():
        lines.append(f"{v:<12} {s['games']:>5} {s['wins']:>4} {s['best']:>5} {s['average']:>8.1f}")
    if high_scores:
        lines += ["", "High scores"]
        shown = {}
        for h in high_scores:
            k = shown[h["variant"]] = shown.get(h["variant"], 0) + 1
            if k <= 10:
                lines.append(f"  {h['variant'] or '?':<12} {k:>2}. {h['initials'] or '---':<3} {h['score']:>4}"
                             f"  {h['date'] or ''}")
    if games:
        dates = known_dates(games)
        lines += ["", f"Latest games (of {len(games)})", "  Board             #  Variant      Score  Won  Date"]
        for g, date in list(zip(games, dates))[-last:]:
            lines.append(f"  {g['device']:<16} {g['n']:>3}  {g['variant'] or '?':<12} {g['score']:>5}  "
                         f"{'yes' if g.get('won') else 'no ':<3}  {date}")
    return "\n".join(lines)


def plot_png(games, dpi=100):
    """PNG bytes of figure(games).

    The PNG's "Description" text says what was plotted (games and scores per
    variant), so a reader can check the picture against the data.
    """
    fig = figure(games, dpi)
    summary = "; ".join(f"{v}: {counted(st['games'], 'game')}, best {st['best']}, mean {st['average']:.2f}"
                        for v, st in stats(games).items())
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Title": "Pocket Crib scores", "Description": summary})
    return buf.getvalue()


def figure(games, dpi=100):
    """A matplotlib Figure: score per game over time (per variant, with its target) and the
    score distribution per variant."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    s = stats(games)
    fig = Figure(figsize=(10, 4.2), dpi=dpi)
    over, spread = fig.subplots(1, 2, gridspec_kw={"width_ratios": (2.2, 1)})
    # Time axis: games in the order played (by date as far as known, then per board and game number;
    # an undated game goes after the last dated one before it on its board).
    dates = known_dates(games)
    ordered = [games[i] for i in sorted(range(len(games)), key=lambda i: (
        dates[i].removeprefix("after "), games[i]["device"], games[i]["n"]))]
    for v in s:
        mine = [(i + 1, g) for i, g in enumerate(ordered) if (g.get("variant") or "?") == v]
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
    data = [[g["score"] for g in games if (g.get("variant") or "?") == v] for v in s]
    spread.boxplot(data, tick_labels=list(s), showmeans=True)
    spread.set_title("Scores per variant")
    spread.grid(alpha=0.3, axis="y")
    fig.tight_layout()
    return fig
