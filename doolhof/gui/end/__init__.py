"""The end screen: the winners celebrated, and what to play next."""
