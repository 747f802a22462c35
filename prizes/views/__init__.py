"""Prize screens (organizer): prizes and the prize report, ties, side prizes, the cookie jar."""
