"""Pure card play for Forty-Fives (no Django): rules, the deal, a game as moves, player views."""
