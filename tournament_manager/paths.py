"""Every place the application reads or writes, from one module.

`TOURNAMENT_MANAGER_DATA_DIR` (or `--data-dir`) moves all of them at once: tests, smoke
runs and a portable install on a USB stick depend on that override.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from platformdirs import PlatformDirs

APP_NAME = "TournamentManager"
APP_AUTHOR = "MahjongTournamentManager"
DOCUMENT_SUFFIX = ".tmt"
DATA_DIR_ENV = "TOURNAMENT_MANAGER_DATA_DIR"

_dirs = PlatformDirs(APP_NAME, APP_AUTHOR, roaming=False)

# A scheme of two or more letters before ":/" or ":\\": one letter is a Windows drive.
# `pathlib` folds "//" into "/", so "postgresql:/host/db" is matched too, as a path
# argument parsed by argparse arrives.
_URL_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+):[/\\]")


def address_scheme(path: str | os.PathLike[str]) -> str | None:
    """The scheme of an address given where a file path belongs ("postgresql" for
    `postgresql://host/db`, also "sqlite", "https", "file"), or None for a file path.

    Such an address would otherwise become a local folder named `postgresql:`; the
    application keeps a tournament in a file and has no server support."""
    match = _URL_SCHEME.match(os.fspath(path))
    return match.group(1) if match else None


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(_dirs.user_data_dir)


def log_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) / "logs" if override else Path(_dirs.user_log_dir)


def backups_dir() -> Path:
    return data_dir() / "backups"


def default_document() -> Path:
    """The document the application opens when it is started with nothing else to open."""
    return data_dir() / f"Tournament{DOCUMENT_SUFFIX}"


def resources_dir() -> Path:
    """`resources/` inside an installed package, or at the top of a source checkout.

    A PyInstaller build (`installer/tournament_manager.spec`) puts it at
    `tournament_manager/resources` under `sys._MEIPASS`, the folder of the bundled files
    (`_internal/` next to the executable; `Contents/Frameworks` in a macOS app, which links
    to `Contents/Resources`).
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "tournament_manager" / "resources"
    package = Path(__file__).resolve().parent
    installed = package / "resources"
    return installed if installed.is_dir() else package.parent / "resources"
