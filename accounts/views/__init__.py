"""The People page (organizers) and each person's Profile with their API keys."""
