"""The window in English, 简体中文 and 繁體中文: which language is chosen, and that every
page of a running event speaks it, with no English word of ours left on screen."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from tournament_manager.gui.calculator.panel import CalculatorPanel
from tournament_manager.gui.help_menu import QuickGuideDialog, about_text
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.new_tournament_dialog import NewTournamentDialog
from tournament_manager.gui.open_server_dialog import OpenServerDialog
from tournament_manager.gui.settings import AppSettings
from tournament_manager.gui.translation import (
    install_translations,
    remove_translations,
    window_language,
)
from tournament_manager.languages import (
    LANGUAGE_ENV,
    Language,
    chosen_language,
    parse_language,
)
from tournament_manager.messages.patterns import pattern_name
from tournament_manager.storage.document import open_document

from .canned import CannedDialogs
from .event_files import seated_event_file

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from translations import messages, ts_file


@pytest.mark.parametrize(("name", "language"), [
    ("zh_CN.UTF-8", Language.ZH_CN), ("zh-Hans-CN", Language.ZH_CN), ("zh_SG", Language.ZH_CN),
    ("zh_TW", Language.ZH_TW), ("zh_HK.Big5", Language.ZH_TW), ("zh-Hant", Language.ZH_TW),
    ("zh_MO", Language.ZH_TW), ("Chinese (Traditional)_Taiwan", Language.ZH_TW),
    ("Chinese (Simplified)_China", Language.ZH_CN), ("en_GB.UTF-8", Language.EN),
    ("C", Language.EN), ("fr_FR", None), ("", None), (None, None)])
def test_locale_names_are_read_as_languages(name: str | None,
                                            language: Language | None) -> None:
    assert parse_language(name) is language


def test_the_environment_wins_then_the_choice_then_the_system(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LANGUAGE_ENV, raising=False)
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    assert chosen_language() is Language.ZH_TW
    assert chosen_language(system="en_US") is Language.EN
    assert chosen_language("zh_CN", "en_US") is Language.ZH_CN
    monkeypatch.setenv(LANGUAGE_ENV, "en")
    assert chosen_language("zh_CN", "zh_TW") is Language.EN
    monkeypatch.setenv(LANGUAGE_ENV, "klingon")
    assert chosen_language("zh_CN") is Language.ZH_CN  # not a language of ours: ignored
    assert window_language("zh_TW") is Language.ZH_TW


def _english_of_ours(language: Language) -> dict[str, str]:
    """Our English words (accelerators and trailing dots dropped) -> their translation,
    where the translation differs: any of them on screen is a word not translated."""
    found = {}
    for (_context, source), text in messages(ts_file(language.value)).items():
        plain = _plain(source)
        if text is not None and _plain(text) != plain and len(plain) > 1 and "{" not in plain:
            found[plain] = text
    return found


def _english_words(language: Language, data: set[str]) -> set[str]:
    """The English words of our sources (four letters or more) that no translation keeps
    and no datum of the event holds (a name, the venue): one of them on screen is English
    written outside the translation files (an f-string, a word table not marked)."""
    sources, kept = set(), set()
    for (_context, source), text in messages(ts_file(language.value)).items():
        sources |= _words(re.sub(r"\{[^}]*\}|<[^>]*>", " ", source))
        kept |= _words(text or "")
    return sources - kept - {word for datum in data for word in _words(datum)}


def _words(text: str) -> set[str]:
    """English-looking words, addresses (postgresql://judge@host/event) left out."""
    text = re.sub(r"\S+://\S+", " ", text)
    return {word.casefold() for word in re.findall(r"[A-Za-z]{4,}", text)}


def _plain(text: str) -> str:
    return re.sub(r"\(&\w\)|&(?=\w)", "", text).rstrip("….:").strip()


def _shown(window: QWidget) -> set[str]:
    """Every text of the window a judge reads: labels, buttons, group titles, tabs, menus
    and their actions, line-edit hints and the headers of every table."""
    texts = set()
    for widget in window.findChildren(QWidget):
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.add(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.add(widget.title())
        elif isinstance(widget, QLineEdit):
            texts.add(widget.placeholderText())
        elif isinstance(widget, QTextEdit):
            texts.update(widget.toPlainText().splitlines())
        elif isinstance(widget, QTabWidget):
            texts.update(widget.tabText(i) for i in range(widget.count()))
        elif isinstance(widget, QMenu):
            texts.add(widget.title())
            texts.update(action.text() for action in widget.actions())
        header = getattr(widget, "horizontalHeader", None)
        if isinstance(widget, QAbstractItemView) and header is not None and widget.model():
            texts.update(str(widget.model().headerData(column, Qt.Orientation.Horizontal))
                         for column in range(header().count()))
    return {_plain(text) for text in texts if text}


@pytest.fixture
def speaking(request: pytest.FixtureRequest, qtbot, tmp_path: Path,
             app_settings: AppSettings) -> Iterator[tuple[Language, MainWindow]]:
    """A running event in a window made after `language` was installed, as at a start."""
    language = Language(request.param)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    install_translations(app, language)
    try:
        window = MainWindow(app_settings, CannedDialogs().dialogs())
        qtbot.addWidget(window)
        window.show()
        path, _ = seated_event_file(tmp_path / "spring.tmt")
        assert window.controller.open(path)
        with open_document(path, read_only=True) as document, document.unit_of_work() as uow:
            window.data_words = {p.name for p in uow.players.list()} | {  # type: ignore[attr-defined]
                "Spring Open", "Hall A", "Ada Judge", str(path)}
        yield language, window
        window.close()
    finally:
        remove_translations(app)


@pytest.mark.parametrize("speaking", ["zh_CN", "zh_TW"], indirect=True)
def test_every_page_speaks_the_language(speaking: tuple[Language, MainWindow]) -> None:
    language, window = speaking
    english = _english_of_ours(language)
    assert QCoreApplication.translate("MainWindow", "&File") == \
        messages(ts_file(language.value))[("MainWindow", "&File")]
    vocabulary = _english_words(language, window.data_words)  # type: ignore[attr-defined]
    left, mixed = {}, set()
    for index in range(window.tabs.count()):
        window.go_to_page(index)
        QApplication.processEvents()
        shown = _shown(window)
        left.update({text: english[text] for text in shown if text in english})
        mixed |= {text for text in shown if _words(text) & vocabulary}
    window.projector.show()  # the second screen's window: standings and seating
    for _step in range(3):
        window.projector.advance()
        QApplication.processEvents()
        shown = _shown(window.projector)
        left.update({text: english[text] for text in shown if text in english})
        mixed |= {text for text in shown if _words(text) & vocabulary}
    window.projector.close()
    assert left == {}
    assert mixed == set()


def _cells(panel: CalculatorPanel, column: int) -> list[str]:
    table = panel.patterns
    return [table.item(row, column).text() for row in range(table.rowCount())]


# A hand each rule set scores (ZJ and classical: a dragon pung; MCR: a pure straight), typed
# as concealed tiles, melds and the winning tile.
CALCULATED = {
    "zung-jung": ("111222p33p99m", "RdRdRd", "3p"),
    "mcr": ("123456789m11p22p", "", "2p"),
    "classic": ("111222p33p99m", "RdRdRd", "3p"),
}


@pytest.mark.parametrize("speaking", ["zh_CN", "zh_TW"], indirect=True)
def test_the_calculator_names_the_patterns_in_the_language(
        speaking: tuple[Language, MainWindow]) -> None:
    """The pattern list's cells are data the sweep above does not read: a pattern named in
    English there (a name the rules layer gives, not a word of the .ts) is caught here."""
    _language, window = speaking
    window.show_page(window.sheets_page)
    panel = window.sheets_page.calculator
    for rule_set_id, (concealed, melds, winning) in CALCULATED.items():
        panel.set_rules(rule_set_id, {})
        for edit, text in ((panel.concealed, concealed), (panel.melds, melds),
                           (panel.winning, winning)):
            edit.setText(text)
        QApplication.processEvents()
        scored = panel.report.result.patterns
        names = _cells(panel, 1)
        assert names, (rule_set_id, panel.error.text())
        assert _cells(panel, 0) == [pattern.id for pattern in scored]
        assert names == [pattern_name(rule_set_id, p.id, p.name) for p in scored]
        for name, pattern in zip(names, scored, strict=True):
            assert name != pattern.name and re.search(r"[\u4e00-\u9fff]", name), name
            assert _words(name) == set(), (rule_set_id, name)


def test_the_language_menu_remembers_the_choice_for_the_next_start(
        window: MainWindow, app_settings: AppSettings,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LANGUAGE_ENV, raising=False)
    menu = window.findChild(QMenu, "language_menu")
    assert menu is not None
    names = [action.text() for action in menu.actions()]
    assert names == ["English", "简体中文", "繁體中文"]
    assert sum(action.isChecked() for action in menu.actions()) == 1
    chosen = window.findChild(type(menu.actions()[0]), "action_language_zh_TW")
    chosen.trigger()
    assert app_settings.language() == "zh_TW"
    assert window_language(app_settings.language()) is Language.ZH_TW
    assert "繁體中文" in window.message_bar.text() and "next start" in window.message_bar.text()
    monkeypatch.setenv(LANGUAGE_ENV, "en")
    window.findChild(type(chosen), "action_language_zh_CN").trigger()
    assert app_settings.language() == "zh_CN"
    assert LANGUAGE_ENV in window.message_bar.text()


@pytest.mark.parametrize("language", ["zh_CN", "zh_TW"])
def test_the_dialogs_of_a_start_speak_the_language(qtbot, language: str) -> None:
    """The dialogs a judge meets before any event is open: File ▸ New, File ▸ Open on a
    Server, Help ▸ Quick Guide and Help ▸ About."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    spoken = Language(language)
    install_translations(app, spoken)
    try:
        vocabulary = _english_words(spoken, set())
        for dialog in (NewTournamentDialog(), OpenServerDialog(), QuickGuideDialog()):
            qtbot.addWidget(dialog)
            shown = _shown(dialog) | {_plain(dialog.windowTitle())}
            assert {text for text in shown if _words(text) & vocabulary} == set(), dialog
        about = re.sub(r"<[^>]*>", " ", about_text(QWidget()))
        assert not _words(about) & vocabulary
    finally:
        remove_translations(app)


@pytest.mark.parametrize("language", ["zh_CN", "zh_TW"])
def test_qt_s_own_dialogs_speak_the_language(qtbot, language: str) -> None:
    """The dialogs Qt draws itself where the platform has none (File ▸ Open and every Save
    on a bare Linux desktop), its message boxes' buttons and a text field's menu: no label
    left in English, although Qt's own catalogue lacks two of them (gui/qt_words.py)."""
    from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QFileDialog, QMessageBox

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    install_translations(app, Language(language))
    try:
        shown: set[str] = set()
        for mode in (QFileDialog.AcceptMode.AcceptSave, QFileDialog.AcceptMode.AcceptOpen):
            dialog = QFileDialog(None, "", str(ROOT), "(*.tmt)")
            qtbot.addWidget(dialog)
            dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
            dialog.setAcceptMode(mode)
            shown |= {label.text() for label in dialog.findChildren(QLabel)}
            shown |= {text for button in dialog.findChildren(QAbstractButton)
                      for text in (button.text(), button.toolTip())}
            shown |= {box.itemText(index) for box in dialog.findChildren(QComboBox)
                      if box.objectName() == "fileTypeCombo" for index in range(box.count())}
        box = QMessageBox(QMessageBox.Icon.Question, "", "",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
                          | QMessageBox.StandardButton.Cancel | QMessageBox.StandardButton.Save
                          | QMessageBox.StandardButton.Discard)
        qtbot.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Close
                                   | QDialogButtonBox.StandardButton.Apply
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        qtbot.addWidget(buttons)
        shown |= {button.text() for parent in (box, buttons)
                  for button in parent.findChildren(QAbstractButton)}
        field = QLineEdit()
        qtbot.addWidget(field)
        shown |= {action.text() for action in field.createStandardContextMenu().actions()}
        english = {text for text in shown
                   if re.search(r"[A-Za-z]{2,}", text.split("\t")[0])
                   and text not in (str(ROOT), "(*.tmt)")}  # the folder and our filter
        assert len(shown) > 20
        assert english == set()
    finally:
        remove_translations(app)
