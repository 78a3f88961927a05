"""The standalone app's entry point (PyInstaller starts here): the same ``doolhof`` command as the package's."""

import sys

from doolhof.cli import main

if __name__ == "__main__":
    sys.exit(main())
