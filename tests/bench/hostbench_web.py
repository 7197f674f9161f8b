"""The web page (pocketcrib web) in headless Chromium: time from opening the page to
the title's first frame, and what the page downloads (as built, and gzipped as
most static hosts serve it). Served from localhost, so the times are the
browser's and the VM's work, not a network's."""

import gzip
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from helpers.webdrive import Site, chromium_missing, drive  # noqa: E402

RUNS = 5


def main():
    why = chromium_missing()
    if why:
        print("web: skipped: " + why)
        return
    with tempfile.TemporaryDirectory(prefix="hostbench-web-") as tmp:
        site = Site(Path(tmp))
        total = sum(site.sizes.values())
        zipped = sum(len(gzip.compress((Path(tmp) / n).read_bytes(), 9)) for n in site.sizes)
        for name, size in sorted(site.sizes.items(), key=lambda kv: -kv[1]):
            print(f"  {name:18s} {size / 1024:7.1f} KB")
        print(f"page download: {total / 1024:.0f} KB as built, {zipped / 1024:.0f} KB gzipped, "
              f"{len(site.sizes)} files")
        title, load = [], []
        for _ in range(RUNS):  # each run a fresh browser: nothing cached
            out = drive([{"goto": site.url}], resources=True)
            title.append(out["title_ms"])
            load.append(out["load_ms"])
        fetched = sum(r["bytes"] for r in out["resources"])
        print(f"open to title frame: median {statistics.median(title):.0f} ms, "
              f"max {max(title):.0f} ms over {RUNS} fresh browsers (page load to ready {statistics.median(load):.0f} ms); "
              f"fetched {fetched / 1024:.0f} KB")


if __name__ == "__main__":
    main()
