"""Every error the application raises on purpose derives from `TournamentError` and comes
back whole from pickling (a worker process, a process pool): before the base, a
`SeatingError` raised in the seating benchmark's pool broke the pool with a TypeError, and a
`HandError` came back with a string where its problem had been."""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import pytest

import tournament_manager
from tournament_manager.cli.errors import CliError
from tournament_manager.domain.player_cards import CardLineProblem
from tournament_manager.domain.player_rows import RowIssue, RowProblem
from tournament_manager.domain.seating.errors import SeatingError, SeatingProblem
from tournament_manager.errors import TournamentError
from tournament_manager.exports.errors import ExportError, ExportProblem
from tournament_manager.exports.jobs import ExportCancelled
from tournament_manager.imports.encodings import EncodingMismatch
from tournament_manager.imports.tables import TableError, TableProblem
from tournament_manager.rules.errors import (
    HandError,
    HandErrorCode,
    HandProblem,
    OptionError,
    OptionErrorCode,
    SettlementError,
    SettlementErrorCode,
    ValueErrorCode,
    ValueProblem,
)
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.players import ImportRefused
from tournament_manager.services.ports import NotFound
from tournament_manager.smoke import SmokeFailure
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.storage.lock import LockedError, LockHolder
from tournament_manager.storage.migrate import ForeignKeyViolation
from tournament_manager.web.body_limit import BodyTooLarge


def _samples() -> list[TournamentError]:
    """One error of each class, with the values a real refusal carries."""
    from tournament_manager.gui.app_context import NoDocument
    from tournament_manager.gui.demo_builder import DemoCancelled

    holder = LockHolder(pid=4321, host="judges-laptop", user="ada",
                        since=datetime(2026, 12, 2, 9, 30, tzinfo=UTC))
    return [
        CliError("no such session: 9", status=2),
        CardLineProblem(line=3, text="12 -4 x"),
        SeatingError(SeatingProblem.DUPLICATE_PLAYER, player=17),
        ExportError(next(iter(ExportProblem)), session=2),
        ExportCancelled(),
        NoDocument("no event is open"),
        DemoCancelled(),
        EncodingMismatch("not utf-8"),
        TableError(next(iter(TableProblem)), Path("players.csv"), reason="line 4",
                   encoding="cp1252"),
        HandError(HandProblem(HandErrorCode.UNKNOWN_TILE, tile="0z")),
        SettlementError(SettlementErrorCode.VALUE_NOT_ALLOWED, seat="S",
                        problem=ValueProblem(ValueErrorCode.NOT_REACHABLE, value=26,
                                             minimum=25, limit=30, step=5)),
        OptionError(OptionErrorCode.INVALID_CHOICE, "seat_draw", "sideways"),
        ServiceError(ServiceProblem.SHEETS_NOT_SIGNED, session=2, tables=[5, 7]),
        ImportRefused([RowIssue(4, RowProblem.EMPTY_NAME), RowIssue(9, RowProblem.TOO_LONG, "x")]),
        NotFound("player", 12),
        SmokeFailure("the window did not open"),
        DocumentError(DocumentProblem.LOCKED, "event.tmt", user="ada"),
        LockedError(Path("event.tmt"), holder),
        ForeignKeyViolation("table 3"),
        BodyTooLarge(),
    ]


def _error_classes() -> set[type[BaseException]]:
    """Every exception class defined in the package's modules."""
    found: set[type[BaseException]] = set()
    for info in pkgutil.walk_packages(tournament_manager.__path__, "tournament_manager."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        found.update(value for value in vars(module).values()
                     if inspect.isclass(value) and issubclass(value, BaseException)
                     and value.__module__ == module.__name__)
    return found


def _state(error: BaseException) -> tuple[object, ...]:
    return type(error), error.args, vars(error), str(error)


def test_every_error_class_derives_from_the_base_and_has_a_sample() -> None:
    classes = _error_classes()
    assert len(classes) >= 19
    assert {c for c in classes if not issubclass(c, TournamentError)} == set()
    assert classes - {TournamentError} == {type(error) for error in _samples()}


@pytest.mark.parametrize("error", _samples(), ids=lambda e: type(e).__name__)
def test_an_error_comes_back_whole_from_pickling(error: TournamentError) -> None:
    assert _state(pickle.loads(pickle.dumps(error))) == _state(error)


def _raise_seating_error(player: int) -> None:
    raise SeatingError(SeatingProblem.UNKNOWN_PLAYER, player=player)


def test_a_seating_error_in_a_worker_process_reaches_the_caller_as_itself() -> None:
    with ProcessPoolExecutor(max_workers=1) as pool:
        future = pool.submit(_raise_seating_error, 42)
        with pytest.raises(SeatingError) as raised:
            future.result()
    assert raised.value.problem is SeatingProblem.UNKNOWN_PLAYER
    assert raised.value.detail == {"player": 42}
