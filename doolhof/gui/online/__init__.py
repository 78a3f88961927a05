"""The screens of playing with a computer far away: inviting, joining, and who is playing (docs/gui.md)."""
