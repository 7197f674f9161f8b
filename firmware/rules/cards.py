# Cards are small ints 0..51: card = rank * 4 + suit.
# Rank 0 is the ace, 12 the king; suits are clubs, diamonds, hearts, spades.
from micropython import const

ACE = const(0)
JACK = const(10)
KING = const(12)
CLUBS = const(0)
DIAMONDS = const(1)
HEARTS = const(2)
SPADES = const(3)

RANKS = "A23456789TJQK"
SUITS = "CDHS"

# Counting value of each rank: ace 1, pips at face value, court cards 10.
PIPS = b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0a\x0a\x0a"


def rank(card):
    return card >> 2


def suit(card):
    return card & 3


def pip(card):
    """Counting value of a card: ace 1 ... ten and court cards 10."""
    return PIPS[card >> 2]


def make_card(rank, suit):
    return rank * 4 + suit


def card_name(card):
    """Two-letter name such as "TD" (ten of diamonds) or "AS"."""
    if not 0 <= card < 52:
        raise ValueError("no such card: %r" % (card,))
    return RANKS[card >> 2] + SUITS[card & 3]


def named(card):
    """card_name(card), or repr() of what is no card (for the message of a bad move)."""
    try:
        return card_name(card)
    except (ValueError, TypeError):
        return repr(card)


def parse_card(text):
    """Card int from a name such as "TD", "10d" or "as"; the inverse of card_name."""
    t = text.strip().upper()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError("not a card name: %r" % (text,))
    return RANKS.index(t[0]) * 4 + SUITS.index(t[1])


def cards_name(cards):
    """Space-separated names, for messages and logs."""
    return " ".join(card_name(c) for c in cards)


def parse_cards(text):
    return tuple(parse_card(t) for t in text.split())
