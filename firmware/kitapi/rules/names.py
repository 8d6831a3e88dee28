"""Every rules id this firmware's core scores (the PC lists them; ``kitapi.rules.load`` needs no list).

One string split at import: on the device a string literal of 10 characters or
fewer becomes a permanent interned name (a qstr), a longer one does not.
"""

NAMES = tuple(
    "prefa sochi leningrad rostov balkan prefa_kasa preference_at preference_illustrated preference_us priffe".split()
)
