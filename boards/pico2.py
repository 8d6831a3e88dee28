# Kitapi board file: Raspberry Pi Pico 2 (RP2350).  Copied to the device as /board.py;
# main.py does `import board` and `board.make()`.  Every pin and bus setting of the
# firmware is here (docs/firmware.md, "The board file").
#
# Wiring.  "Pin" is the physical pin of the Pico's 40-pin header.
#
#   Pin  GPIO          Signal                      Goes to
#   ---  ------------  --------------------------  -----------------------------------
#    6   GP4           I2C0 SDA                    OLED SDA   (SSD1306 128x64, 0x3C)
#    7   GP5           I2C0 SCL                    OLED SCL
#   36   3V3(OUT)      3.3 V                       OLED VCC
#    8   GND           ground                      OLED GND
#    9   GP6           keypad row 1  (1 2 3 A)     keypad connector pin 1 *
#   10   GP7           keypad row 2  (4 5 6 B)     keypad connector pin 2
#   11   GP8           keypad row 3  (7 8 9 C)     keypad connector pin 3
#   12   GP9           keypad row 4  (* 0 # D)     keypad connector pin 4
#   14   GP10          keypad column 1 (1 4 7 *)   keypad connector pin 5
#   15   GP11          keypad column 2 (2 5 8 0)   keypad connector pin 6
#   16   GP12          keypad column 3 (3 6 9 #)   keypad connector pin 7
#   17   GP13          keypad column 4 (A B C D)   keypad connector pin 8
#   39   VSYS          supply in, 1.8-5.5 V        battery + through a Schottky diode **
#   38   GND           ground                      battery -
#    -   GP29 (ADC3)   VSYS/3, on the board        (battery voltage; nothing to wire)
#    -   GP24          VBUS sense, on the board    (USB power present; nothing to wire)
#
#   *  The usual 8-pin 4x4 membrane keypad has the 4 rows then the 4 columns, left to
#      right with the keys facing you; check yours by pressing 1 (row 1, column 1).
#   ** 3xAA (NiMH or alkaline) or a LiPo cell.  The Pico 2 datasheet ("Powering Pico 2")
#      ORs a battery with USB through a Schottky diode into VSYS, so that USB power
#      cannot feed the battery; the battery reading is then VSYS, a diode drop below
#      the cells.
#
# Electrical notes: the rows are open-drain outputs (driven low one at a time,
# released otherwise), so two keys pressed in one column never join a row driven
# high to a row driven low; the columns are inputs with the internal pull-ups.  The
# OLED module normally has its own I2C pull-ups; the rp2 I2C driver also enables
# the internal ones.
#
# What differs from the Pico: nothing in the wiring or in this file but the name.
# The Pico 2 keeps the Pico's pinout and board functions (GP24 VBUS sense, GP29 =
# ADC3 = VSYS/3, GP4/GP5 on I2C0), and MicroPython's rp2 port runs both chips,
# machine.lightsleep included (ports/rp2/modmachine.c has its RP2350 branches).
# The RP2350 A2 erratum E9 (a Bank 0 pad with its input enabled and left floating
# between the logic levels can leak and hold at about 2.2 V; "The pad pull-up still
# works") does not touch Kitapi: the keypad columns use pull-ups; a row is driven
# low except while a scan that found a key down releases it (for well under a
# millisecond), and a leaking pad would hold it high, which no column reads as a
# key; ADC(Pin(29)) configures its pad with adc_gpio_init, which turns the input
# buffer off.

from micropython import const
from umachine import ADC, I2C, Pin  # (by its u name: "machine" is looked for on the flash first)

# The data folder, the clock and the device id, for kitapi.link (kitapi sync and deploy).
from kitapi.hw.board_rp2 import ROOT, clock, device_id, set_clock  # noqa: F401

NAME = "pico2"
I2C_ID = const(0)  # I2C0: GP4/GP5 are one of its pin pairs
I2C_SDA = const(4)
I2C_SCL = const(5)
I2C_FREQ = const(400_000)
OLED_ADDR = const(0x3C)
KEY_ROWS = (6, 7, 8, 9)  # GP6-GP9, top row first
KEY_COLS = (10, 11, 12, 13)  # GP10-GP13, left column first
VSYS_ADC = const(29)  # GP29 = ADC3 = VSYS/3
VBUS_SENSE = const(24)  # GP24: high while USB power is present
SCAN_MS = const(5)  # keypad scan period (a press that acts at once counts at its first scan)
LONG_MS = const(600)  # long-press time
POLL_MS = const(250)  # the keypad read at least this often while the CPU lightsleeps: a key's edge ends a lightsleep
# on the Pico (micropython#7035, the pico-rig), not verified on the RP2350 (hardware/power.md, section 8)


def make():
    """The ``hw`` object.  The pins are made here, not at import."""
    from kitapi.hw.board_rp2 import RP2Hardware

    return RP2Hardware(
        NAME,
        I2C(I2C_ID, sda=Pin(I2C_SDA), scl=Pin(I2C_SCL), freq=I2C_FREQ),
        OLED_ADDR,
        [Pin(p, Pin.OPEN_DRAIN, value=1) for p in KEY_ROWS],
        [Pin(p, Pin.IN, Pin.PULL_UP) for p in KEY_COLS],
        vsys_adc=ADC(Pin(VSYS_ADC)),
        vbus=Pin(VBUS_SENSE, Pin.IN),
        scan_ms=SCAN_MS,
        long_ms=LONG_MS,
        poll_ms=POLL_MS,
    )
