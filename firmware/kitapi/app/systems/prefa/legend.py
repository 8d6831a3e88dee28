"""Greek Prefa's hands-list legend (kitapi.app.legend, 0 on the list): what the codes of its rows mean, in each
language.  Imported when the legend opens and let go at once: its words stay out of the heap the rest of the time."""

# By language (kitapi.app.ui.LANGUAGES): "|" between its lines (16 columns at most, 7 lines at most): a bid
# made exactly, over, short; both defenders passed; four aces declared.  One long string each: a literal of 10
# characters or fewer would be an interned name.
WORDS = (
    "= made exactly|+1 one over|-1 one down|✓ both passed|! four aces",
    "= έβγαλε ακριβώς|+1 μία παραπάνω|-1 μία λιγότερη|✓ και οι 2 πάσο|! τέσσερις άσσοι",
    "= сыграно ровно|+1 взятка сверх|-1 без одной|✓ оба паса|! четыре туза",
)


def legend(app, i):
    """Its lines in language ``i`` (of LANGUAGES), and True: the box rounds its figures (the page B)."""
    return WORDS[i].split("|"), True
