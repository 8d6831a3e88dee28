"""What CPython lacks of MicroPython's builtins, for the core's modules to run on both.

Imported only on CPython: on MicroPython ``from micropython import const``
succeeds (and the compiler folds ``const`` away), so this module is never
loaded on the device.
"""


def const(x):
    return x
