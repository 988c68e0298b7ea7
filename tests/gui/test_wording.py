"""A hand's result and win type and a penalty's reason read the same in the window as in
the workbook the organisers take, in every language: one table of words, not two."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.exports.sample_event import SampleEvent, build_sample_event
from tournament_manager.exports.jobs import ExportKind, run_export
from tournament_manager.gui.models.penalty_model import PenaltyModel
from tournament_manager.gui.models.sheet_model import RESULT, WIN_TYPE, SheetModel
from tournament_manager.gui.translation import install_translations, remove_translations
from tournament_manager.languages import Language
from tournament_manager.services.views import sheet_view
from tournament_manager.storage.document import Document


@pytest.fixture
def sample(document: Document) -> SampleEvent:
    return build_sample_event(document)


@pytest.fixture(params=[language.value for language in Language])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[Language]:
    chosen = Language(request.param)
    install_translations(qapp, chosen)
    yield chosen
    remove_translations(qapp)


REASON = 1
"""The penalty list's column of reasons."""


def _column(model: SheetModel | PenaltyModel, column: int) -> set[str]:
    return {str(model.index(row, column).data(Qt.ItemDataRole.DisplayRole))
            for row in range(model.rowCount())}


def _workbook_cells(path: Path) -> set[str]:
    book = load_workbook(path, read_only=True)
    return {str(value) for sheet in book.worksheets
            for row in sheet.iter_rows(values_only=True) for value in row if value is not None}


def test_the_window_words_a_hand_and_a_penalty_as_the_workbook_does(
        document: Document, sample: SampleEvent, language: Language, tmp_path: Path) -> None:
    views = [sheet_view(document.unit_of_work(), table_id) for table_id in sample.tables]
    shown: set[str] = set()
    for view in views:
        hands = SheetModel()
        hands.set_view(view)
        shown |= _column(hands, RESULT) | _column(hands, WIN_TYPE)
        penalties = PenaltyModel()
        penalties.set_penalties(view.penalties, view.players)
        shown |= _column(penalties, REASON)
    shown.discard("")
    # the sample plays every result the sheet has, four win types and two reasons
    assert len(shown) >= 7, shown
    book = run_export(document.unit_of_work(), ExportKind.WORKBOOK, tmp_path / "event.xlsx")
    assert shown - _workbook_cells(book) == set(), language
