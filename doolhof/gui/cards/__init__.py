"""The card game's play screen (issue 10): the table that grows, the hand, taking, computers, hints."""
