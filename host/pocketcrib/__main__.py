"""python -m pocketcrib: the same as the `pocketcrib` command."""

import sys

from pocketcrib.cli import main

sys.exit(main())
