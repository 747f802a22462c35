"""The night's screens, by audience. Views parse, call one service, render.

- shared: the helpers every app's screens use (club guard, htmx refusal, page rendering)
- organizer: drives, pairs, the start, cards, audit, rules
- people: the name box's suggestions from the club's player register
- night: the result screen, next game, undo, seat changes, corrections, finishing
- scoresheets: hand-by-hand scores at drive tables
- table: the phones at the tables (no login; the table link's token is the key)
- links: the club's table links
- fragments: the tiles and rows built in Python for the hot screens

The screens above the night and prizes are apps of their own: printing (the Print page
and every PDF), exchange (the drive as JSON and its import, CSV files), api (the JSON
API), board (the projector board, public standings and the organizer's Standings page).
"""
