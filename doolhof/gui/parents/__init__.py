"""The parents' corner: the hold-to-open menu and the settings screen."""
