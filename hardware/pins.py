# Pocket Crib pin map: the one place to change a pin.
#
# The firmware does `import pins`; `make flash` copies this file to the board
# as /pins.py. GP numbers are the Pico's GPIO numbers, not its physical pins
# (the physical pin is in each comment; wiring.svg shows the same).
from micropython import const

# Display: SSD1306 128x64 on I2C0.
I2C_ID = const(0)
SDA = const(4)  # GP4, physical pin 6
SCL = const(5)  # GP5, physical pin 7
OLED_ADDR = const(0x3C)  # some modules are strapped to 0x3D
OLED_WIDTH = const(128)
OLED_HEIGHT = const(64)
I2C_FREQ = const(400000)  # standard fast mode: works with any wiring
I2C_FREQ_FAST = const(1000000)  # fast mode plus: short wires only (the "fast_i2c" setting)

# Buttons: active low, each between its GP and GND, internal pull-ups on.
# BUTTON_PINS is in the order of the key bits in drivers/buttons.py:
# UP, DOWN, LEFT, RIGHT, A, B.
BTN_UP = const(10)  # physical pin 14
BTN_DOWN = const(11)  # physical pin 15
BTN_LEFT = const(12)  # physical pin 16
BTN_RIGHT = const(13)  # physical pin 17
BTN_A = const(14)  # physical pin 19
BTN_B = const(15)  # physical pin 20 (hold at power-up for safe boot)
BUTTON_PINS = (BTN_UP, BTN_DOWN, BTN_LEFT, BTN_RIGHT, BTN_A, BTN_B)

# Optional parts: set to None when not fitted.
PIEZO = 16  # GP16, physical pin 21: PWM slice 0 A, to a passive piezo's + lead
# The Pico's own VSYS/3 divider on GP29 (ADC3): reads the battery through
# VSYS with no extra parts. None turns the battery gauge off.
BATTERY_ADC = 29
BATTERY_DIVIDER = 3
BATTERY_FULL_V = 4.1  # a LiPo cell; use 4.5 for three AAA cells
BATTERY_EMPTY_V = 3.3

# The link jack (optional, issue 28): two devices joined by a crossed three-wire
# cable play one game. UART0 on GP0/GP1, whose neighbour (physical pin 3) is a
# GND: the jack's three wires go to three pins side by side. Nothing opens the
# UART until a linked game is chosen, so a device without the jack is unchanged.
# LINK_TX = None when no jack is fitted (the menu then offers no linked game).
LINK_UART_ID = const(0)
LINK_TX = 0  # GP0, physical pin 1: to the jack's tip, through 1 kOhm
LINK_RX = 1  # GP1, physical pin 2: from the jack's ring, through 1 kOhm; pull-up on
LINK_BAUD = const(115200)
