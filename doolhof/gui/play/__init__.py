"""The play screen: the board in motion, gestures, hints, computer turns and the first-game tutorial."""
