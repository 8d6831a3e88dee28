"""Every rules id this firmware's core scores (the PC lists them; ``kitapi.rules.load`` needs no list)."""

NAMES = (
    "prefa",
    "sochi",
    "leningrad",
    "rostov",
    "balkan",
    "prefa_kasa",
    "preference_at",
    "preference_illustrated",
    "preference_us",
    "priffe",
)
