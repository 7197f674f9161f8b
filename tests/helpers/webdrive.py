"""The web page in a real headless Chromium: build it, serve it, drive it (browser.mjs)."""

import json
import shutil
import subprocess
import threading
from pathlib import Path

from pocketcrib.twins import webpage

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def chromium_missing():
    """Why the browser tests cannot run here, or None."""
    if not Path(CHROMIUM).exists():
        return "Debian's chromium is not installed (apt-get install chromium; .ci/run does it)"
    if not (ROOT / "node_modules" / "playwright-core").is_dir():
        return "playwright-core is not installed (make setup)"
    return None


class Site:
    """The page built into a folder and served on localhost by a thread."""

    def __init__(self, out):
        self.sizes = webpage.build(out)
        got = threading.Event()
        self.url = None

        def ready(url):
            self.url = url
            got.set()

        self.thread = threading.Thread(target=webpage.serve, args=(out,),
                                       kwargs={"port": 0, "ready": ready}, daemon=True)
        self.thread.start()
        if not got.wait(600):  # a last resort: it is up in a moment, but a loaded machine is slow
            raise RuntimeError("the page's server did not start")


def drive(steps, gap_ms=160, resources=False, timeout=1800):
    """Run the steps in Chromium; the JSON the driver printed. timeout: a last resort against a hang
    (the driver's own waits, on the page's state, give up after 10 minutes each)."""
    job = json.dumps({"steps": steps, "gap_ms": gap_ms, "resources": resources})
    proc = subprocess.run(["node", str(ROOT / "tests" / "web" / "browser.mjs")], input=job, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env={"CHROMIUM": CHROMIUM, "PATH": "/usr/bin:/bin",
                                                          "HOME": "/tmp"})
    if proc.returncode:
        raise RuntimeError("browser.mjs failed: " + proc.stderr[-2000:])
    out = json.loads(proc.stdout)
    if "error" in out:
        raise AssertionError(out["error"] + "\n" + "\n".join(out["console"][-20:]))
    return out


def bits(rows):
    """The simulator's glass (rows of booleans) as the driver reports the canvas."""
    return ["".join("1" if v else "0" for v in row) for row in rows]
