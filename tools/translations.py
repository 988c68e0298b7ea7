"""The window's translations: Qt Linguist files made from the code, and compiled for use.

    .venv/bin/python tools/translations.py update    # the .ts files gain new strings
    .venv/bin/python tools/translations.py release   # .ts -> .qm, shipped in the package
    .venv/bin/python tools/translations.py check     # what the tests run: exit 1 if stale
    .venv/bin/python tools/translations.py merge zh_CN FILE.ts  # translations from FILE

`update` runs `pyside6-lupdate` over every module of `tournament_manager/gui` into one .ts
per shipped language (no source locations, so moving code does not change the files);
strings gone from the code are dropped. Translators fill the .ts (Qt Linguist, or any
editor: it is XML), then `release` compiles them with `pyside6-lrelease`. `check` fails
when the code holds a string the .ts files do not, a shipped language leaves a string
unfinished, or a .qm is not the compiled form of its .ts. The words to use are in
docs/glossary.md.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from checks import report  # tools/checks.py, beside this script

ROOT = Path(__file__).resolve().parents[1]
GUI = ROOT / "tournament_manager" / "gui"
FOLDER = ROOT / "tournament_manager" / "translations"
LANGUAGES = ("zh_CN", "zh_TW")
BIN = Path(sys.executable).parent


def ts_file(language: str, folder: Path = FOLDER) -> Path:
    return folder / f"tournament_manager_{language}.ts"


def qm_file(language: str, folder: Path = FOLDER) -> Path:
    return folder / f"tournament_manager_{language}.qm"


def _tool(name: str) -> str:
    found = BIN / name
    return str(found) if found.exists() else name


def _sources() -> list[str]:
    return sorted(str(path.relative_to(ROOT)) for path in GUI.rglob("*.py"))


def update(folder: Path = FOLDER) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    targets = [str(ts_file(language, folder)) for language in LANGUAGES]
    subprocess.run([_tool("pyside6-lupdate"), "-locations", "none", "-no-obsolete",
                    "-source-language", "en", *_sources(), "-ts", *targets],
                   cwd=ROOT, check=True, capture_output=True, text=True)


def release(folder: Path = FOLDER, target: Path | None = None) -> None:
    for language in LANGUAGES:
        subprocess.run([_tool("pyside6-lrelease"), "-silent", str(ts_file(language, folder)),
                        "-qm", str(qm_file(language, target or folder))],
                       check=True, capture_output=True, text=True)


def messages(path: Path) -> dict[tuple[str, str], str | None]:
    """(context, source) -> translation, None where unfinished."""
    found: dict[tuple[str, str], str | None] = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            done = (translation is not None and translation.get("type") is None
                    and bool(translation.text))
            found[(name, message.findtext("source", ""))] = (
                translation.text if done and translation is not None else None)
    return found


def merge(language: str, source: Path) -> int:
    """Fill the shipped .ts of `language` with the finished translations of `source` (a
    translator's copy), matched by context and source text; how many were taken."""
    done = {key: text for key, text in messages(source).items() if text is not None}
    target = ts_file(language)
    tree = ET.parse(target)
    taken = 0
    for context in tree.getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            text = done.get((name, message.findtext("source", "")))
            translation = message.find("translation")
            if text is None or translation is None:
                continue
            translation.text = text
            translation.attrib.pop("type", None)
            taken += 1
    tree.write(target, encoding="utf-8", xml_declaration=True)
    update()  # back into lupdate's own layout
    return taken


def problems() -> list[str]:
    """What `check` reports: each line one stale or unfinished thing."""
    found: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch)
        for language in LANGUAGES:
            if ts_file(language).exists():
                shutil.copy(ts_file(language), ts_file(language, fresh))
        update(fresh)
        for language in LANGUAGES:
            shipped = messages(ts_file(language)) if ts_file(language).exists() else {}
            wanted = messages(ts_file(language, fresh))
            missing = sorted(set(wanted) - set(shipped))
            gone = sorted(set(shipped) - set(wanted))
            found += [f"{language}: not in the .ts yet: {c}: {s!r}" for c, s in missing]
            found += [f"{language}: no longer in the code: {c}: {s!r}" for c, s in gone]
            found += [f"{language}: unfinished: {c}: {s!r}"
                      for (c, s), text in sorted(shipped.items()) if text is None]
        release(FOLDER, fresh)
        for language in LANGUAGES:
            if not qm_file(language).exists() or (
                    qm_file(language).read_bytes() != qm_file(language, fresh).read_bytes()):
                found.append(f"{language}: {qm_file(language).name} is not the release of "
                             "its .ts (run tools/translations.py release)")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("update", "release", "check", "merge"))
    parser.add_argument("language", nargs="?", choices=LANGUAGES)
    parser.add_argument("source", nargs="?", type=Path)
    options = parser.parse_args()
    action = options.action
    if action == "merge":
        if options.language is None or options.source is None:
            parser.error("merge needs a language and a .ts file")
        print(f"{merge(options.language, options.source)} translations taken")
    elif action == "update":
        update()
    elif action == "release":
        release()
    else:
        return report(problems())
    return 0


if __name__ == "__main__":
    sys.exit(main())
