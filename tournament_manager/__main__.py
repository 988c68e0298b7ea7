"""`tournament-manager`: the GUI without arguments, a headless job with a subcommand."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0].startswith("--gui") or args[0].endswith(".tmt"):
        from tournament_manager.gui.launch import launch

        return launch(args)
    from tournament_manager.cli.main import run_cli

    return run_cli(args)


if __name__ == "__main__":
    sys.exit(main())
