"""English: every text the screens show (one module per language, the same names in each).

A screen line is 16 characters of 8x8 pixels; titles and hints must fit in 16.
"""

# The texts, in the order of their names (the comment after each). A screen takes a text as
# t[_NAME], with _NAME = const(index) of its own (a const costs no interned name in the heap, an
# attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "English",  # NAME
    # Home
    "Hand",  # HAND
    "Game over",  # GAME_OVER
    "1-%d bid 0 pass",  # HINT_HOME: the number of players
    "A:log B:owe C:\u2261",  # HINT_HOME2
    "Who owes whom",  # OWES
    "Nobody owes",  # NOBODY
    "\u2192",  # PAYS: "Babis → Anna 12"
    "D",  # DEALER: the dealer's mark
    ">",  # ELDEST: the eldest hand's mark (bids first)
    "Battery low!",  # LOW_BATTERY
    # Hand wizard
    "Bidder?",  # BIDDER
    "Tricks bid?",  # LEVEL
    "6-9, 0=10",  # HINT_LEVEL
    "Trump?",  # SUIT
    ("\u2660", "\u2663", "\u2666", "\u2665", "NT"),  # SUITS: spades clubs diamonds hearts no trump
    "Defenders?",  # DEFENSE
    ("both in", "one alone", "invites", "both out"),  # DEFENSES
    "Who stays in?",  # ACTIVE
    "Bidder's tricks",  # TRICKS_BIDDER
    "Tricks of",  # TRICKS_D1
    "All passed",  # PASSED
    "Thrown in",  # THROWN
    "A:throw in",  # THROW_KEY
    "A:4 aces",  # ACES_KEY
    "#ok *back",  # HINT_STEP
    "#save *back",  # HINT_SAVE
    "Saved",  # SAVED
    "pouch",  # POUCH
    "chips",  # CHIPS
    # Menu
    "Menu",  # MENU
    "New game",  # NEW_GAME
    "Hands",  # HISTORY
    "End game",  # END_GAME
    "Settings",  # SETTINGS
    "#yes *no",  # CONFIRM
    "Undo hand",  # UNDO
    "Delete hand",  # DELETE
    "#edit D:delete",  # HINT_HISTORY
    # New game
    "Rules?",  # RULES
    # the game systems' labels, kitapi.registry's, in its order: written over () when the firmware is built
    # for the box (kitapi_host.names)
    (),  # SYSTEMS
    "B:more *back",  # HINT_RULES
    "Players?",  # PLAYERS
    "Player",  # PLAYER
    "0:new name",  # NEW_NAME
    "Name:",  # TYPE_NAME
    "#ok *del A:abc",  # HINT_TYPE
    "Pouch?",  # POUCH_SIZE
    "Options",  # OPTIONS
    "First dealer?",  # FIRST_DEALER
    "#start",  # START
    "on",  # ON
    "off",  # OFF
    ("10NT", "10s as 9s", "4 aces", "Tentative", "2 empty"),  # OPTION_NAMES
    "amount",  # AMOUNT: of the four aces
    # Settings
    "Brightness",  # BRIGHTNESS
    "Sleep after",  # SLEEP
    "Language",  # LANGUAGE
    "never",  # NEVER
    "s",  # SECONDS
    "min",  # MINUTES
    # Errors and the end
    "Error",  # ERROR
    "restarting...",  # RESTARTING
    "NOT saved:",  # NOT_SAVED
    "Settle up",  # SETTLE
    "Game closed",  # CLOSED
    "No game",  # NO_GAME
    # The multi-tap letters are the Latin ones of kitapi.app.newgame (a language with its own
    # alphabet has LETTERS and CAPITALS here).
    # Russian Preferans: the rules' names and the pool (the rest is in systems/preferans/lang_en.py)
    "Pool?",  # POOL_SIZE
    "Reopened",  # REOPENED: a correction took the game's end away: hands can follow again
    # the home screen's columns: Prefa's, Preferans'
    ("pouch/chips", "pool/hill/whists"),  # MORE
    # the games kept on the box (kitapi.app.games): the menus' entry
    "Games",  # GAMES
    None,  # LETTERS: the Latin letters (kitapi.app.newgame)
    None,  # CAPITALS: the Latin letters (kitapi.app.newgame)
    "0:new B:more",  # NEW_NAME_MORE: the names saved, a page of them: 0 a new one, B the next page
    # helper W
    "%s %s shared: %s each",  # SHARED: the kasa or the pot left, shared equally (who owes whom)
    # helper K
    "?",  # QUESTION: the language's question mark (Greek ";"), put for "?" by kitapi.app.ui
)
