"""The Pocket Crib simulator: the firmware's UI on CPython.

The firmware runs unchanged (firmware/ and the mpshim stand-ins on sys.path):
its own SSD1306 driver talks to a virtual panel over a virtual I2C bus, its
own button logic takes the key presses, its own saves write to a local folder
standing in for the board's flash. Three ways to look at it:

    pocketcrib sim                   the terminal (Unicode half blocks)
    pocketcrib sim --window          a pygame window at a readable scale
    pocketcrib sim --keys "A DOWN A" --shot out.png     headless: keys in, PNG out
    pocketcrib sim --link /tmp/crib.sock --data DIR     two of these (each its own DIR): a link cable

Keys: arrows; A = z, a, space or Enter; B = x, b or Backspace; a long B = X or
B (shift); q or Ctrl-C quits. In --keys, names are UP DOWN LEFT RIGHT A B
B_LONG, "wait:SECONDS" lets time pass, "shot:FILE.png" saves the screen there.
"""

import argparse
import datetime
import shutil
import os
import sys
import time
from pathlib import Path

from pocketcrib.firmware import use_firmware

use_firmware()

from drivers import buttons  # noqa: E402  (needs the paths above)
from drivers.ssd1306 import SSD1306  # noqa: E402
from storage.saves import Saves  # noqa: E402
from ui.app import App  # noqa: E402

from pocketcrib.errors import PocketCribError  # noqa: E402
from pocketcrib.twins.panel import Panel  # noqa: E402

KEYS = {name: getattr(buttons, name) for name in ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "B_LONG")}
_MASK = 0x3FFFFFFF


class Clock:
    """Milliseconds: real time, or (manual=True) only what advance() adds."""

    def __init__(self, manual=False):
        self.manual = manual
        self.t = 0
        self.t0 = time.monotonic()

    def ticks_ms(self):
        if self.manual:
            return self.t & _MASK
        return int((time.monotonic() - self.t0) * 1000) & _MASK

    def advance(self, ms):
        self.t += ms

    def sleep_ms(self, ms):
        if self.manual:
            self.t += ms
        else:
            time.sleep(ms / 1000)


class SimBoard:
    """The desktop twin of firmware/board.py: display, keys, clock."""

    def __init__(self, clock=None, date=None, link=None):
        self.clock = clock or Clock()
        self.panel = Panel()
        self.display = SSD1306(self.panel)
        self.keys = buttons.Buttons()
        self.beeps = 0
        self._date = date
        self.link = link  # the link jack's port (twins.linkport), None: no jack
        self.links_opened = 0

    def ticks_ms(self):
        return self.clock.ticks_ms()

    def sleep_ms(self, ms):
        self.clock.sleep_ms(ms)

    def beep(self, freq=2000, ms=20):
        self.beeps += 1

    def date(self):
        """Today as "YYYY-MM-DD", or None for a clock not set; date may be a function (the host's day)."""
        return self._date() if callable(self._date) else self._date

    def open_link(self):
        """The link jack, as board.Board.open_link(): None without one."""
        self.links_opened += 1
        return self.link

    def random32(self):
        """New games' seeds from the host's random source, as the board's from its chip."""
        return int.from_bytes(os.urandom(4), "big")

    def press(self, name_or_event):
        event = KEYS[name_or_event] if isinstance(name_or_event, str) else name_or_event
        self.keys.push(event)


class Sim:
    """An App on a SimBoard with saves in `data` (a folder)."""

    def __init__(self, data, seed=None, manual_clock=True, date=None, link=None, device_id="51a1a7e0"):
        Path(data).mkdir(parents=True, exist_ok=True)
        self.board = SimBoard(Clock(manual=manual_clock), date=date, link=link)
        self.saves = Saves(str(data), device_id=device_id)
        self.app = App(self.board, self.saves, seed=seed)
        self.app.step()  # the first frame

    @property
    def panel(self):
        return self.board.panel

    def press(self, *names, ms=150):
        """Press keys one after another (ms of clock between them), drawing after each."""
        clock = self.board.clock
        for name in names:
            if clock.manual:
                clock.advance(ms)
            self.board.press(name)
            self.app.step()
            self.settle()

    def settle(self):
        # Events still queued (none normally) and a pending redraw.
        for _ in range(64):
            if not self.board.keys.pending() and not self.app.dirty:
                break
            self.app.step()

    def wait(self, seconds):
        """Let time pass with no key (the power policy runs), a step every 100 ms."""
        clock = self.board.clock
        for _ in range(int(seconds * 10)):
            clock.advance(100)
            self.app.step()

    def run_script(self, script, shots=None):
        """Keys and commands from a string or list: names, wait:S, shot:FILE."""
        items = script.replace(",", " ").split() if isinstance(script, str) else list(script)
        for item in items:
            if item.startswith("wait:"):
                self.wait(float(item[5:]))
            elif item.startswith("shot:"):
                self.shot(item[5:])
            elif item.upper() in KEYS:
                self.press(item.upper())
            else:
                raise SimError("unknown key %r (keys: %s, wait:S, shot:FILE)"
                               % (item, " ".join(KEYS)))

    def frame(self):
        """The framebuffer as bytes (MONO_VLSB, what the firmware drew)."""
        return bytes(self.board.display.buffer)

    def glass(self):
        return self.panel.rows()

    def shot(self, path, scale=4):
        save_png(self.glass(), path, scale)


class SimError(PocketCribError):
    """A problem with how the simulator was asked to run: one line, exit status 2."""

    def __init__(self, what, hint=None):
        super().__init__(what, hint, code=2)


# --- pictures ---------------------------------------------------------------

def image(rows, scale=4, border=0):
    """A Pillow image of the glass: lit pixels light blue-white on black."""
    from PIL import Image

    h = len(rows)
    w = len(rows[0])
    img = Image.new("L", (w, h))
    img.putdata([255 if v else 0 for row in rows for v in row])
    img = img.resize((w * scale, h * scale), Image.NEAREST)
    if border:
        framed = Image.new("L", (w * scale + 2 * border, h * scale + 2 * border), 40)
        framed.paste(img, (border, border))
        img = framed
    return img


def save_png(rows, path, scale=4):
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    image(rows, scale).save(path, optimize=True)


_HALF = {(False, False): " ", (True, False): "\u2580", (False, True): "\u2584",
         (True, True): "\u2588"}


def halfblocks(rows):
    """The glass as text: one character per two pixel rows."""
    out = []
    for y in range(0, len(rows), 2):
        top = rows[y]
        bottom = rows[y + 1] if y + 1 < len(rows) else [False] * len(top)
        out.append("".join(_HALF[(a, b)] for a, b in zip(top, bottom, strict=True)))
    return out


def braille(rows):
    """The glass as braille: one character per 2x4 pixels (for small terminals)."""
    dots = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10),
            (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))
    out = []
    for y in range(0, len(rows), 4):
        line = []
        for x in range(0, len(rows[0]), 2):
            v = 0
            for dx, dy, bit in dots:
                if y + dy < len(rows) and rows[y + dy][x + dx]:
                    v |= bit
            line.append(chr(0x2800 + v))
        out.append("".join(line))
    return out


# --- the terminal -------------------------------------------------------------

_ESCAPES = {"\x1b[A": "UP", "\x1b[B": "DOWN", "\x1b[D": "LEFT", "\x1b[C": "RIGHT",
            "\x1bOA": "UP", "\x1bOB": "DOWN", "\x1bOD": "LEFT", "\x1bOC": "RIGHT"}
_CHARS = {"z": "A", "a": "A", " ": "A", "\r": "A", "\n": "A", "x": "B", "b": "B",
          "\x7f": "B", "\x08": "B", "X": "B_LONG", "B": "B_LONG",
          "w": "UP", "s": "DOWN", "k": "UP", "j": "DOWN", "h": "LEFT", "l": "RIGHT"}


def _read_keys(fd):
    """Key names from the bytes waiting on fd; 'QUIT' for q or Ctrl-C."""
    data = os.read(fd, 64).decode("utf-8", "replace")
    out = []
    i = 0
    while i < len(data):
        for esc, name in _ESCAPES.items():
            if data.startswith(esc, i):
                out.append(name)
                i += len(esc)
                break
        else:
            ch = data[i]
            i += 1
            if ch in ("q", "\x03", "\x04"):
                out.append("QUIT")
            elif ch in _CHARS:
                out.append(_CHARS[ch])
    return out


HELP = "arrows move  z/space: A  x: B  X: long B  q: quit"
MIN_SIZE = (66, 19)  # the braille glass (64x16) in a frame, and the help line


class Keyboard:
    """This terminal's keys, one at a time and unechoed; Ctrl-C comes as a key (it quits)
    rather than as a signal to whatever started us (make)."""

    def open(self):
        import termios
        import tty

        self.fd = sys.stdin.fileno()
        self.old = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd, termios.TCSANOW)  # not TCSAFLUSH: keys typed meanwhile are kept
        attrs = termios.tcgetattr(self.fd)
        attrs[3] &= ~termios.ISIG
        termios.tcsetattr(self.fd, termios.TCSANOW, attrs)

    def close(self):
        import termios

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.old)

    def read(self, timeout):
        """Key names typed within timeout seconds ('QUIT' for q or Ctrl-C)."""
        import select

        r, _, _ = select.select([self.fd], [], [], timeout)
        return _read_keys(self.fd) if r else []


class TerminalView:
    """This terminal as the device: draws a Panel's glass, takes keys. Half blocks need
    130x35 characters; a smaller terminal (80x24 say) gets braille, which fits in 66x19.
    Ctrl-C is a key here (it quits), not a signal to whatever started us (make)."""

    def __init__(self, use_braille=False, notice=None, help_line=HELP, below=()):
        self.use_braille = use_braille
        self.notice = notice  # shown in place of the help line until the first key
        self.help_line = help_line
        self.below = list(below)  # more lines under the help line, where the terminal has room
        self.drawn = None
        self.drawn_size = None

    def check(self):
        """SimError unless this is a terminal big enough for the glass."""
        if not sys.stdin.isatty():
            raise SimError("the terminal view needs a terminal (or use --keys/--window)")
        cols, lines = self.size()
        if cols < MIN_SIZE[0] or lines < MIN_SIZE[1]:
            raise SimError("terminal too small (need %dx%d, this one is %dx%d)" % (*MIN_SIZE, cols, lines))

    def __enter__(self):
        self.check()
        self.keyboard = Keyboard()
        self.keyboard.open()
        sys.stdout.write("\x1b[?25l\x1b[2J")
        sys.stdout.flush()
        return self

    def __exit__(self, *exc):
        self.keyboard.close()
        sys.stdout.write("\x1b[?25h\r\n")
        sys.stdout.flush()

    @staticmethod
    def size():
        try:  # the terminal itself: COLUMNS/LINES in the environment are often stale
            size = os.get_terminal_size(sys.stdout.fileno())
        except OSError:
            size = shutil.get_terminal_size()
        return size.columns, size.lines

    def pressed(self, timeout=0.02):
        """Key names pressed within timeout seconds ('QUIT' for q or Ctrl-C)."""
        keys = self.keyboard.read(timeout)
        if keys:
            self.notice = None
        return keys

    def show(self, panel):
        """Draw the glass if it (or the terminal's size) changed."""
        cols, lines = self.size()
        state = (panel.bytes, panel.on, panel.contrast, panel.seg_remap, cols, lines, self.notice)
        if state == self.drawn:
            return
        self.drawn = state
        out = sys.stdout
        if cols < MIN_SIZE[0] or lines < MIN_SIZE[1]:
            out.write("\x1b[2J\x1b[Hterminal too small (need %dx%d)" % MIN_SIZE)
            out.flush()
            return
        small = self.use_braille or cols < 130 or lines < 35
        rows = (braille if small else halfblocks)(panel.rows())
        width = len(rows[0])
        dim = panel.contrast < 8
        body = ["\x1b[H", "+" + "-" * width + "+"]
        for line in rows:
            body.append("|" + ("\x1b[2m" + line + "\x1b[0m" if dim else line) + "|")
        body.append("+" + "-" * width + "+")
        body.append((self.notice or self.help_line).ljust(width + 2)[: width + 2])
        room = lines - (len(body) - 1)  # body[0] moves the cursor home, the rest are rows
        body += [line[: cols - 1].ljust(cols - 1) for line in self.below[: max(0, room)]]
        if (cols, lines) != self.drawn_size:  # resized: clear what the old layout left
            self.drawn_size = (cols, lines)
            out.write("\x1b[2J")
        out.write("\r\n".join(body))
        out.flush()


def run_terminal(sim, use_braille=False, notice=None):
    with TerminalView(use_braille, notice) as view:
        while True:
            for name in view.pressed():
                if name == "QUIT":
                    return
                sim.board.press(name)
            sim.app.step()
            view.show(sim.panel)


# --- the window ---------------------------------------------------------------

NO_DISPLAY = ("no display found for --window", "leave --window out to play in this terminal")


def _no_display():
    """True on Linux with neither X nor Wayland to show a window (unless SDL is told a driver)."""
    return (sys.platform.startswith("linux") and not os.environ.get("SDL_VIDEODRIVER")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"))


def open_window(size):
    """A pygame window of size, or SimError when there is no display to put it on.
    Only the display is started (no sound: that is where ALSA's complaints came from),
    and SDL's and pygame's chatter stays out of the terminal."""
    explicit = os.environ.get("SDL_VIDEODRIVER")
    if _no_display():
        raise SimError(*NO_DISPLAY)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with _quiet_stderr():
        import pygame

        try:
            pygame.display.init()
            screen = pygame.display.set_mode(size)
        except pygame.error:
            pygame.quit()
            raise SimError(*NO_DISPLAY) from None
    if not explicit and pygame.display.get_driver() in ("offscreen", "dummy"):
        pygame.quit()
        raise SimError(*NO_DISPLAY)
    return pygame, screen


class _quiet_stderr:
    """Native libraries (SDL, ALSA) write to fd 2 directly: point it at /dev/null for a while."""

    def __enter__(self):
        sys.stderr.flush()
        self.saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)

    def __exit__(self, *exc):
        os.dup2(self.saved, 2)
        os.close(self.saved)


class WindowView:
    """A pygame window as the device: draws a Panel's glass, takes keys (q, Escape or
    closing it quits). Typed in the terminal that started it, q and Ctrl-C quit too."""

    def __init__(self, scale=6, title="Pocket Crib"):
        self.scale = scale
        self.title = title
        self.drawn = None
        self.keyboard = None

    def check(self):
        """SimError when there is no display to open a window on (before anything is started)."""
        if _no_display():
            raise SimError(*NO_DISPLAY)

    def __enter__(self):
        w, h = 128 * self.scale, 64 * self.scale
        self.pygame, self.screen = open_window((w + 16, h + 16))
        pg = self.pygame
        pg.display.set_caption(self.title)
        self.names = {pg.K_UP: "UP", pg.K_DOWN: "DOWN", pg.K_LEFT: "LEFT", pg.K_RIGHT: "RIGHT", pg.K_z: "A",
                      pg.K_a: "A", pg.K_SPACE: "A", pg.K_RETURN: "A", pg.K_x: "B", pg.K_b: "B",
                      pg.K_BACKSPACE: "B"}
        self.clock = pg.time.Clock()
        self.exposed = {getattr(pg, n) for n in ("VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED")
                        if hasattr(pg, n)}
        if sys.stdin.isatty():
            self.keyboard = Keyboard()
            self.keyboard.open()
        return self

    def __exit__(self, *exc):
        if self.keyboard is not None:
            self.keyboard.close()
        self.pygame.quit()

    def pressed(self, timeout=0.02):
        """Key names pressed since the last call ('QUIT' to stop); about timeout seconds a call."""
        pg = self.pygame
        self.clock.tick(int(1 / timeout) if timeout else 0)
        out = [k for k in self.keyboard.read(0) if k == "QUIT"] if self.keyboard else []
        for ev in pg.event.get():
            if ev.type == pg.QUIT or (ev.type == pg.KEYDOWN and ev.key in (pg.K_q, pg.K_ESCAPE)):
                out.append("QUIT")
            elif ev.type == pg.KEYDOWN and ev.key in self.names:
                name = self.names[ev.key]
                out.append("B_LONG" if name == "B" and ev.mod & pg.KMOD_SHIFT else name)
            elif ev.type in self.exposed:
                self.drawn = None  # uncovered: draw again
        return out

    def show(self, panel):
        """Draw the glass if it changed."""
        state = (panel.bytes, panel.on, panel.contrast, panel.seg_remap)
        if state == self.drawn:
            return
        self.drawn = state
        pg, scale = self.pygame, self.scale
        level = 60 + panel.contrast * 195 // 255
        lit = (level * 7 // 10, level * 9 // 10, level)
        self.screen.fill((24, 24, 24))
        pg.draw.rect(self.screen, (0, 0, 0), (8, 8, 128 * scale, 64 * scale))
        for y, row in enumerate(panel.rows()):
            for x, v in enumerate(row):
                if v:
                    pg.draw.rect(self.screen, lit, (8 + x * scale, 8 + y * scale, scale - 1, scale - 1))
        pg.display.flip()


def run_window(sim, scale=6, frames=None):
    """A pygame window; frames (for tests) stops after that many loop turns."""
    with WindowView(scale) as view:
        turns = 0
        while frames is None or turns < frames:
            turns += 1
            for name in view.pressed():
                if name == "QUIT":
                    return
                sim.board.press(name)
            sim.app.step()
            view.show(sim.panel)


# --- the command ----------------------------------------------------------------

def default_data():
    return Path(os.environ.get("POCKETCRIB_SIM_DATA", Path.home() / ".pocketcrib" / "sim"))


def parser():
    p = argparse.ArgumentParser(prog="pocketcrib sim", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, default=None,
                   help="folder standing in for the board's flash (default ~/.pocketcrib/sim)")
    p.add_argument("--seed", type=int, default=None, help="deal the first game from this seed")
    p.add_argument("--window", action="store_true", help="open a pygame window")
    p.add_argument("--scale", type=int, default=6, help="window or PNG pixels per display pixel")
    p.add_argument("--braille", action="store_true",
                   help="draw with braille (chosen anyway in a terminal under 130x35)")
    p.add_argument("--keys", default=None,
                   help="headless: keys to press, e.g. 'A DOWN A wait:30 shot:x.png'")
    p.add_argument("--shot", type=Path, default=None, help="headless: save the last screen here")
    p.add_argument("--link", type=Path, default=None, metavar="SOCKET",
                   help="a link jack: two simulators given the same socket path play one game of "
                        "cribbage (menu: Cribbage, seat 2: cable)")
    p.add_argument("--date", default=None,
                   help="the board clock's date, YYYY-MM-DD (default: today here; 'unset': a clock not set)")
    return p


def today():
    return datetime.date.today().isoformat()


def board_date(option):
    """What the board's clock says, from --date: this computer's day by default (as `pocketcrib`
    sets a real board's clock), a fixed day, or None for 'unset'."""
    if option is None:
        return today
    if option == "unset":
        return None
    try:
        return datetime.date.fromisoformat(option).isoformat()
    except ValueError:
        raise SimError("--date wants YYYY-MM-DD or 'unset', not %r" % option) from None


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--"]:  # `pocketcrib sim -- --window`: the separator comes along
        argv = argv[1:]
    args = parser().parse_args(argv)
    data = args.data or default_data()
    try:
        headless = args.keys is not None or args.shot is not None
        link = None
        if args.link is not None:
            from pocketcrib.twins.linkport import unix_port

            try:
                link = unix_port(args.link)
            except OSError as e:
                raise SimError("--link %s: %s" % (args.link, e.strerror or e)) from None
        sim = Sim(data, seed=args.seed, manual_clock=headless, date=board_date(args.date), link=link)
        notice = None
        if args.seed is not None and sim.saves.has_current():
            # The saved game is the player's: it is not thrown away for a seed.
            notice = "saved game first; --seed %d deals the new ones" % args.seed
            print("pocketcrib sim: a game is saved in %s: it is offered first, and --seed %d deals "
                  "the new games after it (--data DIR plays in a fresh folder)" % (data, args.seed),
                  file=sys.stderr)
        if headless:
            sim.run_script(args.keys or "")
            if args.shot:
                sim.shot(args.shot, scale=args.scale if args.scale != 6 else 4)
            for line in halfblocks(sim.glass()) if not args.shot else ():
                print(line)
            return 0
        if args.window:
            run_window(sim, args.scale)
        else:
            run_terminal(sim, args.braille, notice)
        return 0
    except SimError as e:
        print("pocketcrib: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
