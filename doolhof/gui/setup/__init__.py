"""The setup screen: choosing the game, the seats and the computer players."""
