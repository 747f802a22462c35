"""Prizes: places by score level, ties, the booby prize, the cookie jar, side prizes, money
and the prize report.

- rules/, places.py: pure (no Django): what the rules say, tested exhaustively
- models.py: the prize records of a drive
- services/: the only writers (one transaction, one audit entry each)
- views/, urls.py, forms.py: the organizer's prize screens
- interface.py: what other apps may use

May import: drives.interface and drives.models (the night it settles), scoring (pure rules).
"""
