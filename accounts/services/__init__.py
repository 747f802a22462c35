"""The only writers of people and API keys: people.py (add, password, role, remove) and
tokens.py (organizers' API keys, stored hashed)."""
