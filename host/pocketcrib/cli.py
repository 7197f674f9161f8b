"""pocketcrib: put Pocket Crib on a Pico, get the scores off it, and see them.

The command table lives here and each handler is a few lines; the work is in
device.py (the board, through mpremote), flash.py, store.py (SQLite),
export.py (CSV, JSON, plots) and vboard/ (the virtual board).
"""

import argparse
import os
import sys
from pathlib import Path

from pocketcrib.errors import PocketCribError
from pocketcrib.words import counted

# The games a board records (export.VARIANTS; a test keeps them equal): not imported, the CLI starts fast.
VARIANTS = ("solitaire", "patience", "patience2", "cribbage", "poker", "squares", "board")
PORT_HELP = ("serial port of the board, e.g. /dev/ttyACM0 or COM3 (default: $POCKETCRIB_PORT, "
             "else the one MicroPython board plugged in)")


# Options users put before the command as often as after it (`pocketcrib --port P doctor`);
# each is moved to just after the command, where its parser takes it.
COMMON = ("--port", "-p", "--db")


def options_after_command(argv):
    """argv with the common options found before the command (or before `scores`' action) moved after it."""
    moved, i = [], 0
    while i < len(argv) and argv[i] != "--":
        n = _common_option(argv[i])
        if n:
            moved += argv[i:i + n]
            del argv[i:i + n]
        elif argv[i].startswith("-") or argv[i] == "scores":
            i += 1
        else:  # the command, or scores' action
            return argv[:i + 1] + moved + argv[i + 1:]
    return argv[:i] + moved + argv[i:]


def _common_option(arg):
    """How many items of argv a common option starting at arg takes: 2 (`--port P`), 1 (`--port=P`, `-pP`), 0."""
    if arg in COMMON:
        return 2
    if any(arg.startswith(f + "=") if f.startswith("--") else arg.startswith(f) for f in COMMON):
        return 1
    return 0


def _port(args):
    return getattr(args, "port", None) or os.environ.get("POCKETCRIB_PORT") or None


def cmd_devices(args):
    from pocketcrib.board import device

    rows = device.list_devices()
    if not rows:
        print("No serial ports or BOOTSEL drives found. Plug the Pico in with a data (not charge-only) "
              "USB cable; hold BOOTSEL while plugging in to see its drive. No board? "
              "`pocketcrib vboard` runs a virtual one.")
        return 0
    for d in rows:
        print(f"{d.path:<28} {d.kind:<22} {d.description}")
    if not any(d.kind in ("MicroPython board", "BOOTSEL drive") for d in rows):
        print("No Pico among these. No board? `pocketcrib vboard` runs a virtual one.")
    return 0


def cmd_flash(args):
    from pocketcrib.board import flash

    flash.flash(_port(args), uf2=args.micropython, force=args.force, progress=not args.quiet)
    return 0


def cmd_uf2(args):
    from pocketcrib import places
    from pocketcrib.board import uf2
    from pocketcrib.words import counted

    files, size, image = uf2.write(args.micropython, args.output, places.firmware_dir(), args.data)
    _, fs_size = image.info["filesystem"]
    print(f"wrote {args.output} ({size // 1024} KB): MicroPython {image.info.get('version', '?')} and a "
          f"{fs_size // 1024} KB filesystem with the game ({counted(len(files), 'file')}"
          f"{', the backup' + chr(39) + 's /data' if args.data else ''}). Hold BOOTSEL while plugging the "
          f"board in and drag it onto the RPI-RP2 drive. It replaces everything on the board, saves "
          f"included: to update a board that has saves, use `pocketcrib flash`.")
    return 0


def cmd_pull(args):
    """Pull into the database; problems with the board's files are reported, one line each."""
    from pocketcrib.board import device
    from pocketcrib.scores import store

    with device.connect(_port(args)) as board:
        pulled = device.pull_scores(board)
    report = store.Store(args.db).add_pull(pulled)
    print(report.summary())
    for problem in report.problems:
        print(f"pocketcrib: {problem}", file=sys.stderr)
    return 1 if report.problems else 0


def cmd_show(args):
    from pocketcrib.scores import export, store

    db = store.Store(args.db, create=False)
    if args.people is not None:
        games, person = _people(args, db)
        print(export.people_table(games, person))
        return 0
    print(export.table(db.games(variant=args.variant), db.high_scores(variant=args.variant)))
    return 0


def _people(args, db):
    """(the games of cribbage, the person asked for or None) for --people [NAME]; a NAME no game between people
    has is a PocketCribError naming those there are."""
    from pocketcrib.scores import export

    if args.variant not in (None, "cribbage"):
        raise PocketCribError("--people is for cribbage", "leave --variant out, or give --variant cribbage")
    games = db.games()  # (all of them: a game's date may come from the game before it on its board)
    if args.people is True:
        return games, None
    person = export.find_person(games, args.people)
    if person is None:
        names = export.people_names(games)
        raise PocketCribError(f"no game between people with {args.people!r} in it pulled",
                              f"the people pulled: {', '.join(names)}" if names else
                              "no game between people pulled yet: `pocketcrib scores pull` after one")
    return games, person


def cmd_export(args):
    from pocketcrib.scores import export, store

    if args.deals and args.format != "csv":
        raise PocketCribError("--deals is for CSV", "the JSON export has each cribbage game's deals in it already")
    if args.deals and args.people is not None:
        raise PocketCribError("--deals or --people, not both", "export the deals and the people one after the other")
    db = store.Store(args.db, create=False)
    if args.people is not None:
        games, person = _people(args, db)
        text = export.people_csv(games, person) if args.format == "csv" else export.people_json(games, person)
        what = counted(len(export.people_stats(games, person)), "person's statistics", "people's statistics")
    else:
        games = db.games(variant=args.variant)
        if args.deals:
            text = export.deals_csv(games)
        else:
            text = export.to_csv(games) if args.format == "csv" else export.to_json(games)
        what = counted(text.count("\n") - 1, "row") + " of deals" if args.deals else counted(len(games), "game")
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        _write(args.output, text.encode())
        print(f"{what} written to {args.output}")
    return 0


def cmd_plot(args):
    from pocketcrib.scores import export, store

    games = store.Store(args.db, create=False).games(variant=args.variant)
    if not games:
        raise PocketCribError("no games to plot", "pull some with `pocketcrib scores pull` first")
    _write(args.output, export.plot_png(games))
    print(f"plot of {counted(len(games), 'game')} written to {args.output}")
    return 0


def cmd_backup(args):
    from pocketcrib.board import backup, device

    with device.connect(_port(args)) as board:
        path, manifest = backup.backup(board, args.output)
    print(f"backed up {counted(len(manifest['files']), 'file')} ({counted(manifest['bytes'], 'byte')}) from board "
          f"{manifest['device']} to {path}")
    return 0


def cmd_restore(args):
    from pocketcrib.board import backup, device

    checked = backup.read_archive(args.archive)  # a bad file is told before any board is looked for
    with device.connect(_port(args)) as board:
        manifest = backup.restore(board, args.archive, force=args.force, checked=checked)
    print(f"restored {counted(len(manifest['files']), 'file')} to the board's /data; it restarts the game")
    return 0


def cmd_doctor(args):
    from pocketcrib.board import doctor

    ok = doctor.run(_port(args), print)
    return 0 if ok else 1


def cmd_sim(args):
    from pocketcrib.twins import sim

    rest = args.args[1:] if args.args[:1] == ["--"] else args.args
    return sim.main(rest) or 0


def cmd_vboard(args):
    from pocketcrib.twins import vboard

    def ready(p, flash):
        print(f"port {p}", flush=True)
        if sys.stdout.isatty():
            print(f"flash {flash}\nA virtual Pocket Crib board is up: `pocketcrib flash` finds it. "
                  "Ctrl-C switches it off.", flush=True)

    pico = (args.pico, args.bootrom) if args.pico or args.bootrom else None
    if args.rp2040js:  # for this process and the boards it starts
        os.environ["POCKETCRIB_RP2040JS"] = str(args.rp2040js.resolve())
    if args.play:
        from pocketcrib.twins.vboard import view

        return view.play(args.flash, args.port, use_braille=args.braille, window=args.window, scale=args.scale,
                         pico=pico, link=args.link)
    return vboard.serve(args.flash, args.port, uid=args.uid, display=not args.no_display, pins=args.pins,
                        heap=args.heap, ready=ready, micropython=args.micropython, screen=args.screen, pico=pico,
                        link=args.link)


def cmd_web(args):
    from pocketcrib import places
    from pocketcrib.twins import webpage

    out = args.out or places.data_dir() / "web"
    sizes = webpage.build(out)
    total = sum(sizes.values())
    print(f"built the page in {out} ({len(sizes)} files, {total / 1024:.0f} KB)", flush=True)
    if args.out:
        return 0

    def ready(url):
        print(f"serving it at {url} (Ctrl-C stops)", flush=True)

    webpage.serve(out, port=args.port, ready=ready)
    return 0


def _write(path, data):
    try:
        Path(path).write_bytes(data)
    except OSError as e:
        raise PocketCribError(f"cannot write {path}: {e.strerror}",
                              "check the folder exists and is writable") from None


class _Version(argparse.Action):
    """--version: this tool's version and the firmware it would flash (worked out only when asked)."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(version())
        parser.exit()


def version():
    from pocketcrib import __version__, places
    from pocketcrib.board import flash

    try:
        firmware = "%s from %s" % (flash.firmware_version(places.firmware_dir()), places.source())
    except PocketCribError:
        firmware = "not found"
    return f"pocketcrib {__version__}, firmware {firmware} (what `pocketcrib flash` puts on a board)"


def build_parser():
    p = argparse.ArgumentParser(
        prog="pocketcrib",
        description="Put Pocket Crib on a Raspberry Pi Pico, pull the scores off it, and look at them.",
        epilog="Typical first run: `pocketcrib devices`, then `pocketcrib flash`. --port and --db may come "
        "before or after the command. "
        "`pocketcrib COMMAND --help` explains each command.",
    )
    p.add_argument("--version", action=_Version, nargs=0, help="print the versions of pocketcrib and the firmware")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def command(name, func, summary, description=None):
        c = sub.add_parser(name, help=summary, description=description or summary)
        c.set_defaults(func=func)
        return c

    def port_option(c):
        c.add_argument("--port", "-p", metavar="PORT", help=PORT_HELP)

    def db_option(c):
        c.add_argument("--db", type=Path, default=None, metavar="FILE",
                       help="score database (default: scores.sqlite3 in the user data folder, or $POCKETCRIB_DATA)")

    def variant_option(c):
        c.add_argument("--variant", choices=VARIANTS, default=None, help="only this game variant")

    command("devices", cmd_devices, "list serial ports, marking Pocket Crib / MicroPython boards and BOOTSEL drives",
            "List serial ports (MicroPython boards, USB 2e8a:0005, are marked), Picos in BOOTSEL mode "
            "(their RPI-RP2 drive) and virtual boards running on this computer.")

    c = command("flash", cmd_flash, "install or update the game on the board",
                "Back up the board's saves, compile the firmware with mpy-cross for the board's .mpy "
                "version, copy only the files that changed beside the old ones and check them by hash, "
                "then switch them in together, remove stale ones, stamp the version and restart the board. "
                "An update cut short leaves the old game or an \"update incomplete\" screen, never a mix: "
                "run flash again to finish it. With --micropython, first install "
                "MicroPython itself from a .uf2 file (the board goes to BOOTSEL mode for that).")
    port_option(c)
    c.add_argument("--micropython", type=Path, metavar="FILE.uf2",
                   help="first install this MicroPython firmware (from micropython.org/download/RPI_PICO)")
    c.add_argument("--force", action="store_true", help="copy every file, even unchanged ones")
    c.add_argument("--quiet", "-q", action="store_true", help="no progress bar")

    c = command("uf2", cmd_uf2, "write one UF2 for a new board: MicroPython with the game on it",
                "Write one .uf2 file holding the MicroPython UF2 given and a filesystem with the game (the "
                "files `pocketcrib flash` puts on a board, compiled for that MicroPython): dragged onto a "
                "new board's RPI-RP2 drive, it boots to the title with no serial step. It replaces the "
                "board's whole filesystem, saves included; `pocketcrib flash` stays the way to update.")
    c.add_argument("--micropython", type=Path, metavar="FILE.uf2", required=True,
                   help="MicroPython for the Pico (RPI_PICO-*.uf2 from micropython.org/download/RPI_PICO)")
    c.add_argument("-o", "--output", type=Path, metavar="OUT.uf2", default=Path("pocket-crib.uf2"),
                   help="the file to write (default: pocket-crib.uf2)")
    c.add_argument("--data", type=Path, metavar="BACKUP.zip",
                   help="also put this backup's /data on it (checked as `restore` checks it)")

    scores = sub.add_parser("scores", help="pull scores from the board; show, export or plot them",
                            description="The score history on this computer (an SQLite database).")
    ssub = scores.add_subparsers(dest="scores_command", metavar="ACTION", required=True)

    def scores_command(name, func, summary, description=None):
        c = ssub.add_parser(name, help=summary, description=description or summary)
        c.set_defaults(func=func)
        db_option(c)
        return c

    c = scores_command("pull", cmd_pull, "copy high scores and game history from the board",
                       "Copy the board's high scores and finished games into the local database. "
                       "Pulling again adds only new games; boards are kept apart by their unique id. "
                       "Each problem with the board's records (a damaged line, a record the board's own rules "
                       "refuse) is one line on standard error, and the pull then exits with status 1; its good "
                       "records are saved either way.")
    port_option(c)
    def people_option(c, what):
        c.add_argument("--people", nargs="?", const=True, default=None, metavar="NAME",
                       help=f"{what} (games of cribbage between people); with a NAME (initials), that person's alone")

    c = scores_command("show", cmd_show, "print the games and high scores pulled so far",
                       "Print the totals per variant, the high scores, cribbage per mode (yours, against the "
                       "computer) and per person (between people), the grid games and the latest games; with "
                       "--people, each person's statistics and every game between people, who sat where and "
                       "who won.")
    variant_option(c)
    people_option(c, "only each person's statistics and every game between people, a line each")
    c = scores_command("export", cmd_export, "write every pulled game as CSV or JSON",
                       "Write every pulled game as CSV (one row a game) or JSON (a cribbage game with its deals); "
                       "a game of cribbage says who sat at each seat (people, levels, seats). "
                       "--deals: the cribbage games' deals as CSV, one row per deal and seat; --people: each "
                       "person's statistics in games between people, one row a person.")
    variant_option(c)
    c.add_argument("--format", "-f", choices=("csv", "json"), default="csv", help="default: csv")
    c.add_argument("--deals", action="store_true",
                   help="the cribbage deals instead: hand, play, crib, heels and muggins points per deal and seat")
    people_option(c, "each person's statistics instead: games, wins, skunks, match points, points a deal")
    c.add_argument("--output", "-o", metavar="FILE", help="write here instead of to standard output")
    c = scores_command("plot", cmd_plot, "draw a PNG: score per game over time, and scores per variant",
                       "Draw a PNG: score per game over time and scores per variant; with cribbage games, also "
                       "your points a deal from play, hand and crib as dealer and as pone, and the race of the "
                       "latest game.")
    variant_option(c)
    c.add_argument("--output", "-o", metavar="FILE.png", required=True, help="the PNG file to write")

    c = command("backup", cmd_backup, "copy the board's saves (/data) into a local archive",
                "Copy every file under the board's /data (settings, high scores, history, the game in "
                "progress) into a zip archive with a manifest of names, sizes and SHA-256 hashes.")
    port_option(c)
    c.add_argument("--output", "-o", type=Path, metavar="FILE.zip",
                   help="archive to write (default: backups/<board id>-<time>.zip in the user data folder)")

    c = command("restore", cmd_restore, "put a backup archive back onto the board's /data",
                "Replace the board's /data with the files in a backup archive (checked against its "
                "manifest first), then restart the board.")
    port_option(c)
    c.add_argument("archive", type=Path, metavar="FILE.zip", help="an archive made by `pocketcrib backup`")
    c.add_argument("--force", action="store_true", help="restore even onto a board with another id")

    c = command("doctor", cmd_doctor, "check the board: MicroPython, .mpy version, memory, installed firmware",
                "Find the board and report its MicroPython version, .mpy version, free heap and flash, "
                "and the installed Pocket Crib version against the one this tool flashes, "
                "with a hint for each problem.")
    port_option(c)

    c = command("sim", cmd_sim, "play on this computer: the firmware's own code in a terminal or window",
                "Run the simulator; every argument after `sim` goes to it (`pocketcrib sim --help` lists them).")
    c.add_argument("args", nargs=argparse.REMAINDER, help="simulator options, e.g. --window or --seed 7")

    c = command("web", cmd_web, "play in a web browser: build the web page and serve it on localhost",
                "Build a static web page that runs the firmware in the MicroPython VM (display on a canvas, "
                "keys and on-screen buttons, saves in the browser) and serve it on localhost until Ctrl-C. "
                "With --out, only build it into that folder (to publish as plain files).")
    c.add_argument("--out", type=Path, metavar="DIR", help="only build the page into DIR (do not serve)")
    c.add_argument("--port", type=int, default=8000, metavar="N", help="localhost port to serve on (default 8000)")

    c = command("vboard", cmd_vboard, "run a virtual board (MicroPython VM behind a serial port) until Ctrl-C",
                "Start a virtual Pico: the MicroPython VM behind a pseudo-terminal, with its flash in a "
                "folder. It prints `port PATH` when up; every pocketcrib command (and mpremote) can use "
                "that port, and `pocketcrib devices` lists it.")
    c.add_argument("--flash", type=Path, metavar="DIR",
                   help="folder standing for its flash (default: vboard/flash in the user data folder; "
                   "vboard/flash1, 2... for a second, third board running at once)")
    c.add_argument("--port", metavar="PATH",
                   help="path of its serial port, a symlink to the pty (default: ttyVB0, 1... in the runtime folder)")
    c.add_argument("--uid", default=None, metavar="HEX",
                   help="its unique id, 8 bytes in hex (default: e6614c311b7e5c2f, the next ones for further boards)")
    c.add_argument("--no-display", action="store_true", help="no display on its I2C bus")
    c.add_argument("--pins", type=Path, metavar="FILE",
                   help='JSON file of forced input levels, e.g. {"15": 0} holds B (read as it changes; with "n" and '
                   '"span" (ms), n is written to FILE.seen once they have been read for span ms, or at once at the '
                   'REPL, and the levels in "then", if given, are forced from that moment)')
    c.add_argument("--heap", type=int, metavar="BYTES", help="first heap chunk of the VM")
    c.add_argument("--play", action="store_true",
                   help="play it in this terminal: its display drawn here, keys pressed on its buttons (it gets "
                   "the game this tool flashes first); other commands reach it from another terminal meanwhile")
    c.add_argument("--braille", action="store_true", help="with --play: draw with braille, as in a small terminal")
    c.add_argument("--window", action="store_true", help="with --play: in a pygame window instead of the terminal")
    c.add_argument("--scale", type=int, default=6, help="with --window: window pixels per display pixel")
    c.add_argument("--screen", metavar="FIFO", help=argparse.SUPPRESS)  # where --play reads the display from
    c.add_argument("--pico", type=Path, metavar="FILE.uf2",
                   help="run this MicroPython UF2 (RPI_PICO) on an emulated RP2040 instead of the VM: the real "
                   "firmware, with --flash the board's flash image (a file); slower than the VM board; with "
                   "--play too")
    c.add_argument("--bootrom", type=Path, metavar="FILE",
                   help="with --pico: the RP2040 B1 boot ROM (default: $POCKETCRIB_PICO_BOOTROM, or "
                   "rp2040-b1-bootrom.bin in shared/pico beside the checkout)")
    c.add_argument("--rp2040js", type=Path, metavar="DIR",
                   help="with --pico: the folder rp2040js 1.4.1 was installed into (`npm install --prefix DIR "
                   "rp2040js@1.4.1`; default: $POCKETCRIB_RP2040JS, the checkout's, or the user data folder's)")
    c.add_argument("--link", type=Path, metavar="SOCKET",
                   help="a link cable (UART0 on GP0/GP1) to another board started with the same socket path: "
                   "two of them play cribbage on the cable (the first listens there, the second connects)")
    c.add_argument("--micropython", metavar="VERSION:MPY",
                   help="report an older MicroPython, e.g. 1.18.0:5 (to try `flash` against a board that needs "
                   "updating); the VM itself stays 1.27")
    return p


def main(argv=None):
    argv = options_after_command(sys.argv[1:] if argv is None else list(argv))
    # Everything after `sim` is the simulator's (argparse would take its --options as ours).
    sim = argv[:1] == ["sim"]
    args = argparse.Namespace(func=cmd_sim, args=argv[1:]) if sim else build_parser().parse_args(argv)
    try:
        return args.func(args) or 0
    except PocketCribError as e:
        print(f"pocketcrib: {e}", file=sys.stderr)
        return e.code
    except KeyboardInterrupt:
        print("pocketcrib: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # the one exit point: never a traceback for the user
        if os.environ.get("POCKETCRIB_DEBUG"):
            raise
        print(f"pocketcrib: unexpected {type(e).__name__}: {e} (a bug: please report it; "
              "POCKETCRIB_DEBUG=1 shows the traceback)", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
