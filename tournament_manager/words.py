"""The words of the Qt-free layers (`messages`, the exports, the command line and the table
page's server) in the process's language: gettext, as the standard library has it.

Catalogues live in `tournament_manager/locale/<language>/LC_MESSAGES/tournament_manager.mo`,
compiled from the `.po` beside them (`tools/catalogues.py`; the terms are those of
docs/glossary.md). In the code:

- `_("text")` says a text now;
- `N_("text")` only marks a text kept in a table, said where it is used: `_(TABLE[key])`;
  `Nn_("one", "many")` marks a pair of forms the same way, said with `n_`;
- `n_("one {n} minute", "{n} minutes", n)` picks the form for a count;
- `p_("mcr", "All Pungs")` says a text in a context, where one English text has different
  translations (the pattern names, whose context is their rule set's id:
  `messages.patterns`).

The language is `languages.chosen_language()` (forced by the environment, else the
system's), read once; the window sets its own with `use_language` at launch, since its
remembered choice lives in Qt's settings, which this layer does not read.

A document can speak another language than the process (`speaking`, around an export):
the choice is a context variable, so an export in a worker thread speaks its document's
language while the window's thread goes on in its own. On a bilingual document, the
headings that say so (`headings`) carry the English under the translation.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

from tournament_manager.languages import DocumentLanguage, Language, chosen_language

LOCALE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
"""Not a `Path`: `pathlib` is not loaded on `score`'s path, which says its help in words."""
DOMAIN = "tournament_manager"

_language: Language | None = None
_document: ContextVar[DocumentLanguage | None] = ContextVar("document_language", default=None)


def use_language(language: Language | None) -> None:
    """Speak `language` from now on (the window's choice); None: choose again as at start."""
    global _language
    _language = language


@contextmanager
def speaking(language: DocumentLanguage | None) -> Iterator[None]:
    """Within the block, in this thread (or task), speak `language`; None: the process's."""
    token = _document.set(language)
    try:
        yield
    finally:
        _document.reset(token)


def current_language() -> Language:
    document = _document.get()
    if document is not None:
        return document.language
    global _language
    if _language is None:
        _language = chosen_language()
    return _language


@cache
def _catalogue(language: Language) -> gettext.NullTranslations:
    if language is Language.EN:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE, [language.value], fallback=True)


def _(text: str) -> str:
    return _catalogue(current_language()).gettext(text)


def N_(text: str) -> str:
    return text


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Only marks a pair of forms kept in a table, said where it is used with `n_`."""
    return singular, plural


def n_(singular: str, plural: str, count: int) -> str:
    return _catalogue(current_language()).ngettext(singular, plural, count)


def p_(context: str, text: str) -> str:
    return _catalogue(current_language()).pgettext(context, text)


def headings(text: str) -> list[str]:
    """A heading of a score sheet or a player's card (`text` marked with `N_`), as the
    lines to print: the translation, and on a bilingual document the English below it
    (one line when the two are the same, as "±" or an English document)."""
    said = _(text)
    document = _document.get()
    if document is not None and document.bilingual and said != text:
        return [said, text]
    return [said]

