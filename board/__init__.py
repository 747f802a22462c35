"""The board: the standings screens of a drive.

- contents.py: what the projector board shows (the count, the tables playing, the moves
  into this game, the top pairs by score level), in a fixed number of queries
- views.py: the projector board and the public standings (no login), and the organizer's
  Standings page
- urls.py: /board/<id>/, /board/<id>/standings/ and /drives/<id>/standings/, in the
  board namespace

On the floor above the night and prizes: may import drives.interface, drives.models,
drives.views.shared, prizes.interface and prizes.models; nothing imports it. Whether a
live screen changed (the fingerprint) is drives' own: its result screen polls with it too.
"""
