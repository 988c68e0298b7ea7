"""What people typed is shown as they typed it: never read as HTML, never as an Alt+letter.

Player names, the event's name and venue, notes and reasons come from registration forms
and from the desk, and Qt reads two kinds of markup into a text by default:

- A label in `Qt.AutoText` (so also a message box's text and a tooltip) takes a text
  that looks like HTML as rich text: the player "Seán O'Brien <b>Bold</b> & Co" was
  announced with **Bold** in bold, the event "Spring & <i>Open</i> 2026" headed the Setup
  page and the projector in italics. No label of the window means rich text (the Quick
  Guide is a QTextBrowser, the About box asks for it by name), so one application-wide
  filter (`install`) turns every label still in AutoText to PlainText as it is polished,
  before it is first shown: the labels that pages, dialogs and message boxes build later
  too, and the one Qt shows tooltips in.
- A button, group box title, tab, menu action or undo command (the Edit menu's
  "Undo …") takes '&' as the mark of its Alt+letter: "& Co" was shown as "_Co", the '&'
  gone and the C underlined, with Alt+C pressing the button. Qt has no switch for that, so
  a text made with user data for any of those goes through `no_mnemonic`; every undo
  command does, in `commands.base`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel

from tournament_manager.gui.app_filter import installed_once

FILTER_NAME = "plain_text_labels"


def no_mnemonic(text: str) -> str:
    """`text` for a button, group box, tab, action or undo command: its '&' doubled, so
    Qt shows each one instead of underlining the letter after it."""
    return text.replace("&", "&&")


def as_shown(text: str) -> str:
    """A button's or menu's text as it reads on screen: without its mnemonic marker."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


class PlainTextLabels(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Polish and isinstance(watched, QLabel)
                and watched.textFormat() == Qt.TextFormat.AutoText):
            watched.setTextFormat(Qt.TextFormat.PlainText)
        return False


def install(app: QCoreApplication | None = None) -> PlainTextLabels:
    """The application's filter (installed once, however often this is called)."""
    return installed_once(PlainTextLabels, FILTER_NAME, app)
