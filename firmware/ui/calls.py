# Counting a hand aloud, the way players call it:
# "fifteen two, fifteen four, and a pair is six".
from rules.score import breakdown

# The variants' short names (by kind) and the names of the counted items.
SHORT = ("Solitaire", "Patience", "Patience II")
LABELS = {"hand": "Hand", "hand2": "Second hand", "crib": "Crib", "last": "Last four",
          "heels": "His heels"}

NUMBERS = (
    "nothing", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three",
    "twenty-four", "twenty-five", "twenty-six", "twenty-seven", "twenty-eight",
    "twenty-nine",
)


def number(n):
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def item_name(label, cards, points):
    """What a player says for one scoring item (before "is <total>")."""
    if label == "pair":
        return "a pair"
    if label == "run":
        return "a run of " + number(points)
    if label == "flush":
        return "a flush of " + number(len(cards))
    if label == "nobs":
        return "one for his nobs"
    return label  # "pair royal", "double pair royal"


def calls(items):
    """One call per scoring item with the running total, in counting order.

    items: (label, cards, points) as rules.score.breakdown gives them. Fifteens
    are called "fifteen two", "fifteen four", ...; the rest "<item> is <total>",
    the last of several with "and". A hand with nothing is "nineteen" (the
    score no hand can make: the old joke for none).
    """
    out = []
    total = 0
    last = len(items) - 1
    for i, (label, cards, points) in enumerate(items):
        total += points
        if label == "fifteen":
            out.append("fifteen " + number(total))
        else:
            s = item_name(label, cards, points) + " is " + number(total)
            out.append("and " + s if i == last and i > 0 else s)
    if not out:
        out.append("nineteen: nothing")
    return out


def count_calls(cards, starter, crib=False):
    """The breakdown of a hand and its calls: (items, calls)."""
    items = breakdown(cards, starter, crib)
    return items, calls(items)


def sentence(items):
    """All the calls as one sentence: "fifteen two, fifteen four, and a pair is six"."""
    return ", ".join(calls(items))
