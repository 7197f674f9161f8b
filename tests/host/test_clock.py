"""The host tool sets the board's clock when it connects; the board keeps it over soft resets."""

import datetime

from test_vboard import close, connect

from pocketcrib import device



def rtc(vb):
    t = connect(vb)
    try:
        return t.eval("__import__('machine').RTC().datetime()")
    finally:
        close(t)


def test_clock_is_unset_at_power_up_and_set_by_any_connection(make_board, cli):
    vb = make_board()
    assert rtc(vb)[:3] == (2021, 1, 1)  # the RP2040's RTC before anyone sets it
    assert cli("scores", "pull", "--port", vb.port).returncode in (0, 1)
    today = datetime.date.today()
    after = rtc(vb)  # a fresh connection, after the soft reset the CLI left the board in
    assert after[:3] == (today.year, today.month, today.day)
    now = datetime.datetime.now()
    board_time = datetime.datetime(after[0], after[1], after[2], after[4], after[5], after[6])
    assert abs((board_time - now).total_seconds()) < 60


def test_set_clock_takes_a_given_time(make_board):
    vb = make_board()
    with device.connect(vb.port) as board:
        board.set_clock(datetime.datetime(2030, 2, 3, 4, 5, 6))
        assert board.clock()[:5] == (2030, 2, 3, 4, 5)
    assert rtc(vb)[:3] == (2030, 2, 3)
