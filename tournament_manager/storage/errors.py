"""Why a tournament document cannot be used; the CLI and GUI word these codes."""

from __future__ import annotations

from enum import StrEnum


class DocumentProblem(StrEnum):
    MISSING = "missing"
    EXISTS = "exists"
    UNREADABLE = "unreadable"
    NOT_A_TOURNAMENT = "not_a_tournament"
    TOO_NEW = "too_new"
    DAMAGED = "damaged"
    LOCKED = "locked"
    MIGRATION_FAILED = "migration_failed"
    READ_ONLY_OUTDATED = "read_only_outdated"
    NO_SPACE = "no_space"
    UNWRITABLE = "unwritable"
    SAME_FILE = "same_file"
    LOCKED_TARGET = "locked_target"


class DocumentError(Exception):
    """A known, user-fixable problem with a document (as opposed to a bug of ours)."""

    def __init__(self, problem: DocumentProblem, path: str, **details: str) -> None:
        super().__init__(f"{problem.value}: {path} {details}")
        self.problem = problem
        self.path = path
        self.details = details
