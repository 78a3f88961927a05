"""The maze board painter, used by the play screen and the illustrated rules."""
