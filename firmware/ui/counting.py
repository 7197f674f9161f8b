# A hand counted aloud on the screen, one call per press of A, and the
# player's own count asked first (count it yourself): the solitaires' Count
# (ui.solitaire.screens) and cribbage's show (ui.cribbage.show) draw it alike.
#
# A counting screen has .parts and .lines (ui.calls.count_calls: the scoring
# items and their calls), .line (the call reached), .asking (the player's
# count is being entered) and .claim (that count).
from drivers.buttons import DOWN, LEFT, RIGHT, UP
from ui import gfx


def adjust(claim, k):
    """The count being entered after key k, or None if k does not change it:
    UP/DOWN one more or less (round from 29 to 0), LEFT/RIGHT five (kept in 0..29)."""
    if k == UP or k == DOWN:
        return (claim + (1 if k == UP else -1)) % 30
    if k == LEFT or k == RIGHT:
        c = claim + (5 if k == RIGHT else -5)
        return 0 if c < 0 else 29 if c > 29 else c
    return None


def said(claim, points):
    """What the player's count was against the true one, in a few words."""
    if claim == points:
        return "you said %d: right!" % claim
    if claim > points:
        return "you said %d: it is %d" % (claim, points)
    return "you said %d: missed %d" % (claim, points - claim)


def draw(fb, s, cards, starter, starter_x=108, total=None):
    """The cards and the starter (None: none) at starter_x, those of the call
    reached lit, the total so far top right (or `total`), then the count
    being entered or the calls so far (the newest at the bottom)."""
    lit = ()
    if not s.asking:
        if total is None:
            total = 0
            for i in range(min(s.line + 1, len(s.parts))):
                total += s.parts[i][2]
        gfx.right(fb, "%d" % total, 126, 1, 0)
        lit = s.parts[s.line][1] if s.line < len(s.parts) else ()
    for i in range(len(cards)):
        gfx.card(fb, cards[i], 1 + 21 * i, 10, cards[i] in lit)
    if starter is not None:
        gfx.card(fb, starter, starter_x, 10, starter in lit)
    if s.asking:
        gfx.text(fb, "Your count:", 4, 41)
        fb.fill_rect(66, 39, 21, 11, 1)
        gfx.center(fb, "%d" % s.claim, 41, 0, 66, 87)
        gfx.text(fb, "^v", 91, 41)
        gfx.right(fb, "A: say it", 127, 54)
        return
    # The newest calls on three lines, each whole: a call wrapped to two lines scrolls
    # away whole, never its first line alone.
    shown = []
    i = s.line
    while i >= 0:
        part = gfx.wrap(s.lines[i] + ("," if i < s.line else ""), 126)
        if len(shown) + len(part) > 3:
            shown = shown or part[-3:]
            break
        shown = part + shown
        i -= 1
    for i in range(len(shown)):
        gfx.text(fb, shown[i], 1, 38 + 9 * i)
