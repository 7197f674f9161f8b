"""The host tool sets the board's clock when it connects; the board keeps it over soft resets."""

import datetime
import time

from helpers.repl import close, connect

from pocketcrib.board import device


def rtc(vb):
    t = connect(vb)
    try:
        return t.eval("__import__('machine').RTC().datetime()")
    finally:
        close(t)


def when(rtc_tuple):
    """The board's RTC reading (year, month, day, weekday, hour, minute, second, subseconds) as a datetime."""
    y, mo, d, _wd, h, mi, s = rtc_tuple[:7]
    return datetime.datetime(y, mo, d, h, mi, s)


def test_clock_is_unset_at_power_up_and_set_by_any_connection(make_board, cli):
    vb = make_board()
    assert rtc(vb)[:3] == (2021, 1, 1)  # the RP2040's RTC before anyone sets it
    # This computer's local time, running on since it was set: between the readings taken here
    # before the CLI set it and after the board said it, whatever the load, and across midnight.
    before = datetime.datetime.now().replace(microsecond=0)  # the CLI sets whole seconds
    assert cli("scores", "pull", "--port", vb.port).returncode in (0, 1)
    board = when(rtc(vb))  # a fresh connection, after the soft reset the CLI left the board in
    after = datetime.datetime.now()
    assert before <= board <= after


def test_set_clock_takes_a_given_time(make_board):
    vb = make_board()
    given = datetime.datetime(2030, 2, 3, 4, 5, 6)
    with device.connect(vb.port) as board:
        start = time.monotonic()
        board.set_clock(given)
        read = board.clock()
        ran = datetime.timedelta(seconds=time.monotonic() - start)
    assert given <= datetime.datetime(*read) <= given + ran  # running on from the time given
    kept = when(rtc(vb))  # after the soft reset the connection ended with
    assert given <= kept <= given + datetime.timedelta(seconds=time.monotonic() - start)
