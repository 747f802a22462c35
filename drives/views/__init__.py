"""The night's screens, by audience. Views parse, call one service, render.

- shared: the helpers every app's screens use (club guard, htmx refusal, page rendering)
- organizer: drives, pairs, the start, standings, cards, audit, rules
- night: the result screen, next game, undo, seat changes, corrections, finishing
- scoresheets: hand-by-hand scores at drive tables
- table: the phones at the tables (no login; the table link's token is the key)
- board: the projector board and public standings (no login)
- printing: the Print page and every PDF
- exports, exchange: CSV files; a whole drive as JSON, and its import
- links: the club's table links
- api: the JSON API (organizers' keys)
"""
