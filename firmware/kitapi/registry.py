"""The game systems: the one list of them, read by the core, the box and the PC.

One row per rules id (the log header's "rules"), in the order of the box's
Rules menu.  Columns:

- ``id``: the rules id;
- ``family``: the systems scored and shown alike.  The box's screens of a
  family are ``kitapi.app.systems.<family>``, the PC's score sheet
  ``kitapi_host.families.<family>.sheet``;
- ``core``: the rules module, ``kitapi.rules.<core>``, whose ``CLASS`` (or
  ``CLASSES[id]`` when it scores several ids) is the system's ``Game``;
- ``label``: its name in English (the box's string tables give it in theirs,
  row by row in this order: ``SYSTEMS``).

Adding a system: a row here, its rules module, its screens, its sheet
(docs/architecture.md has the checklist, and tests/core/test_registry.py keeps it).

The table is one string split when read: on the device a string literal of 10
characters or fewer becomes a permanent interned name (a qstr), a longer one
does not.  This module is imported only when a system is looked up, and
``load`` lets it go once it has read its row.
"""


def rows():
    """Every row, in menu order: a tuple of (id, family, core, label)."""
    out = []  # type: list[tuple[str, str, str, str]]
    i = 0
    while True:
        r = row(i)
        if r is None:
            return tuple(out)
        out.append(r)
        i += 1


def row(key):
    """The row of rules id ``key``, or the ``key``-th (from 0, in menu order): (id, family, core, label);
    None for an id it does not know or a place past the end."""
    # id family core label, one space apart (a padded table would cost the device's heap 300 bytes);
    # no module-level name for it: each would be a permanent interned name on the device
    i = 0
    for line in """
prefa prefa prefa Greek Prefa
sochi preferans preferans Sochi
leningrad preferans preferans Leningrad
rostov preferans preferans Rostov
balkan preferans balkan Balkan
prefa_kasa kasa prefa_kasa Prefa kasa
preference_at pot preference_at Austrian
preference_illustrated pot preference_illustrated Illustrated
preference_us pot preference_us American
priffe priffe priffe Priffe
""".split("\n"):
        if line:
            f = line.split(None, 3)
            if f[0] == key or i == key:
                return (f[0], f[1], f[2], f[3])
            i += 1
    return None


def load(name):
    """``kitapi.rules.load`` past Prefa: the ``Game`` class of rules id ``name``, None for an id it does not
    know.  Lets this module go first: the device wants its few hundred bytes back (it is imported again
    when next needed)."""
    import sys

    from kitapi import forget

    r = row(name)
    if sys.implementation.name == "micropython":  # (on the PC threads replay at once, kitapi serve's: one
        forget("kitapi.registry")  # letting it go while another imports it breaks that import)
    if r is None:
        return None
    m = __import__("kitapi.rules." + r[2], None, None, ("CLASS",))
    classes = getattr(m, "CLASSES", None)  # a module of several ids (Sochi, Leningrad, Rostov)
    return classes[name] if classes else m.CLASS
