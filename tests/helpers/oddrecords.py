"""What the host's odd-record properties share (cribbage and grid records alike): the hypothesis
profile (`HYPOTHESIS_PROFILE=bench` runs 5,000 examples) and a record check's verdict."""

import os

from hypothesis import HealthCheck, settings


def profile(name):
    """The settings for a property of this file: name_default, or name_bench under the bench."""
    for kind, examples in (("default", 150), ("bench", 5000)):
        settings.register_profile(f"{name}_{kind}", max_examples=examples, deadline=None,
                                  suppress_health_check=[HealthCheck.too_slow])
    kind = "bench" if os.environ.get("HYPOTHESIS_PROFILE") == "bench" else "default"
    return settings.get_profile(f"{name}_{kind}")


def verdict(module, rec):
    """What module.game(rec) takes the record apart into, or None when it refuses it."""
    try:
        return module.game(rec)
    except module.BadRecord:
        return None
