"""python -m pocketcrib.twins.vboard: run a virtual board in the foreground (see `pocketcrib vboard --help`)."""

import sys

from pocketcrib.cli import main

if __name__ == "__main__":
    sys.exit(main(["vboard", *sys.argv[1:]]))
