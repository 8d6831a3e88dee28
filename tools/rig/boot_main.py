# The pico-rig's boot timing (tools/rig/boot.py puts it on the emulated Pico as /main.py for one boot): main.py's
# steps with time.ticks_us() (from the power-on), printed once the home screen is sent: the kept home frame
# (kitapi.app.kept, as kitapi.app.run shows it) and the app's own first frame.  Never part of a deploy.
import time

t0 = time.ticks_us()
import gc  # noqa: E402

gc.collect()
with open("kitapi_pack.mpy", "rb") as f:  # main.py's check of the loader (its crc32 trailer), then the mount
    b = f.read()
from ubinascii import crc32  # noqa: E402

if b[-4:] != b"KPL2" or crc32(memoryview(b)[:-8]) != int.from_bytes(b[-8:-4], "little"):
    raise SystemExit("kitapi_pack.mpy damaged")
b = None
tl = time.ticks_us()
import kitapi_pack  # noqa: E402

kitapi_pack.mount()
tp = time.ticks_us()
import board  # noqa: E402

t1 = time.ticks_us()
hw = board.make()
t2 = time.ticks_us()
try:  # kitapi.app.run's first step: the home frame kept, where there is one (kitapi.app.kept)
    open("/data/home").close()
    k = __import__("kitapi.app.kept", None, None, "x").show(hw)
except OSError:
    k = False
tk = time.ticks_us()
from kitapi.app.main import App  # noqa: E402

t3 = time.ticks_us()
app = App(hw)
t4 = time.ticks_us()
s = app.first_screen()
t5 = time.ticks_us()
app.ui.clear()
s.draw(app.ui)
t6 = time.ticks_us()
app.ui.show()
t7 = time.ticks_us()
print(  # (%: the rig's MicroPython runs it)
    "BT main.py starts %d; loader check %d; kitapi_pack.mount %d; import board %d; board.make %d; "  # noqa: UP031
    "kept frame %d (%s at %d); import App %d; App() %d; "
    "first_screen %d; draw %d; show %d; total %d us"
    % (
        t0,
        tl - t0,
        tp - tl,
        t1 - tp,
        t2 - t1,
        tk - t2,
        "shown" if k else "not shown",
        tk,
        t3 - tk,
        t4 - t3,
        t5 - t4,
        t6 - t5,
        t7 - t6,
        t7,
    )
)
