"""English: every text the screens show (one module per language, the same names in each).

A screen line is 16 characters of 8x8 pixels; titles and hints must fit in 16.
"""

NAME = "English"
# Home
HAND = "Hand"
GAME_OVER = "Game over"
HINT_HOME = "1-%d bid 0 pass"  # the number of players
HINT_HOME2 = "A:log B:owe C:\u2261"
OWES = "Who owes whom"
NOBODY = "Nobody owes"
PAYS = "\u2192"  # "Babis → Anna 12"
DEALER = "D"  # the dealer's mark
ELDEST = ">"  # the eldest hand's mark (bids first)
LOW_BATTERY = "Battery low!"
# Hand wizard
BIDDER = "Bidder?"
LEVEL = "Tricks bid?"
HINT_LEVEL = "6-9, 0=10"
SUIT = "Trump?"
SUITS = ("\u2660", "\u2663", "\u2666", "\u2665", "NT")  # spades clubs diamonds hearts no trump
DEFENSE = "Defenders?"
DEFENSES = ("both in", "one alone", "invites", "both out")
ACTIVE = "Who stays in?"
TRICKS_BIDDER = "Bidder's tricks"
TRICKS_D1 = "Tricks of"
PASSED = "All passed"
THROWN = "Thrown in"
THROW_KEY = "A:throw in"
ACES_KEY = "A:4 aces"
HINT_STEP = "#ok *back"
HINT_SAVE = "#save *back"
SAVED = "Saved"
POUCH = "pouch"
CHIPS = "chips"
# Menu
MENU = "Menu"
NEW_GAME = "New game"
HISTORY = "Hands"
END_GAME = "End game"
SETTINGS = "Settings"
CONFIRM = "#yes *no"
UNDO = "Undo hand"
DELETE = "Delete hand"
HINT_HISTORY = "#edit D:delete"
# New game
RULES = "Rules?"
# the game systems, in the order of kitapi.registry's rows
SYSTEMS = ("Greek Prefa", "Sochi", "Leningrad", "Rostov", "Balkan", "Prefa kasa", "Austrian", "Illustrated",
           "American", "Priffe")  # fmt: skip
HINT_RULES = "B:more *back"
PLAYERS = "Players?"
PLAYER = "Player"
NEW_NAME = "0:new name"
TYPE_NAME = "Name:"
HINT_TYPE = "#ok *del A:abc"
POUCH_SIZE = "Pouch?"
OPTIONS = "Options"
FIRST_DEALER = "First dealer?"
START = "#start"
ON = "on"
OFF = "off"
OPTION_NAMES = ("10NT", "10s as 9s", "4 aces", "Tentative", "2 empty")
AMOUNT = "amount"  # of the four aces
# Settings
BRIGHTNESS = "Brightness"
SLEEP = "Sleep after"
LANGUAGE = "Language"
NEVER = "never"
SECONDS = "s"
MINUTES = "min"
# Errors and the end
ERROR = "Error"
RESTARTING = "restarting..."
NOT_SAVED = "NOT saved:"
SETTLE = "Settle up"
CLOSED = "Game closed"
NO_GAME = "No game"
# The multi-tap letters are the Latin ones of kitapi.app.newgame (a language with its own
# alphabet has LETTERS and CAPITALS here).
# Russian Preferans: the rules' names and the pool (the rest is in systems/preferans/lang_en.py)
POOL_SIZE = "Pool?"
REOPENED = "Reopened"  # a correction took the game's end away: hands can follow again
# the home screen's columns: Prefa's, Preferans'
MORE = ("pouch/chips", "pool/hill/whists")
# the games kept on the box (kitapi.app.games): the menus' entry
GAMES = "Games"
