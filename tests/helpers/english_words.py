"""Finding English left in a translated output: the words of our gettext sources that no
translation keeps. Shared by the language tests of the exports and the command line (the
window's own words come from the Qt Linguist files: tests/gui/test_languages.py)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from tournament_manager.languages import Language
from tournament_manager.words import DOMAIN, LOCALE


def words(text: str) -> set[str]:
    """English-looking words: four ASCII letters or more, case-folded."""
    return {word.casefold() for word in re.findall(r"[A-Za-z]{4,}", text)}


def without_commands(text: str) -> str:
    """A text without the command lines it quotes (`--record`, `tournament-manager score`):
    those words are typed, not kept from the English."""
    return re.sub(r"tournament-manager\s+[\w-]+|--[\w-]+", " ", text)


def without_placeholders(text: str, *, json_stays: bool = False) -> str:
    """Without {name} and {limit:.0f}; with `json_stays`, a JSON example in a help text
    ({"concealed": …}, printed as it is) stays, else it goes too."""
    pattern = r"\{\w*(?:[:!][^}]*)?\}" if json_stays else r"\{[^}]*\}"
    return re.sub(pattern, " ", text)


def catalogue_words(language: Language, *, json_stays: bool = False) -> set[str]:
    """The words of our English sources that no translation into `language` keeps (a
    product name, PDF, Excel are kept on purpose and so never count). `json_stays`: for
    the command line's help, whose JSON examples print their keys as they are."""
    path = Path(LOCALE) / language.value / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    sources: set[str] = set()
    kept: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for source in ids:
            sources |= words(without_placeholders(source, json_stays=json_stays))
        for text in strings:
            kept |= words(without_commands(without_placeholders(text or "",
                                                                json_stays=json_stays)))
    return sources - kept
