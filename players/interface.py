"""What the top floor (the API, export and import) may use of the player register, by name.

Other apps import players.interface and nothing else of players (import-linter checks it).
"""

from .history import History, Night, history
from .services import player_add

__all__ = ["History", "Night", "history", "player_add"]
