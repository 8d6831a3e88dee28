"""A name as the archive compares names: Unicode NFC, for the letters of the box's languages.

A name typed on the box is precomposed (the name keys give ά, not α + U+0301); one that came into the names kept
from elsewhere may not be ("Νίκος" with a combining tonos).  The archive takes the two for one player
(kitapi_host.archive.values.nfc) and refuses a game naming him twice: the new-game wizard seats a name in NFC
(kitapi.app.newgame: ``NewGame.add_player``), refusing him as taken, and the header names each player in the
archive's form.  Imported only for a name with a combining mark or a character NFC replaces, and let go.

Named ``name`` (the module and its function): a name interned already.  Every game's heap holds the interned
names for good, and in some games one more would double their pool (tests/device/test_app_legend.py).
"""

# base, combining mark, the letter NFC makes of them: 3 characters each (generated with CPython's unicodedata;
# tests/core/test_nfc.py checks them against it)
_PAIRS = (
    "A\u0300ÀA\u0301ÁA\u0302ÂA\u0303ÃA\u0308ÄA\u030aÅC\u0327ÇE\u0300ÈE\u0301ÉE\u0302ÊE\u0308ËI\u0300Ì"
    "I\u0301ÍI\u0302ÎI\u0308ÏN\u0303ÑO\u0300ÒO\u0301ÓO\u0302ÔO\u0303ÕO\u0308ÖU\u0300ÙU\u0301ÚU\u0302Û"
    "U\u0308ÜY\u0301Ýa\u0300àa\u0301áa\u0302âa\u0303ãa\u0308äa\u030aåc\u0327çe\u0300èe\u0301ée\u0302ê"
    "e\u0308ëi\u0300ìi\u0301íi\u0302îi\u0308ïn\u0303ño\u0300òo\u0301óo\u0302ôo\u0303õo\u0308öu\u0300ù"
    "u\u0301úu\u0302ûu\u0308üy\u0301ýy\u0308ÿA\u0304Āa\u0304āA\u0306Ăa\u0306ăA\u0328Ąa\u0328ąC\u0301Ć"
    "c\u0301ćC\u0302Ĉc\u0302ĉC\u0307Ċc\u0307ċC\u030cČc\u030cčD\u030cĎd\u030cďE\u0304Ēe\u0304ēE\u0306Ĕ"
    "e\u0306ĕE\u0307Ėe\u0307ėE\u0328Ęe\u0328ęE\u030cĚe\u030cěG\u0302Ĝg\u0302ĝG\u0306Ğg\u0306ğG\u0307Ġ"
    "g\u0307ġG\u0327Ģg\u0327ģH\u0302Ĥh\u0302ĥI\u0303Ĩi\u0303ĩI\u0304Īi\u0304īI\u0306Ĭi\u0306ĭI\u0328Į"
    "i\u0328įI\u0307İJ\u0302Ĵj\u0302ĵK\u0327Ķk\u0327ķL\u0301Ĺl\u0301ĺL\u0327Ļl\u0327ļL\u030cĽl\u030cľ"
    "N\u0301Ńn\u0301ńN\u0327Ņn\u0327ņN\u030cŇn\u030cňO\u0304Ōo\u0304ōO\u0306Ŏo\u0306ŏO\u030bŐo\u030bő"
    "R\u0301Ŕr\u0301ŕR\u0327Ŗr\u0327ŗR\u030cŘr\u030cřS\u0301Śs\u0301śS\u0302Ŝs\u0302ŝS\u0327Şs\u0327ş"
    "S\u030cŠs\u030cšT\u0327Ţt\u0327ţT\u030cŤt\u030cťU\u0303Ũu\u0303ũU\u0304Ūu\u0304ūU\u0306Ŭu\u0306ŭ"
    "U\u030aŮu\u030aůU\u030bŰu\u030bűU\u0328Ųu\u0328ųW\u0302Ŵw\u0302ŵY\u0302Ŷy\u0302ŷY\u0308ŸZ\u0301Ź"
    "z\u0301źZ\u0307Żz\u0307żZ\u030cŽz\u030cž\u00a8\u0301\u0385Α\u0301ΆΕ\u0301ΈΗ\u0301ΉΙ\u0301ΊΟ\u0301ΌΥ\u0301Ύ"
    "Ω\u0301Ώϊ\u0301ΐΙ\u0308ΪΥ\u0308Ϋα\u0301άε\u0301έη\u0301ήι\u0301ίϋ\u0301ΰι\u0308ϊυ\u0308ϋο\u0301ό"
    "υ\u0301ύω\u0301ώϒ\u0301ϓϒ\u0308ϔЕ\u0300ЀЕ\u0308ЁГ\u0301ЃІ\u0308ЇК\u0301ЌИ\u0300ЍУ\u0306ЎИ\u0306Й"
    "и\u0306йе\u0300ѐе\u0308ёг\u0301ѓі\u0308їк\u0301ќи\u0300ѝу\u0306ў"
)
# a character NFC replaces by another (U+0344 is done in nfc: it becomes two marks), then that one
_SINGLE = (
    "\u0340\u0300\u0341\u0301\u0343\u0313\u0374ʹ\u037e\u003b\u0387\u00b7\u1f71ά\u1f73έ\u1f75ή\u1f77ί\u1f79ό\u1f7bύ"
    "\u1f7dώ\u1fbbΆ\u1fbeι\u1fc9Έ\u1fcbΉ\u1fd3ΐ\u1fdbΊ\u1fe3ΰ\u1febΎ\u1fee\u0385\u1fef\u0060\u1ff9Ό"
    "\u1ffbΏ\u1ffd\u00b4"
)


def name(s):
    """Name ``s`` as the archive compares names: in Unicode NFC ("Νίκος" with ί, not ι + U+0301), as far as the
    tables above go (each mark composed with the letter before it).  MicroPython has no unicodedata: the tables
    hold what NFC composes for Western European Latin (U+00C0-U+017F), Greek with its tonos and dialytika (and the
    polytonic oxia forms NFC turns into them) and Cyrillic (Й, Ё...), every letter the box's font draws.  (Named
    ``name``, as this module: see above.)"""
    out = []  # type: list[str]
    for c in s:
        i = _SINGLE.find(c)
        if i >= 0 and i % 2 == 0:
            c = _SINGLE[i + 1]
        for m in "\u0308\u0301" if c == "\u0344" else c:
            if out and 0x300 <= ord(m) < 0x370:
                j = _PAIRS.find(out[-1] + m)
                while j >= 0 and j % 3:
                    j = _PAIRS.find(out[-1] + m, j + 1)
                if j >= 0:
                    out[-1] = _PAIRS[j + 2]
                    continue
            out.append(m)
    return "".join(out)
