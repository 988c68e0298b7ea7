"""Every refusal code a user can meet has words: a new code without a sentence would
reach the judge as a KeyError or a bare code."""

from __future__ import annotations

import string

import pytest

from tournament_manager.domain.settings import SettingsProblem
from tournament_manager.messages import documents, services
from tournament_manager.messages.verification import describe_finding
from tournament_manager.rules.errors import SettlementErrorCode
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import DriftKind
from tournament_manager.services.verification import Difference, Finding, FindingKind, Part
from tournament_manager.storage.errors import DocumentError, DocumentProblem


def _fields(template: str | tuple[str, str]) -> dict[str, str]:
    """Every field a template names (both forms, when it has two)."""
    forms = template if isinstance(template, tuple) else (template,)
    return {name: f"<{name}>" for form in forms
            for _text, name, _spec, _conv in string.Formatter().parse(form) if name}


@pytest.mark.parametrize("problem", list(ServiceProblem))
def test_every_service_problem_is_worded(problem: ServiceProblem) -> None:
    if problem is ServiceProblem.BAD_SETTINGS:
        error = ServiceError(problem, problems=tuple(SettingsProblem))
    elif problem is ServiceProblem.HAND_NOT_SETTLEABLE:
        error = ServiceError(problem, hand=3, code=SettlementErrorCode.DISCARDER_REQUIRED.value,
                             seat="")
    elif problem is ServiceProblem.PLAYER_CHANGED_MEANWHILE:
        error = ServiceError(problem, name="Ada", by="Desk 2 (results desk)", at="10:05",
                             changes=(("country", "JP"), ("club", "")))
    else:
        error = ServiceError(problem, **_fields(services._TEMPLATES[problem]))
    text = services.describe(error)
    assert text and problem.value not in text and "{" not in text


@pytest.mark.parametrize("problem", list(DocumentProblem))
def test_every_document_problem_is_worded(problem: DocumentProblem) -> None:
    details = _fields(documents._TEMPLATES[problem])
    details.pop("path", None)
    text = documents.describe(DocumentError(problem, "event.tmt", **details))
    assert "event.tmt" in text and "{" not in text


@pytest.mark.parametrize("kind", list(FindingKind))
def test_every_verification_finding_is_worded(kind: FindingKind) -> None:
    finding = Finding(kind, session=2, table=5, hand=7, version=2, round=1, player="Ada",
                      differences=(Difference(Part.HAND, number=7), Difference(Part.PENALTIES)),
                      entity="penalty", entity_id=9, drift=DriftKind.CHANGED, entry=40)
    text = describe_finding(finding)
    assert text.startswith("session 2, table 5, hand 7: ") and "None" not in text


def test_lists_in_refusals_read_as_words() -> None:
    error = ServiceError(ServiceProblem.ROUND_NOT_FINISHED, round=1, sessions=[2, 3, 4])
    assert services.describe(error) == "round 1 is not finished: sessions 2, 3 and 4 remain"
    error = ServiceError(ServiceProblem.ROUND_NOT_FINISHED, round=1, sessions=[4])
    assert services.describe(error) == "round 1 is not finished: session 4 remains"
    one = ServiceError(ServiceProblem.SHEETS_NOT_SIGNED, session=2, tables=[5])
    assert services.describe(one) == ("session 2 cannot close: the sheet of table 5 is not "
                                      "signed")
