"""The Qt-free layers' words: gettext catalogues made from the code, and compiled for use.

    .venv/bin/python tools/catalogues.py update    # the .po files gain new strings
    .venv/bin/python tools/catalogues.py release   # .po -> .mo, shipped in the package
    .venv/bin/python tools/catalogues.py check     # what the tests run: exit 1 if stale

The window's own words are Qt Linguist files (tools/translations.py); these are the words
of `tournament_manager.words` users (`_`, `N_`, `n_`, `Nn_`): the sentences of
`tournament_manager/messages` and the printed and Excel exports of
`tournament_manager/exports`. `update` extracts them with Babel into one .po per shipped
language (no source locations, so moving code changes nothing), keeping what is
translated and dropping what the code no longer says; `release` compiles the .mo files;
`check` fails when the code says a string a .po lacks, a shipped language leaves one
untranslated or fuzzy, or a .mo is not the compiled form of its .po. The words to use are
in docs/glossary.md.

The scoring patterns' names are not marked in the code: the rules layer knows no words
layer. `template` asks each rule set for every (id, English name) it can report
(`RuleSet.pattern_names`, and `pattern_marks` for the score sheets) and adds the names with
the rule set's id as their gettext context
(`messages.patterns.pattern_name` says them with `p_`), so a new pattern is a string the
.po lacks until it is translated. MCR's Chinese names are the official ones of the MCR
spec's fan tables; Zung Jung's those of its Chinese edition (中庸麻雀).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from checks import report  # tools/checks.py, beside this script

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # the rule sets of this checkout, whatever is installed
    sys.path.insert(0, str(ROOT))

from tournament_manager.rules.registry import (
    available_rule_sets,
    get_rule_set,
)

PACKAGE = ROOT / "tournament_manager"
SOURCES = (PACKAGE / "messages", PACKAGE / "exports", PACKAGE / "cli", PACKAGE / "web")
"""Where the code says words through `tournament_manager.words` (the window says its own
through Qt Linguist); tests/test_catalogues.py checks no other module does."""
LOCALE = PACKAGE / "locale"
DOMAIN = "tournament_manager"
LANGUAGES = ("zh_CN", "zh_TW")
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "Nn_": (1, 2), "p_": ((1, "c"), 2)}
PLACEHOLDER_TILE = "{tile}"


def po_file(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_file(language: str) -> Path:
    return po_file(language).with_suffix(".mo")


def template() -> Catalog:
    """Every string the code says, as an empty catalogue."""
    catalog = Catalog(project="Tournament Manager", domain=DOMAIN)
    for folder in SOURCES:
        for _file, _line, message, comments, context in extract_from_dir(
                folder, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            catalog.add(message, auto_comments=comments, context=context)
    for rule_set_id in available_rule_sets():
        rule_set = get_rule_set(rule_set_id)
        catalog.add(rule_set.name, context="rule set", auto_comments=[f"rule set {rule_set_id}"])
        for pattern_id, name in rule_set.pattern_names():
            catalog.add(name, context=rule_set_id, auto_comments=[f"pattern {pattern_id}"])
        for pattern_id, mark in rule_set.pattern_marks().items():
            catalog.add(mark, context=rule_set_id,
                        auto_comments=[f"pattern {pattern_id} on a score sheet"])
    return catalog


def _key(message: Message) -> tuple[str, str]:
    """A message's identity: its context (a rule set's id for a pattern name) and its id."""
    return (message.context or "", str(message.id))


def _read(language: str) -> Catalog:
    if not po_file(language).exists():
        return Catalog(locale=language, project="Tournament Manager", domain=DOMAIN)
    with po_file(language).open("rb") as handle:
        return read_po(handle, locale=language)


def _po_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, omit_header=False, no_location=True, sort_output=True,
             ignore_obsolete=True, width=100)
    return buffer.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def updated(language: str) -> Catalog:
    catalog = _read(language)
    catalog.update(template(), no_fuzzy_matching=True)
    catalog.fuzzy = False  # the header: a fuzzy one is left out of the .mo, plural rule and all
    return catalog


def update() -> None:
    for language in LANGUAGES:
        po_file(language).parent.mkdir(parents=True, exist_ok=True)
        po_file(language).write_bytes(_po_bytes(updated(language)))


def release() -> None:
    for language in LANGUAGES:
        mo_file(language).write_bytes(_mo_bytes(_read(language)))


def problems() -> list[str]:
    found: list[str] = []
    wanted = {_key(message) for message in template() if message.id}
    for language in LANGUAGES:
        catalog = _read(language)
        shipped = {_key(message): message for message in catalog if message.id}
        found += [f"{language}: not in the .po yet: {_said(key)}"
                  for key in sorted(wanted - set(shipped))]
        found += [f"{language}: no longer in the code: {_said(key)}"
                  for key in sorted(set(shipped) - wanted)]
        for key, message in sorted(shipped.items()):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy or not all(strings):
                found.append(f"{language}: untranslated: {_said(key)}")
            elif PLACEHOLDER_TILE in key[1] and not all(PLACEHOLDER_TILE in s for s in strings):
                found.append(f"{language}: the translation drops {PLACEHOLDER_TILE}: {_said(key)}")
        if not mo_file(language).exists() or mo_file(language).read_bytes() != _mo_bytes(catalog):
            found.append(f"{language}: {mo_file(language).name} is not the release of its .po "
                         "(run tools/catalogues.py release)")
    return found


def _said(key: tuple[str, str]) -> str:
    context, text = key
    return f"{text!r} ({context})" if context else repr(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("update", "release", "check"))
    action = parser.parse_args().action
    if action == "update":
        update()
    elif action == "release":
        release()
    else:
        return report(problems())
    return 0


if __name__ == "__main__":
    sys.exit(main())
