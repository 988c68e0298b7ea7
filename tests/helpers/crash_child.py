"""Child process for the crash test: enters hands one by one and reports each commit.

Run as `python crash_child.py DOCUMENT TABLE_ID FIRST_NUMBER`; prints the number of every
hand right after its transaction committed, until it is killed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tournament_manager.domain.model import HandResult, Win, WinType
from tournament_manager.services.score_sheets import HandEntry, enter_hand
from tournament_manager.storage.document import open_document


def main() -> None:
    path, table_id, number = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    document = open_document(path)
    with document.unit_of_work() as uow:
        players = [seat.player_id for seat in uow.seats.list(table_id=table_id)]
    while True:
        winner, discarder = players[number % 4], players[(number + 1) % 4]
        enter_hand(document.unit_of_work(), table_id, HandEntry(
            result=HandResult.WIN, win_type=WinType.DISCARD, discarder_id=discarder,
            wins=(Win(winner, 5 * (1 + number % 40), discarder),)), number)
        print(number, flush=True)
        number += 1


if __name__ == "__main__":
    main()
