"""Issue 8: the property tests of the saves (tests/storage/test_saves_properties.py) at
bench size: 10,000 generated /data folders through the boot and the title, and
5,000 saved games in progress through the resume (make test runs 1,000 and 500)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

env = dict(os.environ, HYPOTHESIS_PROFILE="bench")
sys.exit(subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                         str(ROOT / "tests" / "test_saves_properties.py")], cwd=ROOT, env=env).returncode)
