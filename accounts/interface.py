"""What other apps (drives' API) may use of accounts, by name."""

from .services.tokens import token_authenticate

__all__ = ["token_authenticate"]
