"""The shared kit of every screen: theme colours, text, widgets, art, sound, animation, pointer input
and the scene base class."""
