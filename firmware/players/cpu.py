# The computer at the cribbage table, at three levels. It sees what a player
# at its seat sees: the cards it was dealt, the starter once turned, the cards
# laid in the play and the go calls; never another hand or the pack.
#
#   discard(g, seat, level)  # the card(s) it lays away (a tuple)
#   play(g, seat, level)     # the card it lays, or None for go
#   move(g, level)           # makes the move for g.turn (counts the show too)
#
# Discards (players.laying, loaded for the discards only): easy keeps the best
# hand alone; normal adds the crib from the full-pack crib table (for its own
# crib, against it for another's); expert values hand and crib exactly over the
# unseen cards (players.advisor) and, at two hands, what the kept ranks peg
# (tables.playtable). The crib's other cards are taken as any unseen cards:
# valued against what a real opponent throws, the expert gained nothing.
# The play: easy lays what scores most now; normal, that less the next player's
# expected best reply (each reply weighed by the chance he holds the card);
# expert, at two hands, looks ahead to the end of the play (players.lookahead)
# over guesses at the opponent's cards that fit his go calls and what his cards
# laid say (players.reading), drawn as likely as normal keeps such a hand
# (PRIOR), against a modelled opponent who lays what scores most now (one who
# knows every guessed card plays too well and made the expert timid); its first
# cards come from tables of that search over many more guesses
# (players.opening), as a card or two sees too few guesses to choose well. At
# three hands it looks only to the end of the count (players.lookround), so
# that enough guesses fit; at four it does not search (guessing three hands, a
# search plans for hands nobody holds) but reads the next player's cards into
# the normal value. The design, and why each part is there:
# docs/cribbage.md ("The computer"); what each part gained: docs/experiments.md.
from micropython import const

from rules.cards import PIPS
from rules.cribbage import DISCARD, PLAY, SHOW
from rules.pegging import peg
from rules.rng import Rng
from players import level_index
from rules.score import score

# The device plays one configuration: what an experiment varies (these constants,
# or code) it varies in a copy of firmware/ (tools/experiment.py), never here.
#
# Positions the expert may visit for one card, each guess costing _SETUP more
# (what keeps a card within its time on the device: docs/benchmarks.md), and the
# most guesses it draws.
_BUDGET = const(480)
_SETUP = const(6)
_GUESSES = const(48)
_ONE = const(1024)  # probabilities in 1024ths
# The look-ahead weighs winning only when a side is this near home (points
# to peg and show in one deal), and takes a crib to be worth this much.
_NEAR = const(60)
_CRIB_GUESS = const(4)
# A guess at the opponent's cards makes, with those he has laid, the four he kept;
# the normal computer keeps good hands, so guesses are drawn as likely as he is to
# keep them: a drawn four stands with a chance by what it scores alone (no starter,
# capped at 12), PRIOR[his side: 0 dealer, 1 pone][score] / (16 * PRIOR_CAP);
# else another is drawn, at most _TRIES draws. PRIOR is how much likelier he keeps
# such a hand than four unseen cards are to make one, in sixteenths (a fit to
# simulated deals, tools/make_keep_prior.py); a ratio over PRIOR_CAP stands always.
# Each draw past the first costs _REDRAW positions of the budget.
# PRIOR is generated data (tests/tables/test_keep_prior.py regenerates it) kept here,
# not in tables/: a module of its own there (and the tables package, which the table
# otherwise never loads) would cost the cribbage table far more heap than its 26 bytes.
PRIOR = (
    b"\x01\x00\x06\x10\x17\x21\x36\x4d\x84\x83\x83\x81\xae",  # 0.1 0.0 0.4 1.0 1.5 2.1 3.4 4.8 8.3 8.2 8.2 8.0 10.8
    b"\x01\x00\x05\x0f\x1d\x1f\x35\x4a\x7e\x8e\x7a\xb7\xb2",  # 0.0 0.0 0.3 0.9 1.8 2.0 3.3 4.6 7.9 8.9 7.6 11.4 11.1
)
PRIOR_CAP = const(5)
_TRIES = const(30)
_REDRAW = const(1)
# The first card of the play (the pone's lead, the dealer's reply) and the pone's
# second card (after the lead table's lead) from players.opening's tables rather than
# the look-ahead, unless a side needs at most OPENING_NEAR (the look-ahead, weighing
# the game, decides then: a side may peg out in this play).
OPENING_NEAR = const(15)
# The opponent's hidden cards are guessed among those his play so far leaves him, read
# as a normal player's (players.reading.guess_pool, loaded for it), each of his cards read
# costing some positions of the budget.
_READ = [None, None]  # players.reading's memo for each seat (the module is let go between cards)


# Discards (players.laying, loaded for them only).

def discard(g, seat, level):
    from players import laying

    return laying.choose_discard(g, seat, level)[0]


def let_go():
    """Forget what only the discards use (the advisor, the crib table, the play's
    table for the expert's lay-away), once every hand is laid away: the play does
    without them and the next deal loads them again."""
    from rules import forget

    forget("players.laying")
    forget("players.advisor")
    forget("tables.cribtable")
    forget("tables.playtable")
    forget("tables.playmulti")
    forget("players.race")
    forget("tables.racetable")


# The play.

def play(g, seat, level, tables=True):
    """The card the seat lays (None: go). tables=False: the expert searches its first
    cards too (the search's own choice, for the tests and tools)."""
    cards = g.playable(seat)
    if not cards:
        return None
    if len(cards) == 1:
        return cards[0]
    lv = level_index(level)
    if lv == 0:
        return _most_now(g, cards)
    if lv == 2 and g.players == 2 and tables and g.target - max(g.scores) > OPENING_NEAR:
        # Its first card, and the pone's second, from the opening tables (players.opening,
        # loaded for them); at the very end of the game the look-ahead, which weighs
        # winning, decides. (Further out its look at winning gains less than the
        # tables' many guesses: docs/experiments.md.)
        if len(cards) == 4 and len(g.seq) < 2:
            from players import opening

            return opening.card(g, cards)
        if len(cards) == 3 and len(g.seq) == 2 and g.dealer != seat:
            from players import opening

            c = opening.second(g, cards)
            if c is not None:
                return c
    values = normal_values(g, seat, cards, lv == 2 and g.players == 4)
    # At four hands the expert does without the look-ahead: there (players.lookround,
    # partners) it measured no better than the normal value (docs/experiments.md).
    if lv == 2 and g.players < 4:
        if g.players == 2:
            totals, guesses = look_ahead(g, seat, cards)
        else:
            from rules import forget
            from players import lookround

            totals, guesses = lookround.look(g, seat, cards)
            forget("players.lookround")
        # The look-ahead's average, with the normal judgement of the next reply on top.
        values = [totals[i] * _ONE // guesses + values[i] for i in range(len(cards))]
    best = 0
    for i in range(1, len(cards)):
        if values[i] > values[best]:
            best = i
    return cards[best]


def _most_now(g, cards):
    seq = list(g.seq)
    best = None
    top = -1
    for c in cards:
        seq.append(c)
        p = peg(seq)
        seq.pop()
        if p > top:
            top = p
            best = c
    return best


def normal_values(g, seat, cards, expert=False):
    """Per card, in 1024ths of a point: what it scores now less the next player's
    expected best reply, and a tie-break that keeps low cards for later. expert (four
    hands): a reply of the partner's (the opponent between out of the count) is a gain,
    not a risk, and the next player's cards are guessed among those his go calls and his
    play so far leave him (read as a normal player's: players.reading)."""
    nxt = _next_to_play(g, seat)
    k = len(g.hands[nxt]) if nxt is not None else 0
    pool = g.unseen(seat)
    if expert and k:
        from rules import forget
        from players import reading

        pool, k = reading.left_to(g, seat, nxt, pool, k)
        forget("players.reading")
    return reply_values(g.seq, g.count, pool, k, cards)


def reply_values(seq, count, pool, k, cards):
    """normal_values() of a position: the count's cards so far and its count, the
    cards the player cannot see, and how many the next player holds (0: none to play;
    -k: k, a partner, whose best reply is a gain, not a risk)."""
    sign = 1
    if k < 0:
        k = -k
        sign = -1
    n_pool = len(pool)
    have = bytearray(13)
    for c in pool:
        have[c >> 2] += 1
    # Chance (1024ths) the next player holds at least one card of each rank.
    chance = [0] * 13
    if k and n_pool:
        for r in range(13):
            if have[r]:
                miss = _ONE
                for j in range(k):
                    miss = miss * max(0, n_pool - have[r] - j) // (n_pool - j)
                chance[r] = _ONE - miss
    seq = list(seq)
    out = []
    for c in cards:
        seq.append(c)
        now = peg(seq) * _ONE
        total = count + PIPS[c >> 2]
        replies = []
        if k and total < 31:
            for r in range(13):
                if chance[r] and total + PIPS[r] <= 31:
                    seq.append(r * 4)  # suits never score in the play
                    pts = peg(seq)
                    seq.pop()
                    if pts:
                        replies.append((pts, chance[r]))
        replies.sort(reverse=True)
        # Expected best reply: each in turn if he holds it and none better.
        risk = 0
        none_better = _ONE
        for pts, p in replies:
            risk += pts * p * none_better // _ONE
            none_better = none_better * (_ONE - p) // _ONE
        seq.pop()
        out.append(now - sign * risk + PIPS[c >> 2])
    return out


def _next_to_play(g, seat):
    """The next seat after this one that can still lay in this count (None: nobody)."""
    for k in range(1, g.players):
        s = (seat + k) % g.players
        if g.hands[s] and not g.passed & (1 << s):
            return s
    return None


def look_ahead(g, seat, cards):
    """(totals, guesses): per card, the look-ahead's points won less given to the end
    of the play, summed over the guesses at the opponent's cards."""
    from players import lookahead

    opp = 1 - seat
    k = len(g.hands[opp])
    mine = g.hands[seat]
    from rules import forget
    from players import reading

    pool, spent = reading.guess_pool(g, seat, _READ)
    forget("players.reading")
    rng = Rng((g.seed ^ (len(g.moves) * 40503)) & 0xFFFFFFFF)
    # The endgame: what each side needs, and shows after the play (pone first).
    need_me = g.target - g.scores[seat]
    need_them = g.target - g.scores[opp]
    dealer = g.dealer == seat
    show_me = score(g.kept[seat], g.starter) + (_CRIB_GUESS if dealer else 0)
    near = need_them <= _NEAR
    theirs = list(g.played[opp]) + [0] * k
    prior = PRIOR[1 if dealer else 0] if k else None  # his side: dealer if I am not
    cap = 16 * PRIOR_CAP
    totals = [0] * len(mine)
    out = [None] * len(mine)
    guess = bytearray(k)
    guesses = 0
    for _ in range(_GUESSES):
        draws = draw_kept(pool, guess, theirs, prior, cap, rng)
        lookahead.setup(mine, guess, g.seq, g.count, g.passed & (1 << opp))
        if near or need_me <= _NEAR:
            show_them = 0
            if near:
                show_them = score(theirs, g.starter) + (0 if dealer else _CRIB_GUESS)
            lookahead.endgame(need_me, need_them, show_me, show_them, not dealer)
        nodes = lookahead.values(out)
        for i in range(len(mine)):
            v = out[i]
            if v is not None:
                totals[i] += v
        guesses += 1
        # A guess costs its positions and about _SETUP more for drawing and setting it up;
        # another costs about as much as this one: stop if it would overrun.
        cost = nodes + _SETUP + (draws - 1) * _REDRAW
        spent += cost
        if spent + cost > _BUDGET or not k:
            break
    # Let the look-ahead go between cards (loaded again for the next): the heap at the
    # table keeps only what the game needs.
    forget("players.lookahead")
    return [totals[mine.index(c)] for c in cards], guesses


def draw_kept(pool, guess, theirs, prior, cap, rng):
    """A guess at his hidden cards into guess and the end of theirs (his kept four: those
    laid, then the guess), a four standing with chance prior[its score alone] / cap (any
    four if prior is None), at most _TRIES draws; returns the draws made."""
    k = len(guess)
    draws = 0
    while True:
        _draw(pool, guess, rng)
        for i in range(k):
            theirs[4 - k + i] = guess[i]
        draws += 1
        if prior is None or draws == _TRIES or rng.below(cap) < prior[min(score(theirs, None), 12)]:
            return draws


def _draw(pool, guess, rng):
    """k different cards from pool into guess (a partial shuffle of pool)."""
    n = len(pool)
    for i in range(len(guess)):
        j = i + rng.below(n - i)
        pool[i], pool[j] = pool[j], pool[i]
        guess[i] = pool[i]


def move(g, level):
    """Make the computer's move for whoever's turn it is."""
    if g.phase == DISCARD:
        s = g.turn
        cards = discard(g, s, level)
        g.discard(s, *cards)
    elif g.phase == PLAY:
        c = play(g, g.turn, level)
        if c is None:
            g.go()
        else:
            g.play(c)
    elif g.phase == SHOW:
        g.count_hand()
    else:
        raise ValueError("the game is over")
