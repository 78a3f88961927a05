"""Computer players (see the computer-players issue); pure engine code."""
