"""The game on the emulated Pico (issue 26): the stock MicroPython UF2 on rp2040js, the firmware put
on it by `pocketcrib flash`, then powered on again: figures in milliseconds of emulated time (the
TIMER's clock, 125 MHz, flash-cache misses not modelled: a lower bound), not this computer's, each
with the issue's budget. Compared with /work/shared/DEVICE-FIGURES.md, measured outside the project
the same way.

- boot to the title's first frame (from power-up, as the display shows it): empty /data; 500 games
  and full high scores; the first boot with that history unchecked (as after an update that changes
  the rules: the history is read through once), and where boot's time goes (each step of main.py
  timed on the board);
- a scripted tour of each kind of game, key by key (a key pushed into the game's own key queue over
  the REPL, the game stepped until its frame is out on I2C, timed with ticks_us on the board), the
  cribbage table apart (its keys include the computer's reply and the coach's review);
- the expert's discards and cards over 24 seeded deals; the coach's hints there; the solitaire
  advisor's hint (Patience II, the costliest) and the grid placement advisor;
- heap in use after a collect at the title, at each game's table, at the cribbage table in the play.

The tour, decisions and heap run from the REPL with the game stopped (mpremote run: a soft reset,
then the firmware's own modules driven as main.py drives them), so the game's objects are alive
when the heap is read. Needs the UF2 and the boot ROM (POCKETCRIB_PICO_DIR, or shared/pico/ beside
the checkout); says so and passes without them. About seven minutes of wall time on two busy cores;
PICO_BENCH=boot runs the boot's part alone (about two).
"""

import ast
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pocketcrib import places

BOOT_BUDGET_MS = 250  # issue 26: boot to the title at most 250 ms, with 500 games too
UPDATE_BOOT_BUDGET_MS = 500  # ...and at most 500 ms on the first boot after an update
KEY_BUDGET_MS = 120  # every key press to its frame, thinking and hints aside
DECISION_BUDGET_MS = 300  # the expert's slowest decision, the slowest hint
HEAP_BUDGET = 64 * 1024  # heap in use at any table
FIGURES = {"boot": 357, "boot500": 469, "boot_update": 2374, "heap_free": 241_744, "title": 45, "table": 80,
           "crib": 87, "discard": 198, "card": 311, "hint": 194, "enter": 250}  # DEVICE-FIGURES.md, main 551c9bd


def verdict(ok):
    return "met" if ok else "NOT met"


def wait(ready, what, within=900):
    end = time.monotonic() + within
    while not ready():
        if time.monotonic() > end:
            raise SystemExit(f"hostbench_pico: gave up waiting for {what}")
        time.sleep(0.02)


def mpremote(port, *args, timeout=3600):
    ran = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, *args], capture_output=True,
                         text=True, timeout=timeout)
    if ran.returncode:
        raise SystemExit(f"hostbench_pico: mpremote {args[0]} failed: {(ran.stdout + ran.stderr)[-1500:]}")
    return ran.stdout


def run_on(port, tmp, code):
    """Run code on the board (mpremote run); its lines `R (...)` as tuples."""
    script = tmp / "script.py"
    script.write_text(code)
    out = mpremote(port, "run", str(script))
    return [ast.literal_eval(line[2:]) for line in out.splitlines() if line.startswith("R ")]


# 500 finished games, 30 high scores (every variant's table full), as bench_saves.py fills /data.
FILL = """
import os
from storage import records, fields
try:
    os.mkdir("/data")
except OSError:
    pass
for f in os.listdir("/data"):
    os.remove("/data/" + f)
games = [{"n": n, "variant": "solitaire", "seed": n * 7919, "score": 40 + n % 60, "won": n % 3 == 0,
          "target": 91, "rounds": [10, 12, 8, 14, 9, 11], "date": "2026-12-01", "players": 1,
          "code": "KQJ2345AB"} for n in range(1, 501)]
records.write("/data/history.pcr", "history", games)
table = []
for v in fields.VARIANTS:
    for i in range(10):
        table.append({"variant": v, "initials": "ABC", "score": 120 - i, "seed": i, "date": None, "code": None})
records.write("/data/scores.pcr", "scores", table)
import board
records.write("/data/device.pcr", "device", [{"id": board.unique_id(), "n": 500}])
print("R", repr(("filled", len(games), len(table))))
"""

# main.run()'s steps, each timed (the first frame drawn and sent at the end).
BOOT_STEPS = """
import main  # as at power-up: main.py's top (the built-ins put in sys.modules), its run() not called
import time, gc
t0 = time.ticks_us()
marks = []
def mark(what):
    marks.append((what, time.ticks_diff(time.ticks_us(), t0)))
import board
mark("import board (pins, drivers)")
b = board.Board()
mark("Board(): display on I2C, buttons")
from storage.saves import Saves
mark("import storage.saves")
saves = Saves("/data", device_id=board.unique_id())
mark("Saves('/data'): the saves read and checked")
from ui.app import App
mark("import ui.app")
gc.collect()
mark("gc.collect()")
app = App(b, saves)
mark("App(): the title made")
app.step()
mark("the title drawn and sent (I2C)")
print("R", repr(marks))
"""

# The firmware's modules driven as main.py drives them, keys pushed into the game's key queue.
DRIVE = """
import main
import gc, sys, time
import board as hw
from drivers import buttons
from storage.saves import Saves
K = {"UP": buttons.UP, "DOWN": buttons.DOWN, "LEFT": buttons.LEFT, "RIGHT": buttons.RIGHT, "A": buttons.A,
     "B": buttons.B, "B_LONG": buttons.B_LONG}
B = hw.Board()
S = Saves("/data", device_id=hw.unique_id())
S.set("hints", True)
app = None


def heap(what):
    gc.collect()
    print("R", repr(("heap", what, gc.mem_alloc())))
    print("R", repr(("modules", what, sorted(sys.modules))))


def fresh(seed):
    global app
    app = None
    S.clear_current()
    gc.collect()
    from ui.app import App
    app = App(B, S, seed=seed)
    app.step()


def name():
    return type(app.screen).__name__


def press(tour, key, label=None):
    before = name()
    t = time.ticks_us()
    app.keys.push(K[key])
    try:
        app.step()
        for _ in range(64):
            if not app.keys.pending() and not app.dirty:
                break
            app.step()
    except RuntimeError as e:  # the C stack's limit (a Pico's): said, and the tour goes on
        print("R", repr(("error", tour, label or key, before, repr(e))))
        app.keys.reset()
        return
    dt = time.ticks_diff(time.ticks_us(), t)
    print("R", repr(("key", tour, label or key, before, name(), dt)))


def to_row(tour, label):
    row = app.screen.labels.index(label)
    for _ in range(row):
        press(tour, "DOWN", "menu move")


fresh(7)
heap("the title")
press("solitaire", "A", "title -> menu")
heap("the menu")
press("solitaire", "A", "enter Solitaire Cribbage")
heap("Solitaire Cribbage's table")
for k in ("RIGHT", "A", "RIGHT", "A"):
    press("solitaire", k, {"A": "mark a card", "RIGHT": "cursor move"}[k])
press("solitaire", "UP", "hint")
heap("Solitaire Cribbage's table, a hint shown")
press("solitaire", "B", "B (the hint away)")
press("solitaire", "A", "A")
heap("Solitaire Cribbage's table, later")
press("solitaire", "B", "B")
press("solitaire", "A", "A")
press("solitaire", "B_LONG", "pause")
press("solitaire", "DOWN", "pause: move")
press("solitaire", "A", "quit to the menu")

fresh(8)
press("grid", "A", "title -> menu")
to_row("grid", "Grid solitaires")
press("grid", "A", "the grid menu")
press("grid", "A", "enter the first grid game")
heap("a grid game's table")
for _ in range(4):
    press("grid", "RIGHT", "cursor move")
    press("grid", "A", "place a card")
heap("a grid game's table, four cards placed")

fresh(40)
press("cribbage", "A", "title -> menu")
to_row("cribbage", "Cribbage vs computer")
press("cribbage", "A", "cribbage setup")
# As tests/helpers/drive.crib_keys: up from Start to the computer's seat, Expert, down to Start.
for k in ("UP", "RIGHT", "DOWN"):
    press("cribbage", k, "setup: " + k)
press("cribbage", "A", "setup: start")
press("cribbage", "A", "enter the cribbage table")
most = 0
for n in range(90):
    s = app.screen
    if name() == "CribLay" and s.cur in s.marks and len(s.marks) < s.need:
        press("cribbage table", "RIGHT", "the lay-away's cursor")  # A marks and stays (drive.crib_key)
        continue
    press("cribbage table", "A", "A (the computer's reply and the coach included)")
    g = app.play.g if app.play is not None else None
    if name() == "CribPlay" and g is not None and g.phase == "play" and len(g.seq) == 3:
        gc.collect()
        most = max(most, gc.mem_alloc())
    if name() == "CribOver":
        break
print("R", repr(("heap", "the cribbage table in the play (expert, hints on), most", most)))
print("R", repr(("modules", "the cribbage table, the deal over", sorted(sys.modules))))
"""

# The computer's and the coach's decisions, and the advisors' hints, timed one by one.
DECIDE = """
import main
import gc, time
from players import cpu, coach
from rules.cribbage import DISCARD, PLAY, Cribbage


def timed(fn, *args):
    gc.collect()
    t = time.ticks_us()
    got = fn(*args)
    return got, time.ticks_diff(time.ticks_us(), t)


for seed in range(DEALS):
    g = Cribbage(seed, 2)
    while g.phase in (DISCARD, PLAY):
        if g.phase == DISCARD:
            s = g.turn
            if s == 0:
                _, dt = timed(coach.best_discard, g, s)
                print("R", repr(("coach discard", seed, dt)))
            cards, dt = timed(cpu.discard, g, s, "expert")
            print("R", repr(("expert discard", seed, dt)))
            g.discard(s, *cards)
        elif len(g.playable()) > 1:
            if g.turn == 0:
                _, dt = timed(coach.best_play, g, 0)
                print("R", repr(("coach card", seed, dt)))
            c, dt = timed(cpu.play, g, g.turn, "expert")
            print("R", repr(("expert card", seed, dt)))
            g.play(c)
        else:
            cpu.move(g, "expert")
    print("R", repr(("deal done", seed, 0)))
# Three hands (issue 29: the expert's look-round over the other two hands), the expert at each seat.
for seed in range(DEALS3):
    g = Cribbage(seed, 3)
    while g.phase in (DISCARD, PLAY):
        if g.phase == PLAY and len(g.playable()) > 1:
            c, dt = timed(cpu.play, g, g.turn, "expert")
            print("R", repr(("expert card, three hands", seed, dt)))
            g.play(c)
        else:
            cpu.move(g, "expert")
    print("R", repr(("deal done", seed, 0)))
# Four hands (issue 29: the expert reads the next player; its lay-away adds the four-hand play
# table), the expert at every seat.
for seed in range(DEALS4):
    g = Cribbage(seed, 4)
    while g.phase in (DISCARD, PLAY):
        if g.phase == DISCARD:
            s = g.turn
            cards, dt = timed(cpu.discard, g, s, "expert")
            print("R", repr(("expert discard, four hands", seed, dt)))
            g.discard(s, *cards)
        elif len(g.playable()) > 1:
            c, dt = timed(cpu.play, g, g.turn, "expert")
            print("R", repr(("expert card, four hands", seed, dt)))
            g.play(c)
        else:
            cpu.move(g, "expert")
    print("R", repr(("deal done", seed, 0)))
cpu.let_go()
g = None
gc.collect()
from players import advisor
from rules import solitaires
for variant, name in (("patience2", "Patience II"), ("patience", "Cribbage Patience")):
    for seed in range(HINT_GAMES):
        g = solitaires.new(variant, 500 + seed)
        while g.pending is not None:
            _, dt = timed(advisor.rank_discards, g)
            print("R", repr(("solitaire hint (%s)" % name, seed, dt)))
            g.discard(*advisor.best_discard(g))
g = None
advisor = None
gc.collect()
from players import placement
from rules import grids
for config in (("poker", "american", False), ("poker", "english", True), ("squares", "american", False)):
    g = grids.new(config[0], 0, config[1], config[2])
    while not g.over:
        s, dt = timed(placement.best_square, g)
        print("R", repr(("grid placement (%s %s%s)" % (config[0], config[1], " Foster" if config[2] else ""), 0,
                         dt)))
        g.place(s)
"""


def boot(image, tmp, title, n):
    """(ms to the title's first frame, ms the panel came on) on powering up from image."""
    from pocketcrib.twins.pico.board import EmulatedPico, Frames

    frames = Frames(tmp / f"screen{n}")
    board = EmulatedPico(image, log=tmp / "pico.log", screen=tmp / f"screen{n}").start()
    try:
        wait(lambda: frames.read() and any(title(f) for f in frames.first), "the title")
    finally:
        board.stop()
        frames.close()
    return min(us for f, us in frames.first.items() if title(f)) / 1000, frames.on_at / 1000


def main():
    if places.pico_uf2() is None or places.pico_bootrom() is None:
        print("skipped: no stock Pico UF2 and boot ROM (set POCKETCRIB_PICO_DIR)")
        return
    from pocketcrib.twins.pico.board import EmulatedPico
    from pocketcrib.twins.sim import Sim

    boot_only = os.environ.get("PICO_BENCH") == "boot"  # PICO_BENCH=boot: the boot's figures alone
    wall = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="hostbench-pico-"))
    os.environ.update(POCKETCRIB_RUNTIME=str(tmp / "run"), POCKETCRIB_DATA=str(tmp / "data"))  # not the user's
    empty_title = Sim(tmp / "sim").frame()
    image = tmp / "pico.img"
    board = EmulatedPico(image, log=tmp / "pico.log").start()
    try:
        free = ast.literal_eval(mpremote(board.port, "exec", "import gc; print(gc.mem_free())").strip())
        t = time.monotonic()
        flashed = subprocess.run([sys.executable, "-m", "pocketcrib", "flash", "--port", board.port],
                                 capture_output=True, text=True, timeout=1800)
        if flashed.returncode:
            raise SystemExit(f"hostbench_pico: flash failed: {flashed.stderr.strip()}")
        flash_s = time.monotonic() - t
        steps_empty = run_on(board.port, tmp, BOOT_STEPS)[0]
    finally:
        board.stop()
    print(f"heap free at the stock REPL after a soft reset: {free:,} bytes (figure: {FIGURES['heap_free']:,})")
    print(f"pocketcrib flash onto a blank board: {flash_s:.0f} s wall")

    print("boot to the title's first frame, emulated ms (budget: "
          f"{BOOT_BUDGET_MS} ms, {UPDATE_BOOT_BUDGET_MS} ms the first boot after an update):")
    ms, on = boot(image, tmp, lambda f: f == empty_title, 1)
    print(f"  empty /data:                        {ms:6.0f} ms (panel on at {on:.0f}; figure {FIGURES['boot']}): "
          f"{verdict(ms <= BOOT_BUDGET_MS)}")
    board = EmulatedPico(image, log=tmp / "pico.log").start()
    try:
        run_on(board.port, tmp, FILL)
    finally:
        board.stop()

    def titled(f):  # the title over saves: "press a key" (no game in progress), drawn by the simulator
        return f == empty_title

    ms_update, on = boot(image, tmp, titled, 2)
    ms_500, on500 = boot(image, tmp, titled, 3)
    print(f"  500 games, full high scores:        {ms_500:6.0f} ms (panel on at {on500:.0f}; figure "
          f"{FIGURES['boot500']}): {verdict(ms_500 <= BOOT_BUDGET_MS)}")
    print(f"  the same, history not yet checked:  {ms_update:6.0f} ms (panel on at {on:.0f}; figure "
          f"{FIGURES['boot_update']}, the first boot after an update): "
          f"{verdict(ms_update <= UPDATE_BOOT_BUDGET_MS)}")

    board = EmulatedPico(image, log=tmp / "pico.log").start()
    try:
        steps_full = run_on(board.port, tmp, BOOT_STEPS)[0]
        drive = decide = []
        if not boot_only:
            drive = run_on(board.port, tmp, DRIVE)
            decide = run_on(board.port, tmp, f"DEALS = 24\nDEALS3 = 8\nDEALS4 = 8\nHINT_GAMES = 2\n{DECIDE}")
    finally:
        board.stop()

    print("where boot's time goes: main.py's steps run from the REPL, emulated ms since the first "
          "(power-up to main.py comes first: the panel on is the first thing the game does)")
    for (what, us), (_, us_full) in zip(steps_empty, steps_full):
        print(f"  {what:45s} empty /data {us / 1000:7.1f} ms   500 games {us_full / 1000:7.1f} ms")
    if boot_only:
        print(f"   [{time.monotonic() - wall:.0f} s wall in all; PICO_BENCH=boot: the boot alone]")
        return

    errors = {}
    for _, tour, label, before, error in (r for r in drive if r[0] == "error"):
        errors.setdefault((tour, before, error), []).append(label)
    for (tour, before, error), labels in errors.items():
        print(f"ERROR on the board, {len(labels)} times: {tour}, a key on {before}: {error}")
    keys = [r for r in drive if r[0] == "key"]
    print(f"key presses to their frame (emulated ms; budget {KEY_BUDGET_MS} ms, thinking and hints aside):")
    slow = 0
    for _, tour, label, before, after, us in keys:
        aside = tour == "cribbage table" or label == "hint"
        if not aside:
            slow = max(slow, us)
        if tour != "cribbage table":
            print(f"  {tour:10s} {label:32s} {before:>10s} -> {after:10s} {us / 1000:7.1f} ms"
                  + ("  (a hint: apart)" if label == "hint" else ""))
    crib = [r[5] for r in keys if r[1] == "cribbage table"]
    print(f"  every key but hints and the cribbage table's: slowest {slow / 1000:.1f} ms "
          f"(entering Solitaire Cribbage figure {FIGURES['enter']} ms): {verdict(slow <= KEY_BUDGET_MS * 1000)}")
    if crib:
        crib.sort()
        print(f"  the cribbage table's A, the computer's reply and the coach's review included ({len(crib)} "
              f"presses): median {crib[len(crib) // 2] / 1000:.0f} ms, slowest {crib[-1] / 1000:.0f} ms")

    print(f"decisions and hints, emulated ms (budget {DECISION_BUDGET_MS} ms):")
    kinds = {}
    for what, _, us in decide:
        if what == "deal done":
            continue
        kinds.setdefault(what, []).append(us)
    figure = {"expert discard": FIGURES["discard"], "expert card": FIGURES["card"],
              "solitaire hint (Patience II)": FIGURES["hint"]}
    for what, got in kinds.items():
        worst = max(got) / 1000
        also = f"; figure {figure[what]} ms" if what in figure else ""
        print(f"  {what:38s} {len(got):4d}: mean {sum(got) / len(got) / 1000:6.0f}, slowest {worst:6.0f} ms"
              f"{also}: {verdict(worst <= DECISION_BUDGET_MS)}")

    print(f"heap in use after a collect (budget {HEAP_BUDGET // 1024} KB at any table):")
    for _, what, n in (r for r in drive if r[0] == "heap"):
        if not n:
            print(f"  {what:60s} not measured: the play never got that far (the errors above)")
            continue
        table = "table" in what
        print(f"  {what:60s} {n:7,} bytes ({n / 1024:5.1f} KB)"
              + (f": {verdict(n <= HEAP_BUDGET)}" if table else ""))
    booted = set(next(r[2] for r in drive if r[0] == "modules"))
    print("modules loaded beyond the title's (" + ", ".join(sorted(booted)) + "):")
    for _, what, names in (r for r in drive if r[0] == "modules"):
        print(f"  {what}: " + ", ".join(n for n in names if n not in booted))
    print(f"   [{time.monotonic() - wall:.0f} s wall in all]")


if __name__ == "__main__":
    main()
