"""How much better play could gain: the expert's play against normal, with cheats.

A measurement, never a player: the expert's play here sees the opponent's hidden
cards, or his policy. Four plays for the expert's seat, each with the expert's own
discards:

  today        the expert as shipped (players.cpu.play(g, seat, "expert"));
  known        the expert's look-ahead with one guess, the true one: it knows the
               opponent's cards but not which he will lay (it still models him as
               the look-ahead does), plus the normal value as today;
  clairvoyant  the best line to the end of the play against the real normal
               policy: normal's play (players.cpu.play(g, seat, "normal")) is
               deterministic, so the expert's best card is a max over its own
               choices alone, searched on copies of the game. A line is worth its
               play points less the opponent's; one that ends the game (in the
               play, or in the show after it, which is known too) comes first;
  model        fair about the cards, not about the policy: SAMPLES guesses at the
               opponent's hidden cards, each kept only if normal, holding it, would
               have played just as he did (with DISCARDS, also laid away so), each
               valued by the clairvoyant line; the card best on average (a
               perfect-information Monte Carlo player with a perfect model of
               normal's play; --prior: the guesses also drawn as likely as
               the expert draws them, players.cpu.PRIOR). Slow: a quarter of a
               second a deal.

No play of the expert can beat the clairvoyant one against normal in a deal, so
its margin is a bound on what any better play could gain, the discards as they
are. `deals` plays the first deal of each seed twice (the expert dealing, then
the pone), the same deals for every play, and prints each play's margin a deal
over normal (play, hand, crib) and its gain over today's, paired, with standard
errors. `games` plays whole games to 121, each seed twice with the seats
swapped, and prints win rates (with 95% error bars) and the paired difference.

    python tools/crib_bound.py deals [--seeds 5000] [--start 1400000] [--plays ...]
    python tools/crib_bound.py games [--seeds 1000] [--start 1400000] [--plays ...]

Seeds from 1,400,000 by default: far from the bench's (0..4999).
"""
import argparse
import copy
import math
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "host", "pocketcrib", "twins", "mpshim"))

from players import cpu  # noqa: E402
from rules.cribbage import DISCARD, OVER, PLAY, SHOW, Cribbage  # noqa: E402
from rules.score import score  # noqa: E402

PLAYS = ("today", "known", "clairvoyant", "model")
_GO = 52  # a go in Cribbage.moves
_LAY = 128  # a card laid away
EXPERT = 0  # the expert's seat in `deals`


def play_today(g, seat):
    return cpu.play(g, seat, "expert")


def play_known(g, seat):
    """The expert's play, its look-ahead given the opponent's true cards as its only guess."""
    truth = bytes(g.hands[1 - seat])

    def draw(pool, guess, rng):
        guess[:] = truth

    saved = cpu._draw, cpu._GUESSES
    cpu._draw, cpu._GUESSES = draw, 1
    try:
        return cpu.play(g, seat, "expert")
    finally:
        cpu._draw, cpu._GUESSES = saved


def play_clairvoyant(g, seat):
    """The card of the best line to the end of the play against normal's real play."""
    cards = g.playable(seat)
    if len(cards) < 2:
        return cards[0] if cards else None
    best = None
    top = None
    for c in cards:
        v = _line_value(_after(g, c), seat)
        if top is None or v > top:
            top = v
            best = c
    return best


def _after(g, card):
    h = _copy(g)
    h.play(card)
    return h


def _copy(x):
    """A copy of a game (or its parts) that can play on alone: lists, bytearrays and
    objects inside it are copied, to a list's lists and objects (the finished deals, which
    the game changes as it goes on); tuples and ints are shared."""
    h = copy.copy(x)
    for k, v in vars(x).items():
        if isinstance(v, list):
            setattr(h, k, [list(e) if isinstance(e, list) else _copy(e) if hasattr(e, "__dict__") else e
                           for e in v])
        elif isinstance(v, bytearray):
            setattr(h, k, bytearray(v))
        elif hasattr(v, "__dict__"):
            setattr(h, k, _copy(v))
    return h


def _line_value(g, seat):
    """(game won, lost or neither in this deal; play points less the opponent's)
    for the best line of seat from g on, the opponent playing as normal."""
    while g.phase == PLAY:
        if g.turn != seat:
            _move(g, "normal")
            continue
        cards = g.playable(seat)
        if len(cards) > 1:
            return max(_line_value(_after(g, c), seat) for c in cards)
        if cards:
            g.play(cards[0])
        else:
            g.go()
    rec = g.record
    margin = rec.play[seat] - rec.play[1 - seat]
    while g.phase == SHOW:  # every hand is known: the show after the play is too
        g.count_hand()
    if g.phase == OVER:
        return (1 if g.winner == seat else -1, margin)
    return (0, margin)


# The model play: guesses at the opponent's cards, each kept only if normal, holding
# it, would have laid just what he did (and, with DISCARDS, laid away what makes it).
SAMPLES = 16
TRIES = 400
DISCARDS = False
KEEP_PRIOR = False  # guesses also drawn as the expert draws them (players.cpu.PRIOR)
WIN = 100  # a game won in a line, in points (games only)


def play_model(g, seat):
    """The card best on average over guesses at the opponent's cards that fit what he did,
    each valued by the best line against normal's real play (knows his policy, not his cards)."""
    cards = g.playable(seat)
    if len(cards) < 2:
        return cards[0] if cards else None
    opp = 1 - seat
    k = len(g.hands[opp])
    pool = list(g.unseen(seat))
    rnd = random.Random(g.seed * 1000 + len(g.moves))
    totals = [0] * len(cards)
    n = 0
    for _ in range(TRIES):
        draw = rnd.sample(pool, k + 2)
        if KEEP_PRIOR and not _stands(g, opp, draw[:k], rnd):
            continue
        h = _as_if(g, seat, tuple(draw[:k]), tuple(draw[k:]))
        if h is None:
            continue
        for i, c in enumerate(cards):
            won, margin = _line_value(_after(h, c), seat)
            totals[i] += WIN * won + margin
        n += 1
        if n == SAMPLES:
            break
    if not n:
        return play_today(g, seat)
    return cards[max(range(len(cards)), key=totals.__getitem__)]


def _stands(g, opp, hidden, rnd):
    """Whether a guess stands as in the expert's draws: by what his kept four score alone."""
    kept = list(g.played[opp]) + list(hidden)
    prior = cpu.PRIOR[0 if g.dealer == opp else 1]
    return rnd.randrange(16 * cpu.PRIOR_CAP) < prior[min(score(kept, None), 12)]


def _as_if(g, seat, hidden, thrown):
    """The game as it would stand had the opponent kept his cards laid so far and hidden,
    and thrown thrown to the crib; None if normal would not have played (or laid away) so."""
    opp = 1 - seat
    h = _copy(g)
    rec = h.record
    kept = tuple(g.played[opp]) + hidden
    mine = tuple(c for c in rec.dealt[seat] if c not in g.kept[seat])
    rec.dealt[opp] = kept + thrown
    h.kept[opp] = rec.kept[opp] = kept
    h.crib = rec.crib = mine + thrown
    if DISCARDS:
        h.phase, h.starter, h.hands[opp], h.played = DISCARD, None, kept + thrown, [[], []]
        if set(cpu.discard(h, opp, "normal")) != set(thrown):
            return None
        h.starter = g.starter
    # Back to the start of the play, then its moves again, normal's checked.
    h.hands = list(g.kept)
    h.hands[opp] = kept
    h.scores = [g.scores[s] - g.record.play[s] for s in (0, 1)]
    h.seq, h.count, h.passed, h.played, h.gos, h.last = [], 0, 0, [[], []], [], None
    rec.play = [0, 0]
    h.phase, h.turn = PLAY, h.pone
    start = len(g.moves)
    while g.moves[start - 1] < _LAY:
        start -= 1
    for m in g.moves[start:]:
        if m == _GO:
            if h.playable():
                return None
            h.go()
            continue
        if h.turn == opp:
            c = cpu.play(h, opp, "normal")
            if c is None or c >> 2 != m >> 2:
                return None
        h.play(m)
    if h.turn != seat:  # he would have played on where he said go
        return None
    assert h.seq == g.seq and h.scores == g.scores
    return h


CHOOSERS = {"today": play_today, "known": play_known, "clairvoyant": play_clairvoyant, "model": play_model}


def _move(g, level, chooser=None):
    """cpu.move, with the card of the play picked by chooser if given."""
    if g.phase == PLAY and chooser is not None:
        c = chooser(g, g.turn)
        if c is None:
            g.go()
        else:
            g.play(c)
    else:
        cpu.move(g, level)


def first_deal(seed, dealer, chooser):
    """(play, hand, crib) of the expert (seat 0) less normal's in the first deal."""
    g = Cribbage(seed, 2, dealer=dealer)
    rec = g.record
    while g.deal_no == 1 and not g.over:
        expert = g.turn == EXPERT
        _move(g, "expert" if expert else "normal", chooser if expert else None)
    crib = rec.crib_points + rec.heels
    return (rec.play[0] - rec.play[1], rec.hand[0] - rec.hand[1], crib if dealer == 0 else -crib)


def whole_game(seed, seat, chooser):
    """1 if the expert, at seat, wins the game to 121 against normal."""
    g = Cribbage(seed, 2)
    while g.phase != OVER:
        expert = g.turn == seat
        _move(g, "expert" if expert else "normal", chooser if expert else None)
    return 1 if g.winner == seat else 0


def mean_se(xs):
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, math.sqrt(var / n)


def run_deals(seeds, plays):
    rows = {}
    for name in plays:
        t0 = time.time()
        rows[name] = [first_deal(s, d, CHOOSERS[name]) for s in seeds for d in (0, 1)]
        print("%s: %d deals in %.0f s" % (name, len(rows[name]), time.time() - t0), file=sys.stderr)
    base = rows[plays[0]]
    print("margin a deal over normal (expert's points less normal's), %d first deals" % len(base))
    for name in plays:
        r = rows[name]
        m, se = mean_se([sum(x) for x in r])
        parts = [sum(x[i] for x in r) / len(r) for i in range(3)]
        line = "%-12s %+.3f (SE %.3f)  play %+.3f hand %+.3f crib %+.3f" % (name, m, se, *parts)
        dealer = mean_se([sum(x) for x in r[0::2]])[0]
        pone = mean_se([sum(x) for x in r[1::2]])[0]
        line += "  as dealer %+.3f as pone %+.3f" % (dealer, pone)
        if name != plays[0]:
            d, dse = mean_se([sum(a) - sum(b) for a, b in zip(r, base)])
            line += "  | over %s %+.3f (SE %.3f)" % (plays[0], d, dse)
        print(line)


def run_games(seeds, plays):
    wins = {}
    for name in plays:
        t0 = time.time()
        wins[name] = [whole_game(s, seat, CHOOSERS[name]) for s in seeds for seat in (0, 1)]
        print("%s: %d games in %.0f s" % (name, len(wins[name]), time.time() - t0), file=sys.stderr)
    base = wins[plays[0]]
    print("games to 121 against normal, each seed at both seats")
    for name in plays:
        w = wins[name]
        p = sum(w) / len(w)
        line = "%-12s %d games, won %.1f%% +- %.1f" % (name, len(w), 100 * p,
                                                        196 * math.sqrt(p * (1 - p) / len(w)))
        if name != plays[0]:
            d, dse = mean_se([a - b for a, b in zip(w, base)])
            line += "  | over %s %+.1f%% (SE %.1f)" % (plays[0], 100 * d, 100 * dse)
        print(line)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("deals", "games"))
    ap.add_argument("--seeds", type=int, default=None, help="seeds (deals: 5000, games: 1000)")
    ap.add_argument("--start", type=int, default=1_400_000, help="first seed")
    ap.add_argument("--plays", nargs="+", choices=PLAYS, default=list(PLAYS),
                    help="the expert's plays to compare (the first is the base)")
    ap.add_argument("--prior", action="store_true", help="the model play's guesses drawn by players.cpu.PRIOR too")
    a = ap.parse_args(argv)
    global KEEP_PRIOR
    KEEP_PRIOR = a.prior
    n = a.seeds if a.seeds is not None else (5000 if a.what == "deals" else 1000)
    seeds = range(a.start, a.start + n)
    (run_deals if a.what == "deals" else run_games)(seeds, a.plays)


if __name__ == "__main__":
    main()
