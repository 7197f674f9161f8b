"""`pocketcrib web`: the firmware on a static web page, in the MicroPython VM.

build(out) writes a folder that any static web host can serve: index.html,
page.js and page.css (from pocketcrib/twins/web/), the VM (micropython.mjs and .wasm
from the npm package), firmware.json (every firmware file as the board gets it,
compiled with mpy-cross for the VM's .mpy version, plus the board twin and the
simulator's virtual panel) and sw.js (the service worker that keeps it
playable offline). serve(out) serves it on localhost.
"""

import base64
import functools
import hashlib
import http.server
import json
import shutil
from pathlib import Path

from pocketcrib.board import flash

from pocketcrib import places
from pocketcrib.errors import PocketCribError

HERE = Path(__file__).resolve().parent
PAGE = HERE / "web"
STATIC = ("index.html", "page.js", "page.css")
VM_FILES = ("micropython.mjs", "micropython.wasm")
VM_MPY = 6 << 8 | 3  # the VM is MicroPython 1.27: .mpy version 6.3, bytecode only


def firmware_files(firmware=None):
    """{path in the page's VM: bytes}: the board's files, the board twin and the panel."""
    built = flash.build(firmware or places.firmware_dir(), VM_MPY)
    built["/webboard.py"] = (PAGE / "webboard.py").read_bytes()
    built["/panel.py"] = (HERE / "panel.py").read_bytes()
    return dict(sorted(built.items()))


def build(out, firmware=None):
    """Write the page into the folder `out`; returns {file: bytes written}."""
    out = Path(out)
    vm = places.micropython_mjs().parent
    files = firmware_files(firmware)
    version = flash.firmware_version(firmware or places.firmware_dir())
    bundle = json.dumps({"version": version,
                         "files": {p: base64.b64encode(b).decode() for p, b in files.items()}},
                        separators=(",", ":")).encode()
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name in STATIC:
            shutil.copyfile(PAGE / name, out / name)
        for name in VM_FILES:
            shutil.copyfile(vm / name, out / name)
        (out / "firmware.json").write_bytes(bundle)
        listed = ["./", *STATIC, *VM_FILES, "firmware.json"]
        tag = hashlib.sha256(b"".join((out / n).read_bytes() for n in listed[1:])).hexdigest()[:12]
        sw = (PAGE / "sw.js").read_text().replace("__VERSION__", tag).replace("__FILES__", json.dumps(listed))
        (out / "sw.js").write_text(sw)
    except OSError as e:
        raise PocketCribError(f"cannot write the page into {out}: {e.strerror}",
                              "choose another folder with --out") from None
    return {n: (out / n).stat().st_size for n in [*listed[1:], "sw.js"]}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, format, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def serve(out, port=8000, host="127.0.0.1", ready=print):
    """Serve the folder on localhost until interrupted."""
    handler = functools.partial(_Quiet, directory=str(out))
    try:
        httpd = http.server.ThreadingHTTPServer((host, port), handler)
    except OSError as e:
        raise PocketCribError(f"cannot serve on {host}:{port}: {e.strerror}",
                              "another program uses that port: try --port 8001") from None
    with httpd:
        ready(f"http://{host}:{httpd.server_address[1]}/")
        httpd.serve_forever()
