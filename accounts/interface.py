"""What other apps (drives' API, setup_site, the site administrator's screens) may use of
accounts, by name."""

from .services.people import account_new
from .services.tokens import token_authenticate, token_refusal
from .signals import FIRST_ORGANIZER

__all__ = ["FIRST_ORGANIZER", "account_new", "token_authenticate", "token_refusal"]
