"""The standalone app's entry point (PyInstaller starts here): the same ``doolhof`` command as the package's."""

import os
import sys

from doolhof.cli import main

if __name__ == "__main__":
    # A windowed app (Windows, macOS) has no console: sys.stdout and sys.stderr are None there, and
    # output must go somewhere harmless instead of failing.
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
    sys.exit(main())
