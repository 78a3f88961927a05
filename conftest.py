"""Test-wide setup: headless SDL before anything imports pygame, and files pytest must skip."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

collect_ignore = ["doolhof/__main__.py"]
