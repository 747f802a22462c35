"""What other apps (drives' API, setup_site) may use of accounts, by name."""

from .services.tokens import token_authenticate, token_refusal
from .signals import FIRST_ORGANIZER

__all__ = ["FIRST_ORGANIZER", "token_authenticate", "token_refusal"]
