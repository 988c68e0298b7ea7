"""The entry script of the frozen application (PyInstaller runs it as `__main__`)."""

import sys

from tournament_manager.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
