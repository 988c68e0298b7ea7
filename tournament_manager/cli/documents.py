"""Opening documents and calling services from a command, with errors as one clear line.

Whatever the disk does (full, read-only, a lock left by a crashed computer), a command
ends with one worded line and status 1, never an internal error: a command that writes
refuses a read-only file, a routine backup that failed is a warning on stderr, and a
stale lock broken to open the file is said so. `--take-over-lock` (added to every command
that names a tournament file, by `add_lock_option`) breaks a lock from another computer.

Only what parsing the arguments needs is imported with this module: every command imports
it, and `score` or `--help` must not pay for SQLAlchemy (the storage stack comes with the
first event opened).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING

from tournament_manager.application.stations import (
    ROLE_ENV,
    STATION_ENV,
    THIS_LAPTOP,
    Station,
    StationRole,
)
from tournament_manager.cli.errors import CliError
from tournament_manager.messages import documents as document_messages
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.words import _

if TYPE_CHECKING:  # the storage stack is imported by the commands that open an event
    from tournament_manager.application.events import EventAddress
    from tournament_manager.storage.document import BackupFailure, Document
    from tournament_manager.storage.server import ServerEvent

TAKE_OVER_LOCK_FLAG = "--take-over-lock"
LOCK_WAIT_SECONDS = 15.0
"""A command behind another command on the same file waits its turn this long: each
holds the file for well under a second, so sixteen at once all get through; a window
holding the file for the day is named after the wait."""
take_over_lock: ContextVar[bool] = ContextVar("take_over_lock", default=False)
"""Set for one command run by `--take-over-lock`; read by `opened`."""
station: ContextVar[Station] = ContextVar("station", default=THIS_LAPTOP)
"""Set for one command run by `--station` and `--role`; read by `opened`."""


def add_station_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--station", default=os.environ.get(STATION_ENV, ""), metavar="NAME",
        help=_("this station's name in the audit log, e.g. 'Desk 2' (default: ${variable})")
        .format(variable=STATION_ENV))
    parser.add_argument(
        "--role", choices=[role.value for role in StationRole],
        default=os.environ.get(ROLE_ENV, StationRole.HEAD_JUDGE.value),
        help=_("this station's role: a projector only reads (default: ${variable}, else "
               "head-judge)").format(variable=ROLE_ENV))


def station_of(args: argparse.Namespace) -> Station:
    return Station(str(getattr(args, "station", "") or ""),
                   StationRole(getattr(args, "role", StationRole.HEAD_JUDGE.value)))


def add_lock_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        TAKE_OVER_LOCK_FLAG, action="store_true", dest="take_over_lock",
        help=_("break the lock of a Tournament Manager on another computer that no longer "
             "runs (crashed or switched off); a lock held on this computer is never broken"))


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the known failures of documents and services into `CliError`s."""
    from tournament_manager.messages import services as service_messages
    from tournament_manager.services.errors import ServiceError
    from tournament_manager.services.ports import NotFound

    try:
        yield
    except DocumentError as error:
        raise CliError(_describe(error)) from error
    except ServiceError as error:
        raise CliError(service_messages.describe(error)) from error
    except NotFound as error:
        raise CliError(service_messages.describe_not_found(error)) from error


def _describe(error: DocumentError) -> str:
    text = document_messages.describe(error)
    if error.problem is DocumentProblem.LOCKED and error.details.get("can_take_over") == "yes":
        text += f" ({TAKE_OVER_LOCK_FLAG})"
    return text


def event_address(text: str) -> EventAddress:
    """The argparse type of an event argument: a file path, or `postgresql://…` for an
    event on a server. An address of another kind stays a path here and is refused in
    words before the command runs (`main`), as argparse would print a usage screen."""
    from tournament_manager.paths import address_scheme

    if address_scheme(text) is None:  # a file: no need to load the storage stack to say so
        return Path(text)
    from tournament_manager.application.events import parse_address

    try:
        return parse_address(text)
    except DocumentError:
        return Path(text)


@contextmanager
def opened(path: EventAddress, *, read_only: bool = False,
           create: bool = False) -> Iterator[Document | ServerEvent]:
    """An open event (a file, or a database on a server) for one command; one created
    for a command that then fails is removed again, so a refused `new` leaves nothing
    half-made behind.

    A command that writes (`read_only=False`) refuses a file that can only be read."""
    from tournament_manager.application.events import create_event, open_event
    from tournament_manager.storage.document import LockWait

    with user_errors():
        wait = LockWait(LOCK_WAIT_SECONDS, lambda holder: _note(
            document_messages.describe_lock_wait(str(path), holder, LOCK_WAIT_SECONDS)))
        if create:
            document = create_event(path, take_over_lock=take_over_lock.get(),
                                    lock_wait=wait, station=station.get())
        else:
            document = open_event(path, read_only=read_only,
                                  take_over_lock=take_over_lock.get(), lock_wait=wait,
                                  station=station.get())
        if document.broken_lock is not None:
            _note(document_messages.describe_broken_lock(str(path), document.broken_lock))
        if document.read_only_notice is not None and not read_only:
            document.close(backup=False)
            raise DocumentError(DocumentProblem.READ_ONLY_FILE, str(path),
                                **{**document.read_only_notice.details, "refused": "yes"})
        _warn_backups(path, document.backup_failures)
        try:
            yield document
        except BaseException:
            document.close(backup=False)
            if create:
                document.discard_files()
            raise
        failure = document.close(backup=not read_only)
        _warn_backups(path, [failure] if failure is not None else [])


def _note(text: str) -> None:
    print(f"tournament-manager: {text}", file=sys.stderr)


def _warn_backups(path: EventAddress, failures: Sequence[BackupFailure | object]) -> None:
    """A file's routine backups that failed (a server event keeps none: it has nothing)."""
    from tournament_manager.storage.document import BackupFailure

    for failure in failures:
        if not isinstance(failure, BackupFailure):
            continue
        _note(_("warning: {problem}").format(
            problem=document_messages.describe_backup_failure(str(path), failure)))
