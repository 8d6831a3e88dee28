"""The hands list's own words (kitapi.app.history): restore, its key, the page keys, going to a hand."""

WORDS = ("Επαναφορά", "D:επαναφορά", "A/B:σελ C:μετάβ", "Μετάβαση")
