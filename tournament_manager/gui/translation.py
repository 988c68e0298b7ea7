"""The window's language: Qt's own words (the buttons of standard dialogs) and ours, from
the compiled Qt Linguist files in `tournament_manager/translations` (see
tools/translations.py), installed before the first window is made.

A change of language made in the window (View ▸ Language) takes effect at the next start,
as in most desktop applications: every widget would otherwise have to rebuild its words.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from tournament_manager.languages import Language, chosen_language
from tournament_manager.words import use_language

TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"

_installed: list[QTranslator] = []


def window_language(saved: str | None) -> Language:
    """What the window speaks: forced by the environment, else the saved choice, else the
    system's language as Qt reads it (on Windows and macOS the POSIX variables are unset)."""
    return chosen_language(saved, QLocale.system().name())


def install_translations(app: QCoreApplication, language: Language) -> None:
    """Replace whatever translations are installed by those of `language`; English has
    none. The Qt-free layers' words (`tournament_manager.words`) and numbers and dates
    (`QLocale.setDefault`) follow the language too."""
    remove_translations(app)
    use_language(language)
    if language is Language.EN:
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
        return
    qt_words = QTranslator(app)
    if qt_words.load(f"qtbase_{language.value}",
                     QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)) or \
            qt_words.load(f"qt_{language.value}",
                          QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt_words)
        _installed.append(qt_words)
    ours = QTranslator(app)
    if not ours.load(f"tournament_manager_{language.value}", str(TRANSLATIONS)):
        raise FileNotFoundError(TRANSLATIONS / f"tournament_manager_{language.value}.qm")
    app.installTranslator(ours)
    _installed.append(ours)
    QLocale.setDefault(QLocale(language.value))


def remove_translations(app: QCoreApplication) -> None:
    use_language(None)
    while _installed:
        app.removeTranslator(_installed.pop())
