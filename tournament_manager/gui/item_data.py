"""Values kept in Qt item data (combo boxes, list items): plain ints and strings only.

Two PySide6 6.12 traps make anything else unsafe:

- An item's data comes back converted: an enum member stored in a combo box is a plain
  `str` (StrEnum) or `int` when it is read again, so code that relies on `.value` breaks
  (File ▸ New did: `'str' object has no attribute 'value'`). Store the enum's value and
  convert it back (`Preset(current_choice(combo))`).
- Reading data that is not there (an empty combo box, an item stored without data or with
  None) hands back None without taking a reference to it. `gui.singletons` keeps None
  alive whatever PySide6 does, but "no choice" is still stored as a sentinel (`NO_CHOICE`,
  or 0 for numbers that start at 1) and read through `current_choice`, which never asks
  Qt for an item that does not exist, so None never travels through item data at all.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtWidgets import QComboBox

ChoiceValue = int | str
NO_CHOICE = ""
"""The stored value of an item meaning "none" (all players, every session…)."""


def add_choice(combo: QComboBox, text: str, value: ChoiceValue) -> None:
    """Add an item whose data is a plain int or str (never None, never an object)."""
    if isinstance(value, Enum):
        value = value.value  # a member would come back as its mixin type anyway
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"combo item data must be a plain int or str, not {value!r}")
    combo.addItem(text, str(value) if isinstance(value, str) else int(value))


def current_choice(combo: QComboBox) -> ChoiceValue | None:
    """The chosen item's value; None when nothing is chosen (the box is empty)."""
    index = combo.currentIndex()
    if index < 0:
        return None
    value = combo.itemData(index)
    return value if isinstance(value, (int, str)) else None


def choose(combo: QComboBox, value: ChoiceValue | None, fallback: int = 0) -> None:
    """Select the item holding `value`, else the item at `fallback` (if there is one)."""
    index = combo.findData(value) if value is not None else -1
    if index < 0:
        index = fallback if combo.count() > fallback else combo.count() - 1
    combo.setCurrentIndex(index)
