"""The hands list's own words (kitapi.app.history): restore, its key, the page keys, going to a hand."""

WORDS = ("Restore", "D:restore", "A/B:page C:go to", "Go to")
