"""Numbers in the host tool's sentences: "1 game", "2 games"."""


def counted(n, noun, plural=None):
    """n and the noun, singular for exactly one."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
