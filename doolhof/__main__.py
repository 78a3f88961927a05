import sys

from doolhof.cli import main

sys.exit(main())
