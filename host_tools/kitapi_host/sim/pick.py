"""The keys that pick a game system on the box's rules step, computed from kitapi.registry.

The rules step (kitapi.app.newgame) lists the registry's rows in order, five to a page, B the next page
(after the last the first). With ten systems or fewer the keys 1-9 and 0 pick the first to the tenth on
either page, as players learnt them; with more, 1-5 pick one of the page shown, so a system on the third
page is ``B B`` and its place there. Every script that starts a game (the typist, the bench, the tests, the
screenshots) asks here instead of writing the key.
"""

from __future__ import annotations

from kitapi.registry import rows

PAGE = 5  # systems on a page of the rules step (kitapi.app.newgame._PAGE)


def rules_keys(rules: str) -> str:
    """The keys, space-separated, that pick the system ``rules`` on the rules step shown first."""
    ids = [r[0] for r in rows()]
    if rules not in ids:
        raise ValueError(f"no game system {rules!r} in kitapi.registry")
    i = ids.index(rules)
    if len(ids) <= 10:
        return str((i + 1) % 10)
    return " ".join(["B"] * (i // PAGE) + [str(i % PAGE + 1)])
