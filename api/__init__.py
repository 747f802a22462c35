"""The JSON API for scoreboards, league sites and automation (django-ninja), at /api/.

- auth.py: the bearer key (an API key acts as its person)
- schemas.py: what each address takes and answers
- views.py: the NinjaAPI, its error answers and its addresses (the docs page and the
  schema are ninja's own, at /api/docs and /api/openapi.json)
- urls.py: what config/urls.py mounts

On the floor above the night and prizes: may import drives.interface, drives.models,
drives.views.shared, prizes.interface, accounts.interface; nothing imports it.
"""
