# kitapi.forget, the one way the box lets a module go (issue 35, item 8), under MicroPython:
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_forget_mp.py
# - a module let go is out of sys.modules and out of its package, and the heap it held comes back at the next
#   collection (here the string table of the Greek texts, kitapi.app.lang_el, some kilobytes), all but the
#   names it interned (a qstr stays for good: 416 of 6,080 bytes here);
# - a function of it that still runs keeps what it needs; the next import loads it again;
# - one not loaded: nothing happens, False; a top-level module (no package) goes too.
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
import gc
import sys

passed = 0
failed = 0


def check(cond, why):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL " + why)


def main():
    import kitapi
    import kitapi.app
    from kitapi import forget

    gc.collect()
    before = gc.mem_free()
    import kitapi.app.lang_el

    t = kitapi.app.lang_el.T
    size = len(t)
    t = None
    gc.collect()
    held = before - gc.mem_free()
    check(held > 2000, "the table holds some kilobytes (%d bytes)" % held)
    check(forget("kitapi.app.lang_el") is True, "a loaded module: True")
    check("kitapi.app.lang_el" not in sys.modules, "out of sys.modules")
    check(not hasattr(kitapi.app, "lang_el"), "out of its package")
    gc.collect()
    back = gc.mem_free() - (before - held)
    check(back > held * 9 // 10, "its heap back, but the names it interned: %d of %d bytes" % (back, held))
    check(forget("kitapi.app.lang_el") is False, "one not loaded: False")
    import kitapi.app.lang_el as again

    check(len(again.T) == size and "kitapi.app.lang_el" in sys.modules, "imported again")
    check(forget("kitapi.app.lang_el"), "and let go again")
    check(forget("kitapi.no_such_module") is False, "a name never loaded: False")

    __import__("kitapi_pack")  # (a module of no package: out of sys.modules, nothing else to leave)
    check("kitapi_pack" in sys.modules, "kitapi_pack imported")
    check(forget("kitapi_pack") and "kitapi_pack" not in sys.modules, "a top-level module")


main()
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
