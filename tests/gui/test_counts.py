"""A count of things in the window has its words for one: "1 tables" headed the final's
row on the Seating page. English has two forms where Chinese has one, and the window's
words are English sources, so each "{n} tables" has a sibling for 1 ("1 table"), chosen by
`formatting.by_count`; a count that is never 1 is listed here with the reason."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

from PySide6.QtCore import Qt

from tests.gui.event_files import seated_event_file
from tournament_manager.gui.formatting import by_count
from tournament_manager.gui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "tournament_manager" / "translations" / "tournament_manager_zh_CN.ts"

COUNTED = re.compile(r"\{(?:n|k|count|bad)\} (table|player|session|hand|row|character|sheet)s\b")

NEVER_ONE = {
    ("CutsPage", ("The {n} players it took on leave round {next}; the cut can then be made "
                 "again on the standings as they are now. Edit ▸ Undo puts it back as it "
                 "was.")): "a cut keeps a multiple of 4",
    ("CutsPage", "This cut has been made: {n} players are in round {next}."):
        "a cut keeps a multiple of 4",
    ("CutsPage", "{n} players go on to round {next}."): "a cut keeps a multiple of 4",
    ("NewPassphraseFields", "at least {n} characters"): "the least length of a passphrase",
    ("NewPassphraseFields", "Choose one of at least {n} characters and type it twice."):
        "the least length of a passphrase",
    ("NewPassphraseFields", "Too short: {count} of at least {n} characters."):
        "'1 of at least 12 characters' reads right",
    ("HeadJudgeDialog", "{count} of at least {n} characters"):
        "'1 of at least 12 characters' reads right",
}


def _sources() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for context in ElementTree.parse(CATALOGUE).getroot().iter("context"):
        name = context.findtext("name") or ""
        found[name] = {message.findtext("source") or "" for message in context.iter("message")}
    return found


def test_every_count_of_things_has_its_words_for_one() -> None:
    sources = _sources()
    missing = []
    for context, texts in sources.items():
        for text in texts:
            match = COUNTED.search(text)
            if match is None or (context, text) in NEVER_ONE:
                continue
            one = text[:match.start()] + "1 " + match.group(1)
            if not any(other.startswith(one) for other in texts):
                missing.append(f"{context}: {text!r} has no {one!r}…")
    assert missing == []
    assert all(text in sources.get(context, ()) for context, text in NEVER_ONE), (
        "a listed exception is no longer in the window")


def test_by_count_chooses_the_form_for_one() -> None:
    assert [by_count(n, "1 table", "{n} tables").format(n=n) for n in (0, 1, 2)] == [
        "0 tables", "1 table", "2 tables"]


def test_a_session_of_one_table_is_one_table_on_the_seating_page(window: MainWindow,
                                                                  tmp_path: Path) -> None:
    """Four players (as a final seats): the session's draw reads '1 table', and its
    published tables '1 table' too where they are summed up by state."""
    path, _ = seated_event_file(tmp_path / "four.tmt", players=4, running=False)
    assert window.controller.open(path)
    page = window.seating_page
    window.show_page(page)
    page.choose_session(1)
    assert page.draw(time_limit=5) is not None
    model = page.sessions
    assert [model.index(0, column).data(Qt.ItemDataRole.DisplayRole)
            for column in (2, 3)] == ["drawn, not published yet", "1 table"]
