"""Prize services: the only writers of prize records (one transaction, one audit entry each).

common: settings, tallies, the conflict check; money: prize settings; ties:
places, booby and how ties are settled; jar: the cookie jar; side: jackpot,
50/50, travelling prize, door prizes; report: the prize report and cash summary.
"""
