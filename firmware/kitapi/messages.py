"""What a RuleError or a damaged log says, by code.

The core raises ``RuleError(code, *details)`` and keeps no text of its own:
the text is imported only when a message is shown, so it costs no memory
while a game is replayed, and the screens can show it in their own language.
Codes are fixed: a code's meaning never changes, new codes go at the end.
"""

EN = (
    "",
    # 1-10: the header and the game
    "the header must be a JSON object",
    "unknown header field %s",
    'not a Kitapi game log (the header needs "kitapi": 1)',
    "unknown rules %s",
    "'players' must list 3 or 4 names",
    "player names must be text of 1 to 24 characters (an emoji counts as 2)",
    "player %s is listed twice",
    "%s must be text",
    "'dealer' must be a seat from 0 to %d",
    "the game is over: no hand can follow",
    # 11-21: the logs
    "broken JSON",
    "a log line must be a JSON object",
    "the log is empty",
    'a deletion is {"delete": N} alone',
    'the end of a game is {"end": true} alone',
    "a correction names a hand number from 1 on",
    "there is no hand %d to correct yet",
    "the game has ended: nothing can follow",
    "not a Kitapi device log, or its header is damaged",
    "the header is damaged (cut short or checksum mismatch)",
    "device log version %d is not known here",
    # 22-48: the rules of a hand
    "'options' must be a JSON object",
    "unknown option %s",
    "option %s must be true or false",
    "%s must be a whole number from %d to %d",
    'option \'ten_no_trump\' must be "A" or "B"',
    'option \'four_aces\' must be {"mode": "A" or "B", "amount": N}',
    "a hand must be a JSON object",
    "unknown field %s",
    "%s is missing",
    'a passed-out hand is {"dealer": N, "pass": true}',
    'a thrown-in hand is {"dealer": N, "bidder": N, "throw": true}',
    "unknown contract %s (6S to 10N)",
    "unknown defense %s (both, alone, invite or none)",
    "'aces' must be true or false",
    "'active' belongs only to the defenses alone and invite",
    "no tricks are played when both defenders are out",
    "'tricks' must list the tricks of all %d seats",
    "no such seat in a %d-player game",
    "the dealer sits out and cannot bid in a four-player game",
    "a thrown-in hand needs the option tentative_bid",
    "10N needs the option ten_no_trump",
    "'aces' needs the option four_aces",
    "'active' must be a defender (seat %d or %d)",
    "tricks must sum to 10, not %d",
    "the dealer sits out and takes no tricks",
    "the defender who dropped out takes no tricks",
    "not a hand of these rules",
    # 49: writing
    "cannot write a %s into a game log",
    # 50-56: damage found in a device log
    "damaged at byte %d (line %d): %s; %d bytes dropped from there on",
    "the last record is cut short",
    "checksum mismatch",
    "unknown record type",
    "a hand out of sequence",
    "a malformed end record",
    "a malformed correction",
    # 57-: Russian Preferans (kitapi.rules.preferans)
    "'players' must list 2 to 4 names",
    "unknown contract %s (6S to 10N, or M for misère)",
    "'whist' must list %d of whist, pass or half",
    "a half-whist is allowed only at 6 and 7, after the other defender passed",
    "6 spades must be whisted by both defenders (Stalingrad)",
    "'open' (true or false) goes with exactly one whister, and only then",
    "'dealer_whist' needs four players and no defender whisting",
    "%s: no whisting at misère or 10 (unless option ten_whist)",
    "'whist' is missing",
    "'tricks' must be left out: the cards were not played",
    "the contract must be at least %d after an all-pass",
    "%s needs the option %s",
    "'allpass' must list the tricks of all %d seats",
    "the widow takes at most 2 tricks, and only with four players",
    "option 'stake' must be a decimal such as \"0.10\"",
    "option %s must be one of %s",
    "tricks must sum to at most 10, not %d",
    "'widow' must be A, KQ, AK or AA",
    "%s must be true",
    "%s: no other field can go with it",
    "%s belongs only to %s",
    # 78: Balkan Preferans (kitapi.rules.balkan)
    "unknown contract %s (2 to 7: 2-5 a suit, 6 Bettler, 7 no trump)",
    # 79: Prefa with a common kasa (kitapi.rules.prefa_kasa)
    'a top-up is {"topup": N} alone',
    # Préférence, Austrian, Illustrated and American (kitapi.rules.preference_at, _illustrated, _us)
    "'players' must list 3 names",
    "unknown bid %s (%s)",
    "trump %s is not allowed with bid %s",
    "nobody bid: the dealer, seat %d, is the declarer",
    "'drop' must list the seats that dropped, each once, in seat order",
    "above Preference one defender cannot drop alone",
    "'chips' must list the 3 seats' chip bids (0 a pass, at most 63), the declarer's the only highest",
    "seat %d bids %d chips but holds %d after the ante",
    # 88-91: Swedish Priffe (kitapi.rules.priffe)
    "'players' must list 4 names (Priffe is for four)",
    "unknown contract %s (play, noll, hearts, diamonds or forced)",
    'honours %s: "4", "3+1" or "3"',
    "option 'honours' must list 3 multiples of 10 from 0 to 1000 (four, three, three and one)",
    # 92-95: Russian Preferans (kitapi.rules.preferans)
    "a half-whist needs the other defender's pass, not %s",
    "no half-whist: option 'half_whist' is false",
    "the dealer plays seat %d's cards: that seat takes no tricks",
    "Rostov's all-pass has no widow: the dealer takes no tricks",
    # 96: Prefa's option nine_quota (kitapi.rules.prefa, prefa_kasa)
    'option \'nine_quota\' must be "bidder" or "dealer"',
    # 97-102: text a person typed, and lines no log holds (kitapi.game, kitapi.jsonl)
    "player names must not hold control characters or lone surrogates (U+%04X)",
    "%s must not hold control characters or lone surrogates (U+%04X)",
    "a log line is longer than %d bytes",
    "JSON nested deeper than %d levels",
    "a JSON object has a key twice",
    "not enough memory to read this line",
    # 103-105: damage found in a device log, skipped record by record (kitapi.devlog)
    "damaged at byte %d (line %d): %s; %d damaged record(s), %d bytes, skipped; every valid record kept",
    "hand %d is damaged: enter it again",
    "hand %d and %d more are damaged: enter them again",
    # 106: hands a damaged hand's absence makes the rules refuse (kitapi.replay)
    "%d later hand(s) held back from hand %d: the rules refuse them until it is entered again",
    # 107: damage found in a device log (kitapi.devlog): a record the device never writes
    "a correction of a hand not played yet (not applied)",
    # 108-110: the header (kitapi.game, kitapi.devlog): what the device can hold, names a person can read
    "%s must be text of at most %d characters",
    "the header is %d bytes: a device log's header holds at most %d",
    "player names must hold a visible character (not only spaces or invisible ones)",
    # 111: the header's tournament table (kitapi.game)
    '\'tournament\' must be {"name": text, "round": 1-999, "table": 1-999}',
)


def text(args):
    """The message of a RuleError's args ``(code, *details)``.

    A text detail that is one word (a field, an option, a value from the log) is quoted:
    ``'tricks'``.  One with a space or a quote is a phrase of the message's own (``a hand
    without 'widow'``, ``greedy, gentleman``) and goes in as it is, so quotes never nest.
    """
    msg = EN[args[0]]
    if len(args) == 1:
        return msg
    return msg % tuple([_detail(a) if type(a) is str and "%s" in msg else a for a in args[1:]])


def _detail(a):
    """A text detail: one word (a field, an option, a value from the log) quoted; a phrase of the message's
    own (with a space or a quote) as it is, so quotes never nest; either cut to ``_CUT`` characters (a
    crafted key...)."""
    if " " in a or "'" in a:
        return a if len(a) <= _CUT else a[: _CUT - 3] + "..."
    if len(a) > _CUT:
        return "'%s'..." % a[: _CUT - 3]
    return "'%s'" % a


_CUT = 40


def damage(d):
    """The line for a device log's ``damage`` tuple (kitapi.replay.replay): where, what, how much was
    skipped, and the damaged hands to enter again."""
    line = EN[103] % (d[1], d[2], EN[d[0]], d[4], d[3])
    if len(d) > 5 and d[5]:
        line += "; " + (EN[104] % d[5] if d[6] == 1 else EN[105] % (d[5], d[6] - 1))
        if len(d) > 7 and d[7]:
            line += "; " + EN[106] % (d[7], d[8])
    return line
