"""Wording for problems with a tournament document."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tournament_manager.messages.stations import ROLES
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.words import N_, _, n_

if TYPE_CHECKING:
    from tournament_manager.storage.document import BackupFailure
    from tournament_manager.storage.lock import LockHolder

_TEMPLATES = {
    DocumentProblem.MISSING: N_("{path}: no such file"),
    DocumentProblem.EXISTS: N_(
        "{path} already exists; choose another name (nothing was overwritten)"
    ),
    DocumentProblem.UNREADABLE: N_("{path} cannot be read: {reason}"),
    DocumentProblem.NOT_A_TOURNAMENT: N_("{path} is not a tournament file"),
    DocumentProblem.TOO_NEW: (
        N_(
            "{path} was written by a newer version of Tournament Manager; "
            "update the application to open it (the file was not changed)"
        )
    ),
    DocumentProblem.DAMAGED: N_("{path} is damaged ({reason}); restore it from a backup"),
    DocumentProblem.LOCKED: (
        N_(
            "{path} is already open in another Tournament Manager "
            "(user {user} on {host}, process {pid}, {age}since {since}){hint}"
        )
    ),
    DocumentProblem.MIGRATION_FAILED: (
        N_(
            "{path} could not be upgraded to this version of Tournament Manager ({cause}); "
            "the file was left as it was, and a copy from before the attempt is {backup}"
        )
    ),
    DocumentProblem.READ_ONLY_OUTDATED: (
        N_(
            "{path} was made by an older version and must be upgraded before it can be read; "
            "open it for work once (in a folder that can be written) to upgrade it"
        )
    ),
    DocumentProblem.NO_SPACE: (
        N_(
            "no space left on the disk for {path}; free some space and try again "
            "(the tournament file itself is intact)"
        )
    ),
    DocumentProblem.UNWRITABLE: N_("{path} cannot be written: {reason}"),
    DocumentProblem.SAME_FILE: (
        N_("{path} is the open tournament itself: a copy cannot replace it; choose another file")
    ),
    DocumentProblem.LOCKED_TARGET: (
        N_("{path} is open in a Tournament Manager; close it there before replacing it")
    ),
    DocumentProblem.READ_ONLY_FILE: (
        N_(
            "{path} is read-only ({where}): {consequence}; to work on it, save a copy in a "
            "folder that can be written"
        )
    ),
    DocumentProblem.DISK_ERROR: (
        N_(
            "the disk reported an error while using {path} ({reason}); the file was not "
            "changed by us: copy it to another disk and open the copy"
        )
    ),
    DocumentProblem.DATABASE_URL: (
        N_(
            "{path} is an address ({scheme}://…) this application cannot use: a tournament is "
            "kept in a file such as event.tmt, or on a PostgreSQL server "
            "(postgresql://user@host/event)"
        )
    ),
    DocumentProblem.SERVER_ADDRESS: N_("{path} cannot be used as a server address: {reason}"),
    DocumentProblem.SERVER_UNREACHABLE: (
        N_(
            "the server of {path} cannot be reached ({reason}); check that it runs and that "
            "this computer is on its network"
        )
    ),
    DocumentProblem.SERVER_REFUSED: (
        N_(
            "the server of {path} refused the connection ({reason}); check the user name and "
            "password in the address"
        )
    ),
    DocumentProblem.SERVER_NO_DATABASE: (
        N_(
            "the server of {path} has no database named {database}; check the name at the "
            "end of the address, or put an event there first (tournament-manager copy)"
        )
    ),
    DocumentProblem.SERVER_NO_EVENT: (
        N_(
            "the database of {path} holds no tournament; check the address, or put an event "
            "there first (tournament-manager copy)"
        )
    ),
    DocumentProblem.ROLE_READS_ONLY: (
        N_(
            "a {role} station only shows {path}; open it as the head judge or the results desk "
            "to change it"
        )
    ),
    DocumentProblem.SERVER_BUSY: (
        N_(
            "the server of {path} stayed busy with other stations' work; nothing was saved "
            "here: try again in a moment"
        )
    ),
    DocumentProblem.CHANGED_ELSEWHERE: (
        N_(
            "another station changed the same part of {path} at the same moment; nothing was "
            "saved here: look at it again and repeat what you did"
        )
    ),
    DocumentProblem.PATH_TOO_LONG: (
        N_("{path} is too long a path for a tournament file; choose a shorter name or folder")
    ),
}

_READ_ONLY_WHERE = {
    "file": N_("the file is marked read-only"),
    "folder": N_("its folder or disk cannot be written"),
}


_SERVER_ADDRESS_REASONS = {
    "incomplete": N_("it is not a complete database address"),
    "no_database": N_("it names no database (…/event at the end)"),
}
"""`ServerAddress`'s reasons (codes: the storage layer says nothing in words)."""

_UNWRITABLE = N_("it cannot be written")
"""A read-only file whose cause is neither the file nor its folder."""

_MIGRATION_CAUSES = {
    DocumentProblem.NO_SPACE.value: N_("no space left on the disk"),
    DocumentProblem.DISK_ERROR.value: N_("the disk reported an error"),
    DocumentProblem.DAMAGED.value: N_("the file is damaged"),
    "bug": N_("an error in the upgrade; the details are in the log file, please report it"),
}

_BACKUP_MOMENTS = {
    "open": N_("on opening"), "close": N_("on closing"), "session": N_("before the session"),
    "migration": N_("before the upgrade"), "before-restore": N_("before the restore"),
}


def describe(error: DocumentError) -> str:
    details = dict(error.details)
    if error.problem is DocumentProblem.LOCKED:
        details["hint"] = describe_lock_hint(error)
        age = describe_age(details.get("age_seconds", ""))
        details["age"] = _("for {age}, ").format(age=age) if age else ""
        details.update({key: details.get(key, "?") for key in ("user", "host", "pid",
                                                                "since")})
    if error.problem is DocumentProblem.READ_ONLY_FILE:
        details["where"] = _(_READ_ONLY_WHERE.get(details.get("where", ""), _UNWRITABLE))
        details["consequence"] = (_("nothing was changed") if details.get("refused") == "yes"
                                  else _("it is open for reading only, nothing can be changed"))
    if error.problem is DocumentProblem.ROLE_READS_ONLY and details.get("role") in ROLES:
        details["role"] = _(ROLES[details["role"]])
    if error.problem is DocumentProblem.MIGRATION_FAILED:
        details["cause"] = _(_MIGRATION_CAUSES.get(details.get("cause", ""),
                                                   _MIGRATION_CAUSES["bug"]))
        backup = details.get("backup", "")
        details["backup"] = (_("at {backup}").format(backup=backup) if backup
                             else _("among its backups"))
    if error.problem is DocumentProblem.SERVER_ADDRESS:
        reason = details.get("reason", "")
        details["reason"] = _(_SERVER_ADDRESS_REASONS[reason]) if reason in \
            _SERVER_ADDRESS_REASONS else reason
    details.setdefault("reason", "")
    return _(_TEMPLATES[error.problem]).format(path=error.path, **details)


def describe_age(seconds: str | float | None) -> str:
    """"40 seconds", "12 minutes", "5 hours", "3 days"; "" when unknown."""
    try:
        value = int(float(seconds))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return ""
    if value >= 86400:
        return n_("{n} day", "{n} days", value // 86400).format(n=value // 86400)
    if value >= 3600:
        return n_("{n} hour", "{n} hours", value // 3600).format(n=value // 3600)
    if value >= 60:
        return n_("{n} minute", "{n} minutes", value // 60).format(n=value // 60)
    return n_("{n} second", "{n} seconds", value).format(n=value)


def describe_lock_hint(error: DocumentError) -> str:
    """What the user can do about a lock: nothing while its holder runs on this host;
    take it over once the other computer is known to be off."""
    if error.details.get("can_take_over") == "yes":
        return _("; if that computer no longer runs Tournament Manager (it crashed or was "
                 "switched off), the lock can be taken over")
    return _("; close the file there first")


def describe_broken_lock(path: str, holder: LockHolder) -> str:
    age = describe_age(holder.age_seconds())
    since = holder.since.isoformat(timespec="seconds") if holder.since else "?"
    pid = "?" if holder.pid is None else holder.pid
    return _("took over the lock of {path} held by user {user} on {host} "
             "(process {pid}, {age}since {since})").format(
        path=path, user=holder.user, host=holder.host, pid=pid, since=since,
        age=_("for {age}, ").format(age=age) if age else "")


def describe_lock_wait(path: str, holder: LockHolder, seconds: float) -> str:
    """A command waiting its turn behind another instance that holds the file."""
    pid = "?" if holder.pid is None else holder.pid
    return _("waiting up to {seconds} s for {path}, held by user {user} on {host} "
             "(process {pid})").format(seconds=f"{seconds:g}", path=path, user=holder.user,
                                       host=holder.host, pid=pid)


def describe_backup_failure(path: str, failure: BackupFailure) -> str:
    """A routine backup that failed: the tournament file is intact, but unprotected."""
    moment = _(_BACKUP_MOMENTS.get(failure.reason.value, failure.reason.value))
    error = failure.error
    if error.problem is DocumentProblem.NO_SPACE:
        cause = _("no space left on the disk of the backup folder {folder}").format(
            folder=Path(error.path).parent)
    else:
        cause = describe(error)
    return _("the automatic backup of {path} {moment} could not be written ({cause}); the "
             "tournament file itself is intact but has no new backup until this is "
             "fixed").format(path=path, moment=moment, cause=cause)
