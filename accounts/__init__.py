"""People of a club: accounts, roles (organizer, scorer), passwords and API keys.

The Membership and ApiToken models stay in drives.models, beside the Club they belong to;
this app holds the services (services/people.py, services/tokens.py) and the screens
(People, Profile). May import: drives.interface and drives.models.
"""
