"""A practice table shared by two to four people on their own phones (no account).

models (practice.models.FriendsTable, FriendsSeat) < services < screen < views; the
game is a practice deal and its moves, replayed on scoring.play like the single-player
table, and the computer players are practice.computer's, run in practice.pool's slots.
"""
