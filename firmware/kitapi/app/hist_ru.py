"""The hands list's own words (kitapi.app.history): restore, its key, the page keys, going to a hand."""

WORDS = ("Вернуть", "D:вернуть", "A/B:стр. C:к №", "К раздаче")
