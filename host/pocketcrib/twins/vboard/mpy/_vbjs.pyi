# The board's JavaScript side (board.mjs's boardApi, registered as the VM's `_vbjs` module), for
# the type check only: the board copies only .py files into its VM.

def rtc_now() -> int: ...  # the RTC's seconds, or -1 while unset
def rtc_set(seconds: int) -> None: ...
def uid() -> str: ...  # the flash's unique id, hex
def pretend() -> str: ...  # "VERSION:MPY" the board shows as an older MicroPython, or ""
def display() -> bool: ...  # an SSD1306 answers on I2C
def poll() -> bool: ...  # the host sent Ctrl-C
def wait(ms: int) -> bool: ...  # sleep up to ms; True if the host sent Ctrl-C
def pin(gp: int, t) -> int: ...  # the level forced on pin gp in the sample stamped t (ticks_ms()), or -1
def screen() -> bool: ...  # a viewer reads the display's transfers
def i2c(addr: int, hex: str) -> None: ...
def link() -> bool: ...  # the link jack is cabled
def link_read(n: int) -> str: ...  # up to n bytes come, hex
def link_write(hex: str) -> None: ...
def reset(kind: str) -> None: ...  # "soft", "hard", "bootsel" or "exit"
