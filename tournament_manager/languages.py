"""The languages the application speaks, and which one it speaks in this process.

English (the source language), Simplified Chinese and Traditional Chinese. Which one, in
this order:

1. `TOURNAMENT_MANAGER_LANGUAGE=en|zh_CN|zh_TW` forces it for the whole process: the
   window, the command line, every export alike (a value it does not know is ignored,
   and logged);
2. the language chosen in the window (View ▸ Language), remembered in its settings;
3. the system's: `zh_CN`, `zh_SG`, `zh_Hans…` speak Simplified Chinese, `zh_TW`,
   `zh_HK`, `zh_MO`, `zh_Hant…` Traditional Chinese; anything else English.

Nothing here imports Qt: the command line and the exports choose the same way.
"""

from __future__ import annotations

import locale
import os
from enum import StrEnum

LANGUAGE_ENV = "TOURNAMENT_MANAGER_LANGUAGE"


class Language(StrEnum):
    EN = "en"
    ZH_CN = "zh_CN"
    ZH_TW = "zh_TW"

    @property
    def native_name(self) -> str:
        """The language's name in itself, as a language menu lists it."""
        return _NATIVE_NAMES[self]


_NATIVE_NAMES = {Language.EN: "English", Language.ZH_CN: "简体中文",
                 Language.ZH_TW: "繁體中文"}


class DocumentLanguage(StrEnum):
    """The language of a printed document or workbook when it is not the window's: an
    organiser at a Macau event prints in Traditional Chinese from an English window, or
    score sheets whose headings are in English and Chinese both, for a field that reads
    either (`bilingual`). Chosen per station in the window (File ▸ Export ▸ Document
    Language) and per command (`export --language`); absent, documents speak the
    process's language."""

    EN = "en"
    ZH_CN = "zh_CN"
    ZH_TW = "zh_TW"
    EN_ZH_CN = "en+zh_CN"
    EN_ZH_TW = "en+zh_TW"

    @property
    def language(self) -> Language:
        """The language of the document's words (a bilingual one's: the Chinese)."""
        return Language(self.value.removeprefix("en+"))

    @property
    def bilingual(self) -> bool:
        """Whether headings carry the English under the Chinese."""
        return self.value.startswith("en+")

    @property
    def native_name(self) -> str:
        return (f"English + {self.language.native_name}" if self.bilingual
                else self.language.native_name)
_TRADITIONAL_REGIONS = ("TW", "HK", "MO", "HANT")
_WINDOWS_NAMES = {"chinese (simplified)": Language.ZH_CN,
                  "chinese (traditional)": Language.ZH_TW}


def parse_language(text: str | None) -> Language | None:
    """The language a locale name means (`zh_CN.UTF-8`, `zh-Hant-TW`, `en_GB`, Windows'
    `Chinese (Simplified)_China`), or None for one this application does not speak."""
    if not text:
        return None
    name = text.strip().split(".")[0].split("@")[0].replace("-", "_")
    lowered = name.casefold()
    for windows_name, language in _WINDOWS_NAMES.items():
        if lowered.startswith(windows_name):
            return language
    parts = [part.upper() for part in name.split("_")]
    if not parts or parts[0].casefold() not in ("en", "zh", "c", "posix"):
        return None
    if parts[0] in ("C", "POSIX", "EN"):
        return Language.EN
    return (Language.ZH_TW if any(part in _TRADITIONAL_REGIONS for part in parts[1:])
            else Language.ZH_CN)


def system_language() -> Language:
    """The system's language, from the POSIX variables (`LANGUAGE` lists several), else
    the process locale; English where neither names one we speak."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for name in os.environ.get(variable, "").split(":"):
            language = parse_language(name)
            if language is not None:
                return language
    try:
        current = locale.getlocale(locale.LC_CTYPE)[0]
    except ValueError:
        current = None
    return parse_language(current) or Language.EN


def forced_language() -> Language | None:
    """The language `TOURNAMENT_MANAGER_LANGUAGE` forces, if it names one."""
    value = os.environ.get(LANGUAGE_ENV, "")
    if not value:
        return None
    language = parse_language(value)
    if language is None:
        import logging  # only here: `score` starts without logging

        logging.getLogger(__name__).warning("%s=%r is not one of %s; ignored", LANGUAGE_ENV,
                                            value, ", ".join(Language))
    return language


def chosen_language(saved: str | None = None, system: str | None = None) -> Language:
    """The language to speak: forced, else `saved` (the window's choice), else `system`
    (the window passes Qt's reading of it), else the process's own reading."""
    return (forced_language() or parse_language(saved) or parse_language(system)
            or system_language())
