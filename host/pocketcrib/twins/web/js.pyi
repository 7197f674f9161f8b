# The page's JavaScript globals the board twin calls (page.js), for the type check only.

def pocketcribDate() -> str: ...  # "YYYY-MM-DD" from the browser's clock
def pocketcribRandom16() -> int: ...  # 16 random bits from crypto.getRandomValues
def pocketcribBeep(freq: int, ms: int) -> None: ...
