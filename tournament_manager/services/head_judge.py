"""The head judge: who may change the record once players have signed it.

Acts that change a signed record (opening a locked sheet, reopening a finished session)
take a `HeadJudgeCredential`, checked here against the salted key stored in the event.
The check also names the head judge in the audit entries the act writes, so the record
says who changed it, when and why.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from tournament_manager.domain.model import HeadJudge
from tournament_manager.domain.passphrase import (
    MINIMUM_LENGTH,
    passphrase_key,
    passphrase_matches,
)
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import UnitOfWork

DEFAULT_NAME = "Head judge"
MINIMUM_REASON_LENGTH = 10
"""A reason a reader of the sheet can follow later ("fix", "x" are not reasons)."""


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class HeadJudgeCredential:
    """What the head judge types to act: his passphrase (never shown, never stored)."""

    passphrase: str = field(repr=False)


@dataclass(frozen=True)
class HeadJudgeSetup:
    """The head judge named when an event is created."""

    name: str
    passphrase: str = field(repr=False)


def current_head_judge(uow: UnitOfWork) -> HeadJudge | None:
    """The event's head judge (inside an open unit of work); None before one is named."""
    judges = uow.head_judges.list()
    return judges[0] if judges else None


def head_judge(uow: UnitOfWork) -> HeadJudge | None:
    with uow:
        return current_head_judge(uow)


def check_new_passphrase(passphrase: str) -> None:
    if len(passphrase) < MINIMUM_LENGTH:
        raise ServiceError(ServiceProblem.PASSPHRASE_TOO_SHORT, minimum=MINIMUM_LENGTH)


def store_head_judge(uow: UnitOfWork, name: str, passphrase: str, *,
                     clock: Callable[[], datetime] = _now) -> HeadJudge:
    """Name the head judge and store his key, inside an open unit of work (creating an
    event does this in its own transaction). The caller has checked who may do it."""
    name = name.strip() or DEFAULT_NAME
    check_new_passphrase(passphrase)
    judge = HeadJudge(name=name, key=passphrase_key(passphrase), set_at=clock())
    existing = current_head_judge(uow)
    uow.audit_actor(name)
    if existing is None:
        return uow.head_judges.add(judge)
    return uow.head_judges.update(dataclasses.replace(judge, id=existing.id))


def set_head_judge(uow: UnitOfWork, name: str, passphrase: str, *,
                   current: HeadJudgeCredential | None = None,
                   clock: Callable[[], datetime] = _now) -> HeadJudge:
    """Set or change the head judge and his passphrase; changing needs the current one.

    An event made before passphrases existed has none: its first one is set without.
    """
    with uow:
        existing = current_head_judge(uow)
        if (existing is not None and existing.key
                and (current is None
                     or not passphrase_matches(existing.key, current.passphrase))):
            raise ServiceError(ServiceProblem.WRONG_PASSPHRASE)
        judge = store_head_judge(uow, name, passphrase, clock=clock)
        uow.commit()
    return judge


def rename_head_judge(uow: UnitOfWork, name: str,
                      credential: HeadJudgeCredential) -> HeadJudge:
    """Put another name on the head judge (a new judge takes over, a typo) with the
    passphrase, which stays as it is."""
    name = name.strip()
    if not name:
        raise ServiceError(ServiceProblem.EMPTY_NAME)
    with uow:
        judge = _checked(uow, credential)
        uow.audit_actor(name)
        renamed = uow.head_judges.update(dataclasses.replace(judge, name=name))
        uow.commit()
    return renamed


def check_passphrase(uow: UnitOfWork, credential: HeadJudgeCredential) -> HeadJudge:
    """The head judge, if `credential` is his passphrase (a dialog checks before it closes;
    the act itself checks again)."""
    with uow:
        return _checked(uow, credential)


def _checked(uow: UnitOfWork, credential: HeadJudgeCredential) -> HeadJudge:
    judge = current_head_judge(uow)
    if judge is None or not judge.key:
        raise ServiceError(ServiceProblem.NO_HEAD_JUDGE_PASSPHRASE)
    if not passphrase_matches(judge.key, credential.passphrase):
        raise ServiceError(ServiceProblem.WRONG_PASSPHRASE)
    return judge


def authorize(uow: UnitOfWork, credential: HeadJudgeCredential, reason: str) -> HeadJudge:
    """Check the head judge's passphrase and reason inside an open unit of work; the
    act's audit entries then carry his name and the reason."""
    judge = _checked(uow, credential)
    reason = reason.strip()
    if len(reason) < MINIMUM_REASON_LENGTH:
        raise ServiceError(ServiceProblem.REASON_REQUIRED, minimum=MINIMUM_REASON_LENGTH)
    uow.audit_actor(judge.name)
    uow.audit_reason(reason)
    return judge
