"""The session layer: seats and table setup, settings, saved games, file locations and the running game.

No pygame here: it stands on the rules packages only, and the screen stands on it.
"""
