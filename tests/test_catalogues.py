"""The Qt-free layers speak the chosen language too: the sentences of
`tournament_manager.messages` come from gettext catalogues that are current, complete and
compiled, and the command line answers in the language the environment forces."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tournament_manager.languages import LANGUAGE_ENV, DocumentLanguage, Language
from tournament_manager.messages.documents import describe, describe_age
from tournament_manager.messages.sentence import sentence, standing_alone
from tournament_manager.messages.verification import sheets_in_doubt
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.words import (
    current_language,
    headings,
    speaking,
    use_language,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def chosen() -> Iterator[None]:
    yield
    use_language(None)


def test_the_catalogues_are_current_and_complete() -> None:
    completed = subprocess.run([sys.executable, str(ROOT / "tools" / "catalogues.py"),
                                "check"], capture_output=True, text=True, check=False)
    assert completed.returncode == 0, completed.stdout + completed.stderr


def test_every_module_that_speaks_is_extracted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module saying words through `words` outside the folders the catalogue is made
    from would be English in every language."""
    import ast
    import importlib.util

    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    catalogues = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogues)
    speaking_names = {"_", "N_", "n_", "Nn_", "p_"}
    speakers = []
    for path in (ROOT / "tournament_manager").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.ImportFrom) and node.module == "tournament_manager.words"
                    and speaking_names & {alias.name for alias in node.names}):
                speakers.append(path)
    assert len(speakers) > 20
    outside = [path for path in speakers
               if not any(path.is_relative_to(folder) for folder in catalogues.SOURCES)]
    assert outside == []


@pytest.mark.parametrize(("language", "missing"), [(Language.ZH_CN, "不存在"),
                                                   (Language.ZH_TW, "不存在")])
def test_a_sentence_is_said_in_the_language_chosen(chosen: None, language: Language,
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


def test_a_document_language_holds_in_its_thread_only() -> None:
    """An export in a worker thread speaks its document's language while the window's
    thread goes on in its own, during the export and after it."""
    error = DocumentError(DocumentProblem.MISSING, "spring.tmt")
    english = describe(error)
    inside, started, release = [], threading.Event(), threading.Event()

    def export() -> None:
        with speaking(DocumentLanguage.ZH_TW):
            inside.append(describe(error))
            started.set()
            release.wait(30)
            inside.append(describe(error))
        inside.append(describe(error))

    worker = threading.Thread(target=export)
    worker.start()
    assert started.wait(30)
    assert describe(error) == english and current_language() is Language.EN
    release.set()
    worker.join(30)
    assert inside[0] == inside[1] != english and "不存在" in inside[0]
    assert inside[2] == english


def test_bilingual_headings_carry_the_english_below() -> None:
    assert headings("Patterns") == ["Patterns"]
    with speaking(DocumentLanguage.ZH_CN):
        chinese = headings("Patterns")
    with speaking(DocumentLanguage.EN_ZH_CN):
        both = headings("Patterns")
        assert headings("±") == ["±"]  # the same in both: said once
    with speaking(DocumentLanguage.EN):
        assert headings("Patterns") == ["Patterns"]
    assert len(chinese) == 1 and chinese[0] != "Patterns"
    assert both == [chinese[0], "Patterns"]
    assert [language.native_name for language in DocumentLanguage] == [
        "English", "简体中文", "繁體中文", "English + 简体中文", "English + 繁體中文"]


@pytest.mark.parametrize(("language", "said"), [
    (Language.EN, "The sheet of table 1 is signed by Ann McLeod and DE VRIES."),
    (Language.ZH_CN, "The sheet of table 1 is signed by Ann McLeod and DE VRIES。"),
])
def test_a_clause_stands_as_a_sentence_in_the_language(language: Language, said: str,
                                                       chosen: None) -> None:
    """`capitalize() + "."` lowered every letter after the first (names too) and put an
    English stop after Chinese: "第 2 轮是最后一轮：没有可晋级的下一轮." on the Cuts page."""
    use_language(language)
    assert sentence("the sheet of table 1 is signed by Ann McLeod and DE VRIES") == said
    assert sentence("  ") == ""


def test_a_problem_for_the_message_bar_ends_once(chosen: None) -> None:
    """The message bar shows a service's refusal as a sentence (it read "session 2 has
    already started", lower case and no stop), and leaves a text written as sentences
    with its own ending: no second stop after ".", "。", ":" or "?"."""
    use_language(Language.EN)
    assert standing_alone("session 2 has already started") == "Session 2 has already started."
    for written in ("Saved.", "Two problems:", "会话 2 已开始。", "Keep it?", "done…"):
        assert standing_alone(written) == written[0].upper() + written[1:]
    assert standing_alone(" ") == ""
    # A path, an address or a file's name first is written as it is: "Postgresql://…"
    # and "Event.tmt" (another file where names are case-sensitive) misled.
    for named in ("postgresql://tm@db/open: no such database", "event.tmt: no such file",
                  "/media/usb/spring.tmt is read-only", "C:\\events\\spring.tmt: gone"):
        assert standing_alone(named) == named + "."
    assert standing_alone("e.g. this one") == "E.g. this one."


def test_stations_and_rules_in_a_refusal_are_said_in_the_language(chosen: None) -> None:
    """A phone set to Chinese read "第 2 局由 Desk B (results desk) 录入" and "按 Zung Jung
    (Asia Pacific Mahjong)…": the audit log's English role and the rules layer's name."""
    from tournament_manager.messages.hand_errors import describe_value_problem
    from tournament_manager.messages.stations import said_actor
    from tournament_manager.rules import get_rule_set

    rules = get_rule_set("zung-jung")
    problem = rules.value_problem(32, rules.default_options())
    assert problem is not None
    use_language(Language.ZH_CN)
    assert said_actor("Desk B (results desk)") == "Desk B（成绩台）"
    assert said_actor("Table 7 (table-side)") == "第 7 桌（桌边录入）"
    assert said_actor("head judge") == "裁判长"
    assert said_actor("someone (else)") == "someone (else)"
    said = describe_value_problem(problem, "zung-jung")
    assert "中庸计分（亚太麻将大赛）" in said and "Zung Jung" not in said
    use_language(Language.EN)
    assert said_actor("Desk B (results desk)") == "Desk B (results desk)"
    assert "a Zung Jung (Asia Pacific Mahjong) hand" in describe_value_problem(problem, "zung-jung")
