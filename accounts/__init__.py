"""People of a club: accounts, roles (organizer, scorer), passwords and API keys.

The Membership and ApiToken models are the ground floor's (clubs.models), beside the Club
they belong to; this app holds the services (services/people.py, services/tokens.py) and
the screens (People, Profile). May import: clubs.interface, clubs.models and clubs.views,
and nothing of drives.
"""
