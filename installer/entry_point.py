"""The entry script of the frozen application (PyInstaller runs it as `__main__`).

It answers a spawned child first: an export verifies what it prints in a process of its own
(tournament_manager/storage/verify_aside.py), which in a frozen build is this executable
started again with multiprocessing's arguments; `freeze_support` (PyInstaller's, on every
platform) runs the child's work and exits there, before the application would start.
"""

import multiprocessing
import sys

ANSWERS_SPAWNED_CHILDREN = True  # read by storage.verify_aside.can_verify_aside

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from tournament_manager.__main__ import main

    sys.exit(main())
