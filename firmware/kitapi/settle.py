"""Settling up: who pays whom, in the fewest transfers."""


def settle(chips):
    """Transfers ``[(payer, payee, amount), ...]`` that square the net ``chips`` per seat.

    A debtor and a creditor of equal amounts are paired first; then the largest
    debt goes to the largest claim.  With at most four players this is the
    fewest transfers possible.
    """
    bal = list(chips)
    out = []  # type: list[tuple[int, int, int]]
    n = len(bal)
    while True:
        d = c = -1
        for i in range(n):
            if bal[i] < 0 and (d < 0 or bal[i] < bal[d]):
                d = i
            if bal[i] > 0 and (c < 0 or bal[i] > bal[c]):
                c = i
        if d < 0 or c < 0:
            return out
        for i in range(n):
            for j in range(n):
                if bal[i] < 0 and bal[j] == -bal[i]:
                    d, c = i, j
        amount = min(-bal[d], bal[c])
        out.append((d, c, amount))
        bal[d] += amount
        bal[c] -= amount
