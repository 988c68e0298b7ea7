"""The Qt-free layers speak the chosen language too: the sentences of
`tournament_manager.messages` come from gettext catalogues that are current, complete and
compiled, and the command line answers in the language the environment forces."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tournament_manager.languages import LANGUAGE_ENV, Language
from tournament_manager.messages.documents import describe, describe_age
from tournament_manager.messages.verification import sheets_in_doubt
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.words import current_language, use_language

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def speaking() -> Iterator[None]:
    yield
    use_language(None)


def test_the_catalogues_are_current_and_complete() -> None:
    completed = subprocess.run([sys.executable, str(ROOT / "tools" / "catalogues.py"),
                                "check"], capture_output=True, text=True, check=False)
    assert completed.returncode == 0, completed.stdout + completed.stderr


@pytest.mark.parametrize(("language", "missing"), [(Language.ZH_CN, "不存在"),
                                                   (Language.ZH_TW, "不存在")])
def test_a_sentence_is_said_in_the_language_chosen(speaking: None, language: Language,
                                                   missing: str) -> None:
    error = DocumentError(DocumentProblem.MISSING, "spring.tmt")
    english = describe(error)
    use_language(language)
    said = describe(error)
    assert current_language() is language
    assert "spring.tmt" in said and said != english and missing in said
    assert "2" in describe_age(130) and "minute" not in describe_age(130)
    assert sheets_in_doubt([(1, 2), (3, 4)]).count("、") == 1
    use_language(Language.EN)
    assert describe(error) == english == "spring.tmt: no such file"
    assert describe_age(60) == "1 minute" and describe_age(130) == "2 minutes"


def test_the_command_line_answers_in_the_forced_language(tmp_path: Path) -> None:
    missing = tmp_path / "none.tmt"
    completed = subprocess.run(
        [sys.executable, "-m", "tournament_manager", "info", str(missing)],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, LANGUAGE_ENV: "zh_TW"})
    assert completed.returncode == 1
    line = completed.stderr.strip()
    assert line.startswith(f"tournament-manager: {missing}") and "不存在" in line
