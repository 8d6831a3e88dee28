# Kitapi board file: Raspberry Pi Pico (RP2040) with CircuitPython.  Deployed as
# /kitapi_board.py (CircuitPython's own module "board" names the pins); main.py
# imports it and calls make().  The wiring is boards/pico.py's, pin for pin:
#
#   Pin  GPIO          Signal                      Goes to
#   ---  ------------  --------------------------  -----------------------------------
#    6   GP4           I2C0 SDA                    OLED SDA   (SSD1306 128x64, 0x3C)
#    7   GP5           I2C0 SCL                    OLED SCL
#   36   3V3(OUT)      3.3 V                       OLED VCC
#    8   GND           ground                      OLED GND
#    9   GP6           keypad row 1  (1 2 3 A)     keypad connector pin 1
#   10   GP7           keypad row 2  (4 5 6 B)     keypad connector pin 2
#   11   GP8           keypad row 3  (7 8 9 C)     keypad connector pin 3
#   12   GP9           keypad row 4  (* 0 # D)     keypad connector pin 4
#   14   GP10          keypad column 1 (1 4 7 *)   keypad connector pin 5
#   15   GP11          keypad column 2 (2 5 8 0)   keypad connector pin 6
#   16   GP12          keypad column 3 (3 6 9 #)   keypad connector pin 7
#   17   GP13          keypad column 4 (A B C D)   keypad connector pin 8
#   39   VSYS          supply in, 1.8-5.5 V        battery + through a Schottky diode
#    -   GP29 (ADC3)   VSYS/3, on the board        board.VOLTAGE_MONITOR
#
# CircuitPython's modules: busio.I2C for the display (adafruit_ssd1306, installed
# with circup), keypad.KeyMatrix for the keypad (scanned and debounced in the
# background; rows then columns, key numbers row by row), analogio.AnalogIn for
# VSYS/3.  boot.py (firmware/circuitpython/boot.py) makes the flash writable for
# the game logs.

NAME = "pico_circuitpython"
I2C_FREQ = 400_000
OLED_ADDR = 0x3C
KEY_ROWS = ("GP6", "GP7", "GP8", "GP9")  # top row first
KEY_COLS = ("GP10", "GP11", "GP12", "GP13")  # left column first
SCAN_S = 0.02  # keypad scan period
DEBOUNCE_S = 0.02
LONG_MS = 600  # long-press time

# The data folder, the clock and the device id, for kitapi.link (kitapi sync and deploy).
from kitapi.hw.board_cp import ROOT, clock, device_id, set_clock  # noqa: E402, F401


def make():
    """The ``hw`` object.  The pins are made here, not at import."""
    import adafruit_ssd1306  # type: ignore[import-not-found]  # circup install adafruit_ssd1306
    import analogio  # type: ignore[import-not-found]
    import board  # type: ignore[import-not-found]  # CircuitPython's: the pin names
    import busio  # type: ignore[import-not-found]
    import keypad  # type: ignore[import-not-found]

    from kitapi.hw.board_cp import CPHardware

    i2c = busio.I2C(board.GP5, board.GP4, frequency=I2C_FREQ)  # SCL, SDA
    display = adafruit_ssd1306.SSD1306_I2C(128, 64, i2c, addr=OLED_ADDR)
    keys = keypad.KeyMatrix(
        row_pins=[getattr(board, p) for p in KEY_ROWS],
        column_pins=[getattr(board, p) for p in KEY_COLS],
        columns_to_anodes=True,
        interval=SCAN_S,
        debounce_threshold=2,
    )
    return CPHardware(NAME, display, keys, vsys=analogio.AnalogIn(board.VOLTAGE_MONITOR), long_ms=LONG_MS)
