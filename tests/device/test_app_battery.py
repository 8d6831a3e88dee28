"""The battery on the home screen: a VSYS reading below the Pico's least (1.8 V) is no reading, not a low battery.

The pico-rig's VSYS ADC reads 0 until set, and a new box from the image said "Battery low!" on its first
game; ``kitapi doctor`` already calls such a reading "no battery reading" (its LEAST_MV).  A box running
cannot be on less than 1.8 V (the Pico datasheet: VSYS 1.8-5.5 V), so the reading is wrong, not the cells.
The simulator's ``hw.battery_mv()`` is KITAPI_SIM_BATTERY.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kitapi.app.lang_en import T
from kitapi_host.device.doctor import LEAST_MV
from testkit import SETUP, Device, lines

LOW = T[10]  # kitapi.app.home's _T_LOW_BATTERY
GAUGE = slice(128 - 14, 128)  # the gauge's columns in the title bar's page (kitapi.app.ui.UI.battery)


@pytest.mark.parametrize(
    ("mv", "gauge", "low"),
    [(0, False, False), (LEAST_MV - 1, False, False), (LEAST_MV, True, True), (3000, True, True), (3700, True, False)],
)
def test_a_reading_below_the_least_vsys_is_no_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mv: int, gauge: bool, low: bool
) -> None:
    monkeypatch.setenv("KITAPI_SIM_BATTERY", str(mv))
    dev = Device(tmp_path / "data")
    try:
        home = dev.keys(SETUP)[-1]
        frame = dev.fw.frame
    finally:
        dev.close()
    shown = lines(home)
    assert shown[0].startswith("Hand 1"), shown
    assert (LOW in shown) == low, (mv, shown)
    title = frame[GAUGE]  # the title bar's top page: one byte per column, all alike where no gauge is drawn
    assert (len(set(title)) > 1) == gauge, (mv, title.hex())
