# The cribbage board: a track per side with its two pegs, drawn to fit the
# 128x64 glass (the screens that show it are in ui.cribbage.play).
#
# A game to 121 goes up the outer row (holes 1..60, left to right) and back
# down the inner row (61..120, right to left) to the game hole at the left;
# the skunk line (91) crosses the inner rows, the double skunk line (61) is
# the turn at the right. A game to 61 is one row out to the game hole at the
# right, the skunk line at 31. Holes are 2 pixels apart, every fifth marked.
# The front peg is a filled square, the back peg (the score before the last)
# a hollow one.
from micropython import const


_X0 = const(5)  # the x of hole 1
_PITCH = const(2)
_ROW = const(4)  # between a track's two rows
_GAP = const(10)  # between one track and the next (121)
_GAP61 = const(7)


def hole_xy(hole, target, y):
    """The pixel of a hole (1..target) on the track whose first row is at y."""
    if target == 61:
        return _X0 + (hole - 1) * _PITCH, y
    if hole <= 60:
        return _X0 + (hole - 1) * _PITCH, y
    if hole < 121:
        return _X0 + (120 - hole) * _PITCH, y + _ROW
    return _X0 - 4, y + _ROW // 2


def _peg(fb, x, y, front):
    if front:
        fb.fill_rect(x - 1, y - 1, 3, 3, 1)
    else:
        fb.rect(x - 1, y - 1, 3, 3, 1)
        fb.pixel(x, y, 0)


def height(target, sides):
    """Pixels the board takes for that many tracks."""
    gap = _GAP61 if target == 61 else _GAP
    return gap * (sides - 1) + (2 if target == 61 else _ROW + 2) + 1


def draw(fb, scores, backs, target, y):
    """The tracks of every side (scores, back pegs) with the top row at y."""
    sides = len(scores)
    gap = _GAP61 if target == 61 else _GAP
    rows = 1 if target == 61 else 2
    last = 60
    for side in range(sides):
        ty = y + 1 + gap * side
        for r in range(rows):
            yy = ty + _ROW * r
            for h in range(last):
                x = _X0 + h * _PITCH
                fb.pixel(x, yy, 1)
                if h % 5 == 4:
                    fb.pixel(x, yy + (1 if r else -1), 1)
        gx, gy = hole_xy(target, target, ty)
        fb.rect(gx - 1, gy - 1, 3, 3, 1)  # the game hole
        if rows == 2:
            fb.vline(_X0 + 60 * _PITCH - 1, ty, _ROW + 1, 1)  # the turn: the double skunk line
        back = backs[side]
        front = scores[side]
        if back and back < front:
            bx, by = hole_xy(min(back, target), target, ty)
            _peg(fb, bx, by, False)
        if front:
            fx, fy = hole_xy(min(front, target), target, ty)
            _peg(fb, fx, fy, True)
    # The skunk line, dotted across every track.
    skunk = 31 if target == 61 else 91
    x, _ = hole_xy(skunk, target, 0)
    x += -1 if target == 61 else 1  # between the line's hole and the one short of it
    top = y
    bottom = y + height(target, sides)
    for yy in range(top, bottom, 2):
        fb.pixel(x, yy, 1)
