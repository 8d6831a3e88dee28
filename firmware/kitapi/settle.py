"""Settling up: who pays whom, in the fewest transfers, in whole amounts that add up."""


def whole(nums, den):
    """The exact nets ``nums[k] / den`` rounded to whole amounts, once, all together.

    Each net goes down to the whole below it; then the nets with the largest
    remainders go up one, as many as the exact total needs (the first seat
    first on a tie), so the wholes sum to what the nets sum to (zero, when the
    players settle among themselves): largest remainder.  Every whole is its
    net rounded down or up, never further.  Integers only (no float in the core).
    """
    n = len(nums)
    out = [x // den for x in nums]
    total = 0
    for x in nums:
        total += x
    up = (2 * total + den) // (2 * den) - sum(out)  # the exact total, rounded half up: zero when it is zero
    if up > n:
        up = n
    bumped = [False] * n
    while up > 0:
        k = -1
        for i in range(n):
            if not bumped[i] and nums[i] % den and (k < 0 or nums[i] % den > nums[k] % den):
                k = i
        if k < 0:
            break
        bumped[k] = True
        out[k] += 1
        up -= 1
    return out


def settle_whole(nums, den):
    """``(wholes, transfers)``: the nets ``nums[k] / den`` rounded once (``whole``) and the transfers that
    square the wholes (``settle``): each payer's transfers sum to his whole net, each payee's to his."""
    w = whole(nums, den)
    return w, settle(w)


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
