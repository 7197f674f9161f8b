# The Pico: the only module that imports `machine`. Builds the display and
# the keys from the pin map (pins.py) and offers the few hardware verbs the
# app needs: beep, battery, unique id, random seeds, naps and the safe-boot check.
import os
import time
from binascii import hexlify

import machine
import pins
from drivers.buttons import Buttons
from drivers.ssd1306 import SSD1306
from micropython import const

_VBUS = const(24)  # reads high while USB power is present (Pico, not Pico W)


def safe_boot_requested():
    """True if B is held now (checked a few times, so a glitch is not a hold)."""
    pin = machine.Pin(pins.BTN_B, machine.Pin.IN, machine.Pin.PULL_UP)
    time.sleep_ms(2)  # let the pull-up charge the line
    for _ in range(5):
        if pin.value():
            return False
        time.sleep_ms(10)
    return True


def unique_id():
    """The RP2040 flash chip's unique id as lowercase hex."""
    return hexlify(machine.unique_id()).decode()


class Board:
    def __init__(self, fast_i2c=False):
        self.i2c = machine.I2C(pins.I2C_ID, sda=machine.Pin(pins.SDA), scl=machine.Pin(pins.SCL),
                               freq=pins.I2C_FREQ_FAST if fast_i2c else pins.I2C_FREQ)
        # Raises OSError (ENODEV/EIO) if no display answers: main.py reports it.
        self.display = SSD1306(self.i2c, pins.OLED_ADDR, pins.OLED_WIDTH, pins.OLED_HEIGHT)
        self.keys = Buttons()
        self._pins = tuple(machine.Pin(g, machine.Pin.IN, machine.Pin.PULL_UP)
                           for g in pins.BUTTON_PINS)
        self._vbus = machine.Pin(_VBUS, machine.Pin.IN)
        self._timer = None
        self._sampling = 0
        self._sample = self._tick  # bound once: the timer must not allocate per call
        self._pwm = None
        if pins.PIEZO is not None:
            self._pwm = machine.PWM(machine.Pin(pins.PIEZO))
            self._pwm.duty_u16(0)
        self._adc = machine.ADC(pins.BATTERY_ADC) if pins.BATTERY_ADC is not None else None
        self.keys.update(time.ticks_ms(), self.pressed())

    def set_i2c_speed(self, fast):
        self.i2c.init(scl=machine.Pin(pins.SCL), sda=machine.Pin(pins.SDA),
                      freq=pins.I2C_FREQ_FAST if fast else pins.I2C_FREQ)

    # Keys

    def pressed(self):
        """The mask of buttons held now (bit order as in drivers.buttons)."""
        mask = 0
        bit = 1
        for pin in self._pins:
            if not pin.value():
                mask |= bit
            bit <<= 1
        return mask

    def poll(self):
        """Sample the buttons once into the event queue (when no timer is sampling)."""
        self.keys.update(time.ticks_ms(), self.pressed())

    def _tick(self, _timer):
        self.keys.update(time.ticks_ms(), self.pressed())

    def start_sampling(self, period_ms=5):
        """Sample the buttons from a soft timer, so presses latch even during a long draw."""
        if self._timer is None:
            self._timer = machine.Timer(-1)
        self._timer.init(mode=machine.Timer.PERIODIC, period=period_ms, callback=self._sample)
        self._sampling = period_ms

    def stop_sampling(self):
        if self._timer is not None:
            self._timer.deinit()
        self._sampling = 0

    # Time and power

    def ticks_ms(self):
        return time.ticks_ms()

    def sleep_ms(self, ms):
        time.sleep_ms(ms)

    def date(self):
        """Today as "YYYY-MM-DD", or None while the clock is unset (the RTC starts
        in 2021 at power-up; the host tool sets it when it connects)."""
        y, m, d = machine.RTC().datetime()[:3]
        return "%04d-%02d-%02d" % (y, m, d) if y >= 2025 else None

    def random32(self):
        """32 random bits for a new game's seed: os.urandom, which the RP2040 port
        draws from the chip's ring oscillator; None on a port without it."""
        urandom = getattr(os, "urandom", None)
        if urandom is None:
            return None
        return int.from_bytes(urandom(4), "big")

    def on_usb(self):
        return self._vbus.value() == 1

    def nap(self, ms):
        """Sleep ms between polls: light sleep on battery; plain sleep on USB,
        where light sleep would drop the serial connection."""
        if self.on_usb():
            time.sleep_ms(ms)
            return
        try:
            machine.lightsleep(ms)
        except (OSError, ValueError):
            time.sleep_ms(ms)

    def sleep_until_key(self, max_ms=0, step_ms=50):
        """With the screen off: nap until any button is held (or max_ms, 0 = forever).

        The press that wakes only wakes: it gives no key event. Returns True
        if a button woke it.
        """
        sampling = self._sampling
        self.stop_sampling()
        waited = 0
        while not self.pressed():
            if max_ms and waited >= max_ms:
                break
            self.nap(step_ms)
            waited += step_ms
        woke = self.pressed() != 0
        self.keys.reset()
        self.keys.update(time.ticks_ms(), self.pressed())
        if sampling:
            self.start_sampling(sampling)
        return woke

    # Sound and battery (optional parts)

    def beep(self, freq=2000, ms=20):
        pwm = self._pwm
        if pwm is None:
            return
        pwm.freq(freq)
        pwm.duty_u16(32768)
        time.sleep_ms(ms)
        pwm.duty_u16(0)

    def battery_volts(self):
        """The battery voltage, or None without a battery sense pin."""
        if self._adc is None:
            return None
        return self._adc.read_u16() * 3.3 * pins.BATTERY_DIVIDER / 65535

    def battery_percent(self):
        v = self.battery_volts()
        if v is None:
            return None
        full = pins.BATTERY_FULL_V
        empty = pins.BATTERY_EMPTY_V
        p = int((v - empty) * 100 / (full - empty))
        return 0 if p < 0 else 100 if p > 100 else p

    def unique_id(self):
        return unique_id()

    # The link jack (docs/link.md)

    def open_link(self):
        """The link jack's UART, non-blocking (read() None when nothing came), opened only
        when a linked game is chosen; None when pins.py fits no jack (or predates it)."""
        tx = getattr(pins, "LINK_TX", None)
        if tx is None:
            return None
        # The pull-up first (the UART leaves pulls alone): with no cable in, RX idles
        # high instead of floating, so an empty jack reads as silence, not noise.
        rx = machine.Pin(pins.LINK_RX, machine.Pin.IN, machine.Pin.PULL_UP)
        return machine.UART(pins.LINK_UART_ID, baudrate=pins.LINK_BAUD, tx=machine.Pin(tx), rx=rx,
                            timeout=0, rxbuf=512)
