"""The desktop window (PySide6). Importing it first guards the interpreter against
PySide6 6.12's over-release of None and the bools on Python 3.11 (see `singletons`)."""

from tournament_manager.gui.singletons import keep_singletons_alive

keep_singletons_alive()
