# Whole games played by a policy: the demo mode, the computer's own hand and
# the statistics in `make bench`. A game is fixed by (variant, seed, policy):
# the random policy draws from its own generator seeded from the deal's seed.
from players import advisor
from rules.solitaires import new
from rules.rng import Rng

# "random": any two cards; the others as in advisor.POLICIES.
POLICIES = ("random",) + advisor.POLICIES

# Mixed into the seed so the random policy's choices are not the deal's own stream.
_RANDOM_SALT = 0x5A17C0DE


def chooser(policy, seed=0):
    """A function game -> (a, b) making the policy's discards."""
    if policy == "random":
        rng = Rng((seed ^ _RANDOM_SALT) & 0xFFFFFFFF)

        def pick(game):
            hand = game.pending
            i = rng.below(6)
            j = rng.below(5)
            if j >= i:
                j += 1
            return hand[i], hand[j]

        return pick
    if policy not in advisor.POLICIES:
        raise ValueError("unknown policy %r (one of: %s)" % (policy, ", ".join(POLICIES)))

    def best(game):
        return advisor.best_discard(game, policy)

    return best


def play(variant, seed, policy="advisor"):
    """A finished game of the variant dealt from the seed, every discard the policy's."""
    game = new(variant, seed)
    pick = chooser(policy, seed)
    while game.pending is not None:
        a, b = pick(game)
        game.discard(a, b)
    return game


def step(game, pick):
    """Make one discard with pick (for a demo that shows each deal); False once over."""
    if game.pending is None:
        return False
    a, b = pick(game)
    game.discard(a, b)
    return True
