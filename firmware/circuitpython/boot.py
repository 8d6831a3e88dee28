# Kitapi's boot.py for CircuitPython: runs once at power-on, before the USB drive
# appears.  It gives the firmware write access to the flash, so that every hand is
# written to its game log (CircuitPython lets only one side write: the code or the
# computer over USB).  The CIRCUITPY drive is then read-only on the computer.
#
# To get the drive back for editing files: hold * (the keypad's bottom-left key)
# while you plug the box in or switch it on.  Kitapi then cannot write its logs, and
# says so on its screen instead of showing the game.  `kitapi sync` and `kitapi deploy`
# work either way (over the serial REPL when the drive is read-only on the PC, or
# on the drive itself when it is writable).
#
# The * key is row 4 (GP9) x column 1 (GP10), as in boards/pico_circuitpython.py.

import board  # type: ignore[import-not-found]  # CircuitPython's modules
import digitalio  # type: ignore[import-not-found]
import storage  # type: ignore[import-not-found]

row = digitalio.DigitalInOut(board.GP9)
row.switch_to_output(value=False)
col = digitalio.DigitalInOut(board.GP10)
col.switch_to_input(pull=digitalio.Pull.UP)
star_held = not col.value
row.deinit()
col.deinit()

if not star_held:
    storage.remount("/", readonly=False)  # the firmware writes; the computer reads
