"""The card game's play screen: the table that grows, the hand, taking, computers, hints."""
