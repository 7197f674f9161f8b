"""What the wheel and the sdist carry besides the package: the firmware the tool flashes
(firmware/*.py and hardware/pins.py), the MicroPython WebAssembly VM that `vboard` and `web`
run it on, and VERSION, the one version of tool and firmware. A checkout has them beside
host/ (`make setup` installs the VM); an sdist has them in its bundle/ folder. The wheel puts
them in pocketcrib/device/, where pocketcrib.places looks when no checkout is around it."""

import shutil
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

VM = ("node_modules", "@micropython", "micropython-webassembly-pyscript")
VM_FILES = ("micropython.mjs", "micropython.wasm", "package.json")


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        if version == "editable":  # `pip install -e host`: the checkout is the bundle
            self._staged = None
            return
        root = Path(self.root)
        self._staged = Path(tempfile.mkdtemp(prefix="pocketcrib-bundle-"))
        bundle = self._staged / "bundle"
        if (root / "bundle" / "VERSION").is_file():  # building the wheel from an sdist
            shutil.copytree(root / "bundle", bundle)
        else:
            _gather(root.parent, bundle, self.metadata.version)
        where = "bundle" if self.target_name == "sdist" else "pocketcrib/device"
        build_data["force_include"][str(bundle)] = where

    def finalize(self, version, build_data, artifact_path):
        if self._staged is not None:
            shutil.rmtree(self._staged, ignore_errors=True)


def _gather(checkout, bundle, version):
    """The checkout's firmware sources, pin map and VM, and the version, into bundle/."""
    firmware = checkout / "firmware"
    if not (firmware / "main.py").is_file():
        raise RuntimeError(f"no firmware at {firmware}: build from a Pocket Crib checkout or its sdist")
    vm = checkout.joinpath(*VM)
    if not (vm / "micropython.mjs").is_file():
        raise RuntimeError(f"no MicroPython VM at {vm}: run `make setup` in the checkout first")
    for src in sorted(firmware.rglob("*.py")):
        if "__pycache__" not in src.parts:
            out = bundle / "firmware" / src.relative_to(firmware)
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, out)
    (bundle / "hardware").mkdir(parents=True)
    shutil.copyfile(checkout / "hardware" / "pins.py", bundle / "hardware" / "pins.py")
    (bundle / "vm").mkdir()
    for name in VM_FILES:
        shutil.copyfile(vm / name, bundle / "vm" / name)
    (bundle / "VERSION").write_text(version + "\n")
