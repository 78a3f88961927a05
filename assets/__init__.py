"""Our own art, sounds and data; installed as the package ``doolhof.assets``."""
