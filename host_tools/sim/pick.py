"""The keys that pick a game system on the box's rules step, computed from kitapi.registry.

The rules step (kitapi.app.newgame) lists the registry's rows in order, five to a page, B the next page;
with up to ten systems the keys 1-9 and 0 pick the first to the tenth on either page. Every script
that starts a game (the typist, the bench, the tests, the screenshots) asks here instead of writing the key.
"""

from __future__ import annotations

from kitapi.registry import rows


def rules_keys(rules: str) -> str:
    """The keys, space-separated, that pick the system ``rules`` on the rules step shown first."""
    ids = [r[0] for r in rows()]
    if rules not in ids:
        raise ValueError(f"no game system {rules!r} in kitapi.registry")
    i = ids.index(rules)
    if len(ids) > 10:
        raise ValueError(f"the rules step has no key for the {i + 1}th of {len(ids)} systems")
    return str((i + 1) % 10)
