"""The typist and the generator by family (kitapi_host.sim.typist, kitapi_host.logs.gen): every system of
kitapi.registry has them through its family's PC module, a generated game of each types through the
simulator into the log it came from, and the bench types every system."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

import kitapi_host.families as families
from kitapi.game import new_game
from kitapi.registry import row, rows
from kitapi_host.bench import device as bench_device
from kitapi_host.families import family
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from testkit import Device, device_log

SYSTEMS = [r[0] for r in rows()]

# sha256 (first 16 hex digits) of the JSON Lines logs of seeds 1-3 of each case, as the generator wrote them
# before it moved into the family modules: a seed is the same game for as long as tests and figures use it
_GOLDEN: dict[str, tuple[str, int | None, dict[str, Any]]] = {
    "8441fb1396fd336d": ("prefa", 3, {"pouch": 40}),
    "690dbb5959d2b334": ("sochi", 3, {"pool": 20}),
    "60902bec5c85b874": ("leningrad", 4, {"pool": 20}),
    "f23168db215d946d": ("rostov", 4, {"pool": 20, "source": "variants"}),
    "eb7aef406f7076cd": ("prefa_kasa", 3, {"kasa": 300, "topup_below": 50}),
    "7e0b2eb1c8a5da96": ("priffe", None, {}),
    "79ffe520ef2872b1": ("preference_at", None, {"chips": 300}),
    "da328576f68dc3cc": ("preference_illustrated", None, {"chips": 300}),
    "7e1070f245f8d9cc": ("preference_us", None, {"chips": 300}),
}


@pytest.mark.parametrize("rules", SYSTEMS)
def test_every_system_has_its_family_typist_and_generator(rules: str) -> None:
    fam = families.typist_family(rules)
    assert fam is family(rules)
    for name in families.MEMBERS:
        assert hasattr(fam, name), name
    hdr, hands = gen.generate(rules, 5, 30)
    assert hdr["rules"] == rules and 0 < len(hands) <= 30
    assert (hdr, hands) == gen.generate(rules, 5, 30)  # the same seed, the same game
    g = new_game(hdr)
    for h in hands:
        keys = typist.hand_keys(g, h)
        assert keys.endswith("#") and typist.presses(keys) >= 2
        g.play(typist.device_form(g, h))


@pytest.mark.parametrize(("digest", "case"), list(_GOLDEN.items()), ids=[c[0] for c in _GOLDEN.values()])
def test_a_seed_is_the_same_game_as_before(tmp_path: Path, digest: str, case: tuple[str, int | None, dict]) -> None:
    rules, players, options = case
    h = hashlib.sha256()
    for seed in (1, 2, 3):
        hdr, hs = gen.generate(rules, seed, 200, players, **options)
        gen.write_jsonl(tmp_path / "g.jsonl", hdr, hs)
        h.update((tmp_path / "g.jsonl").read_bytes())
    assert h.hexdigest()[:16] == digest


def test_a_rules_id_or_family_without_a_module_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match=r"^no game system 'euchre' in kitapi.registry$"):
        gen.generate("euchre", 1, 10)
    extra = ("euchre", "trick", "euchre", "Euchre")
    monkeypatch.setattr(families, "row", lambda r: extra if r == "euchre" else row(r))
    with pytest.raises(ValueError, match=r"^the family 'trick' of 'euchre' has no module kitapi_host.families.trick$"):
        typist.script("euchre", 1, 10)
    monkeypatch.setattr(families, "MEMBERS", (*families.MEMBERS, "deal_cards"))
    with pytest.raises(ValueError, match=r"^kitapi_host.families.prefa lacks deal_cards$"):
        gen.generate("prefa", 1, 10)


def test_the_bench_has_every_system_and_refuses_a_family_without_a_typist(monkeypatch: pytest.MonkeyPatch) -> None:
    assert bench_device.systems() == tuple(SYSTEMS)
    extra = ("euchre", "trick", "euchre", "Euchre")
    monkeypatch.setattr(bench_device, "rows", lambda: (*rows(), extra))
    monkeypatch.setattr(families, "row", lambda r: extra if r == "euchre" else row(r))
    with pytest.raises(SystemExit, match=r"^kitapi bench: the family 'trick' of 'euchre' has no module "):
        bench_device.systems()
    with pytest.raises(ValueError):
        bench_device.script_of("euchre")


@pytest.mark.parametrize("rules", SYSTEMS)
def test_a_generated_game_of_every_system_types_through_the_simulator(tmp_path: Path, rules: str) -> None:
    """The bench's game of the system (its setup from the registry's key, 12 hands) typed into the
    firmware: the log holds each hand as the device writes it."""
    setup, keys = typist.script(rules, 7, 12)
    fam = families.typist_family(rules)
    hdr, hands = gen.generate(rules, 7, 12, None, **fam.BENCH)
    g = new_game(hdr)
    written = []
    for h in hands:
        d = typist.device_form(g, h)
        g.play(d)
        written.append(d)
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup)
    dev.keys(" ".join(keys))
    dev.close()
    log, _ = device_log(tmp_path / "data", tmp_path)
    assert json.loads(log[0])["rules"] == rules and len(log) == 1 + len(hands) == 13
    expect = tmp_path / "expect.jsonl"
    gen.write_jsonl(expect, hdr, written)
    assert log[1:] == expect.read_text().splitlines()[1:]


def test_the_bench_types_every_system_into_the_firmware() -> None:
    """``kitapi bench``'s device part at its smallest: each system's scripted game, 8 hands, in 96 KB."""
    for rules in bench_device.systems():
        heaps = bench_device.run_game("96K", bench_device.script_of(rules, 8), measure=True)
        assert heaps is not None and len(heaps) == 9, rules


def test_gen_and_typist_name_no_system() -> None:
    """The typist, the generator, the bench and the rig ask the family modules and the registry: no rules id
    is compared or written there (the bench's Prefa-only measurements aside: the core's replay and drawing)."""
    root = Path(__file__).resolve().parents[2]
    ids = "|".join(sorted(SYSTEMS, key=len, reverse=True))
    files = ["host_tools/kitapi_host/sim/typist.py", "host_tools/kitapi_host/logs/gen.py",
             "host_tools/kitapi_host/bench/device.py",
             "tools/rig/rig.py", "tools/rig/heap.py", "tools/rig/boot.py", "tools/rig/latency.py"]  # fmt: skip
    found = {}
    for f in files:
        text = re.sub(r'_DRAW = """.*?"""', "", (root / f).read_text(), flags=re.S)  # (Prefa's screens, timed)
        hits = re.findall(rf"""["']({ids})["']""", text)
        if hits:
            found[f] = hits
    assert found == {}


def test_the_bench_counts_the_commonest_hands_as_before() -> None:
    """The bench's key-press figures (README) come out as they did before the typist went by family; a
    system that does not take its family's commonest hand (Balkan's numbered contracts) has none."""
    assert bench_device.key_presses("prefa") == (7, 7, pytest.approx(6.2895))
    assert bench_device.key_presses("sochi") == (6, 5, pytest.approx(5.4275))
    assert bench_device.commonest_keys("prefa_kasa") == "261####"
    assert bench_device.commonest_keys("balkan") is None and bench_device.key_presses("balkan") is None


def test_the_bench_times_a_boot_from_a_checkpoint() -> None:
    """``boot_work``: the boot after a checkpoint replays only the hands typed since (a boot with no ckpt file
    does not read one: the bench's script no longer counts on it)."""
    for tail in (4, 15):
        replayed, ms, full = bench_device.boot_work(100, tail)
        assert replayed == tail and 0 < ms and 0 < full


def test_the_bench_stops_in_one_line_when_the_firmware_does_not_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key the firmware has not answered within KEY_TIMEOUT (here a millisecond: no firmware is that
    quick to start) stops the bench with one line: not a traceback, and not a heap taken as too small."""
    monkeypatch.setattr(bench_device, "KEY_TIMEOUT", 0.001)
    with pytest.raises(SystemExit, match=r"^kitapi bench: the firmware in 96K took over 0.001 s for one key"):
        bench_device.run_game("96K", bench_device.script_of(SYSTEMS[0], 2))
