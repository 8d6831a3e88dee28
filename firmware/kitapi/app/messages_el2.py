"""What a RuleError says, in Greek: kitapi.messages.EN code by code from code 57 (``T[code - 57]``; 0-56:
messages_el), the same placeholders in the same order (tests/device/test_refusal.py checks it).  The box's
alone: imported by kitapi.app.refusal only while a refusal is said, then let go."""

T = (
    # 57-: Russian Preferans (kitapi.rules.preferans)
    "το 'players' πρέπει να έχει 2 έως 4 ονόματα",
    "άγνωστη αγορά %s (6S έως 10N, ή M για μιζέρια)",
    "το 'whist' πρέπει να έχει %d από whist, pass ή half",
    "μισό βιστ μόνο στα 6 και 7, αφού ο άλλος αμυνόμενος πήγε πάσο",
    "τα 6 μπαστούνια τα βιστάρουν και οι δύο (Στάλινγκραντ)",
    "το 'open' (true ή false) πάει μόνο με έναν που βιστάρει",
    "το 'dealer_whist' θέλει τέσσερις παίκτες και κανέναν να βιστάρει",
    "%s: όχι βιστ στη μιζέρια ή στα 10 (εκτός με την παραλλαγή ten_whist)",
    "λείπει το 'whist'",
    "το 'tricks' πρέπει να λείπει: τα χαρτιά δεν παίχτηκαν",
    "μετά από πάσο όλοι η αγορά είναι τουλάχιστον %d",
    "το %s θέλει την παραλλαγή %s",
    "το 'allpass' πρέπει να έχει τις μπάζες και των %d θέσεων",
    "τα ρέστα παίρνουν το πολύ 2 μπάζες, και μόνο στους τέσσερις",
    "η παραλλαγή 'stake' είναι δεκαδικός όπως \"0.10\"",
    "η παραλλαγή %s είναι ένα από %s",
    "οι μπάζες κάνουν το πολύ 10, όχι %d",
    "το 'widow' είναι A, KQ, AK ή AA",
    "το %s πρέπει να είναι true",
    "%s: κανένα άλλο πεδίο μαζί του",
    "το %s πάει μόνο με %s",
    # 78: Balkan Preferans (kitapi.rules.balkan)
    "άγνωστη αγορά %s (2 έως 7: 2-5 χρώμα, 6 Bettler, 7 σαντζά)",
    # 79: Prefa with a common kasa (kitapi.rules.prefa_kasa)
    'ένα συμπλήρωμα είναι σκέτο {"topup": N}',
    # Préférence, Austrian, Illustrated and American (kitapi.rules.preference_at, _illustrated, _us)
    "το 'players' πρέπει να έχει 3 ονόματα",
    "άγνωστη αγορά %s (%s)",
    "το ατού %s δεν επιτρέπεται με την αγορά %s",
    "κανείς δεν αγόρασε: ο μοιραστής, θέση %d, παίζει",
    "το 'drop' έχει τις θέσεις που βγήκαν, μία φορά η καθεμία, με τη σειρά",
    "πάνω από Preference δεν βγαίνει μόνος ένας αμυνόμενος",
    "το 'chips' έχει τις μάρκες των 3 θέσεων (0 πάσο, ως 63), του παίκτη η μόνη μεγαλύτερη",
    "η θέση %d ποντάρει %d μάρκες αλλά έχει %d μετά το άντε",
    # 88-91: Swedish Priffe (kitapi.rules.priffe)
    "το 'players' πρέπει να έχει 4 ονόματα (η Πρίφε παίζεται στους τέσσερις)",
    "άγνωστη αγορά %s (play, noll, hearts, diamonds ή forced)",
    'τιμές %s: "4", "3+1" ή "3"',
    "το 'honours' θέλει 3 πολλαπλάσια του 10 ως 1000 (τέσσερα, τρία, τρία και ένα)",
    # 92-95: Russian Preferans (kitapi.rules.preferans)
    "μισό βιστ θέλει πάσο του άλλου αμυνόμενου, όχι %s",
    "όχι μισό βιστ: η παραλλαγή 'half_whist' είναι false",
    "ο μοιραστής παίζει τα χαρτιά της θέσης %d: αυτή δεν παίρνει μπάζες",
    "στο πάσο όλοι του Ροστόφ δεν έχει ρέστα: ο μοιραστής δεν παίρνει μπάζες",
    # 96: Prefa's option nine_quota (kitapi.rules.prefa, prefa_kasa)
    'η παραλλαγή \'nine_quota\' είναι "bidder" ή "dealer"',
    # 97-102: text a person typed, and lines no log holds (kitapi.game, kitapi.jsonl)
    "ένα όνομα παίκτη δεν έχει χαρακτήρες ελέγχου ή μισά ζεύγη (U+%04X)",
    "το %s δεν έχει χαρακτήρες ελέγχου ή μισά ζεύγη (U+%04X)",
    "μια γραμμή του αρχείου ξεπερνά τα %d byte",
    "JSON φωλιασμένο πάνω από %d επίπεδα",
    "ένα αντικείμενο JSON έχει ένα κλειδί δύο φορές",
    "δεν φτάνει η μνήμη για να διαβαστεί αυτή η γραμμή",
    # 103-105: damage found in a device log, skipped record by record (kitapi.devlog)
    "χαλασμένο στο byte %d (γραμμή %d): %s· %d χαλασμένες εγγραφές, %d byte, παραλείφθηκαν· "
    "κάθε σωστή εγγραφή κρατήθηκε",
    "η διανομή %d χάλασε: περάστε την ξανά",
    "η διανομή %d και %d ακόμη χάλασαν: περάστε τες ξανά",
    # 106: hands a damaged hand's absence makes the rules refuse (kitapi.replay)
    "%d επόμενες διανομές σε αναμονή από τη διανομή %d: οι κανόνες τις αρνούνται ώσπου να περαστεί ξανά",
    # 107: damage found in a device log (kitapi.devlog): a record the device never writes
    "διόρθωση διανομής που δεν παίχτηκε ακόμη (δεν εφαρμόστηκε)",
    # 108-110: the header (kitapi.game, kitapi.devlog): what the device can hold, names a person can read
    "το %s είναι κείμενο το πολύ %d χαρακτήρων",
    "η κεφαλίδα είναι %d byte: ενός αρχείου συσκευής χωράει το πολύ %d",
    "ένα όνομα παίκτη θέλει ορατό χαρακτήρα (όχι μόνο κενά ή αόρατους)",
    # 111: the header's tournament table (kitapi.game)
    'το \'tournament\' είναι {"name": κείμενο, "round": 1-999, "table": 1-999}',
)
