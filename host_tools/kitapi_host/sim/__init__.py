"""The simulator: the firmware in MicroPython's unix port (``firmware``), the screen's pictures (``screen``),
the simulated box on a pty (``device``) and the typist that keys in a log (``typist``)."""
