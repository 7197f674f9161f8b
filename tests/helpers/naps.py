"""The power policy driven through App.run() on a simulator's clock (issue 28's cable):
the board's naps advance the clock, its sleep until a key ends the run (Asleep), and a
device that never sleeps ends it after LIMIT_MS of its time (TooLong), never hanging."""

LIMIT_MS = 30 * 60 * 1000  # run() stopped here: a device that never sleeps fails, it does not hang


class Asleep(Exception):
    pass


class TooLong(Exception):
    pass


def running(sim, other=None):
    """Run sim's App.run() until it sleeps until a key (Asleep: the clock then) or LIMIT_MS
    passes (TooLong). other (a sim) is stepped along on the same time, as a device beside it."""
    board = sim.board
    clock = board.clock
    start = clock.t
    naps = board.sleep_ms

    def sleep_ms(ms):
        naps(ms)
        if other is not None:
            other.board.clock.advance(ms)
            other.app.step()
        if clock.t - start > LIMIT_MS:
            raise TooLong(clock.t)

    def sleep_until_key(max_ms=0, step_ms=50):
        raise Asleep(clock.t)

    board.sleep_ms = sleep_ms
    board.sleep_until_key = sleep_until_key
    try:
        sim.app.run()
    finally:
        del board.sleep_ms, board.sleep_until_key
