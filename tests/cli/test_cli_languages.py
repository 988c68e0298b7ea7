"""The command line in 简体中文 and 繁體中文: the real commands, run in a subprocess with
`TOURNAMENT_MANAGER_LANGUAGE`, print their help and their reports with no English word of
our catalogue left.

The English words looked for are those of every msgid of the language's .po (four letters
or more), minus those a translation keeps on purpose (`TOURNAMENT_MANAGER_PASSPHRASE`,
JSON keys, `Tournament Manager`), minus the event's data (its name, the players', every
string the JSON outputs hold) and minus what is typed on the command line: the command
names, the option flags, the metavars, the positional arguments' names and the choices.
One of them left is English said outside the catalogue (an f-string, a table not marked).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import english_words
from tournament_manager.cli import commands
from tournament_manager.cli.main import _commands, build_parser
from tournament_manager.cli.parsing import wrap_columns
from tournament_manager.languages import LANGUAGE_ENV, Language

_DATA_DIRS: list[str] = []
"""The data folder of a run made outside a test (the module's event), not the user's."""
CHINESE = (Language.ZH_CN, Language.ZH_TW)
EXPECTED = {
    Language.ZH_CN: {
        "help": ("用法：", "选项", "显示此帮助信息并退出", "命令"),
        "info": ("创建于", "选手：16", "已记录的局", "预赛", "最后修改"),
        "standings": ("排名：16 人排名", "名次", "换算分", "原始总分"),
        "verify": ("核验通过",),
        "session show": ("第 1 桌：", "第 4 桌："),
        "demo": ("2 场", "局", "罚分", "第 1 场，共 2 场"),
    },
    Language.ZH_TW: {
        "help": ("用法：", "選項", "顯示此說明訊息並退出", "命令"),
        "info": ("建立於", "選手：16", "已記錄的局", "預賽", "最後修改"),
        "standings": ("排名：16 人排名", "名次", "換算分", "原始總分"),
        "verify": ("核驗通過",),
        "session show": ("第 1 桌：", "第 4 桌："),
        "demo": ("2 場", "局", "罰分", "第 1 場，共 2 場"),
    },
}


DATA_DIR_ENV = "TOURNAMENT_MANAGER_DATA_DIR"


def _run(language: Language | None, *args: str) -> subprocess.CompletedProcess[str]:
    """A real run; its log goes to the test's data folder (the module's, for its event)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "COLUMNS": "100",
           DATA_DIR_ENV: os.environ.get(DATA_DIR_ENV) or _DATA_DIRS[-1]}
    env.pop(LANGUAGE_ENV, None)
    if language is not None:
        env[LANGUAGE_ENV] = language.value
    return subprocess.run([sys.executable, "-m", "tournament_manager", *args],
                          capture_output=True, text=True, env=env, timeout=120, check=False)


def _parsers() -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every parser with the words that run it: the commands, and the actions under
    `players` and `session`."""
    parser = build_parser(None)
    yield (), parser
    for command in _commands(parser):
        words = tuple(command.prog.split()[1:])
        if len(words) > 1:
            yield words[:1], _parent(parser, words[0])
        yield words, command


def _parent(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser = action.choices[name]
            return found
    raise LookupError(name)


def _typed_words() -> set[str]:
    """What is typed, not said: command and action names, flags, metavars, positional
    arguments' names, choices, defaults."""
    typed = set(commands.COMMANDS)
    for words, parser in _parsers():
        typed |= set(words)
        for action in parser._actions:
            typed |= {flag.lstrip("-") for flag in action.option_strings}
            typed |= {str(value) for value in (action.metavar, action.dest, action.default)
                      if value is not None}
            typed |= {str(choice) for choice in action.choices or ()}
    return {word for text in typed for word in english_words.words(text)}


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _plain(text: str) -> str:
    """`text` without the command lines it quotes and hashes (a hex run may spell a word:
    `dead`, `face`)."""
    return re.sub(r"\b[0-9a-f]{8,}\b", " ", english_words.without_commands(text))


def _english(text: str, vocabulary: set[str]) -> set[str]:
    return english_words.words(_plain(text)) & vocabulary


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A small event played by `demo` (in 简体中文), with its data words."""
    folder = tmp_path_factory.mktemp("cli-languages")
    _DATA_DIRS.append(str(folder / "data"))
    path = folder / "demo.tmt"
    played = _run(Language.ZH_CN, "demo", str(path), "--players", "16", "--preset", "open",
                  "--sessions", "2")
    assert played.returncode == 0, played.stderr
    data: set[str] = {path.name, str(path)}
    for command in ("info", "standings"):
        shown = _run(None, command, str(path), "--json")
        assert shown.returncode == 0, shown.stderr
        data |= set(_strings(json.loads(shown.stdout)))
    listed = _run(None, "players", "list", str(path), "--json")
    data |= set(_strings(json.loads(listed.stdout)))
    return {"path": path, "demo": played.stdout + played.stderr,
            "data": {word for datum in data for word in english_words.words(datum)}}


@pytest.fixture(scope="module")
def typed() -> set[str]:
    return _typed_words()


def _vocabulary(language: Language, typed: set[str], data: set[str]) -> set[str]:
    return english_words.catalogue_words(language, json_stays=True) - typed - data


@pytest.mark.parametrize("language", CHINESE)
def test_every_help_is_in_chinese(language: Language, typed: set[str]) -> None:
    vocabulary = english_words.catalogue_words(language, json_stays=True) - typed
    found = {}
    for words, _parser in _parsers():
        shown = _run(language, *words, "--help")
        assert shown.returncode == 0, shown.stderr
        for heading in EXPECTED[language]["help"][:3]:
            assert heading in shown.stdout, (words, heading)
        if english := _english(shown.stdout, vocabulary):
            found[" ".join(words) or "(top level)"] = sorted(english)
    assert found == {}
    assert all(heading in _run(language, "--help").stdout
               for heading in EXPECTED[language]["help"])


def test_every_command_has_its_help_checked() -> None:
    checked = {words[0] for words, _parser in _parsers() if words}
    assert checked == set(commands.COMMANDS)


@pytest.mark.parametrize("language", CHINESE)
@pytest.mark.parametrize("command", ["info", "standings", "verify", "session show"])
def test_reports_are_in_chinese(language: Language, command: str, event: dict[str, object],
                                typed: set[str]) -> None:
    shown = _run(language, *command.split(), str(event["path"]),
                 *(("1",) if command.startswith("session") else ()))
    assert shown.returncode == 0, shown.stderr
    data = event["data"]
    assert isinstance(data, set)
    assert _english(shown.stdout + shown.stderr, _vocabulary(language, typed, data)) == set()
    for expected in EXPECTED[language][command]:
        assert expected in shown.stdout, (command, expected, shown.stdout)


def test_demo_speaks_chinese(event: dict[str, object], typed: set[str]) -> None:
    data = event["data"]
    assert isinstance(data, set)
    demo = str(event["demo"])
    assert _english(demo, _vocabulary(Language.ZH_CN, typed, data)) == set()
    for expected in EXPECTED[Language.ZH_CN]["demo"]:
        assert expected in demo


@pytest.mark.parametrize("language", CHINESE)
def test_the_check_finds_english_left(language: Language, event: dict[str, object],
                                      typed: set[str]) -> None:
    """The same help and reports in English are caught: a text left in English fails."""
    data = event["data"]
    assert isinstance(data, set)
    vocabulary = _vocabulary(language, typed, data)
    for args in (("info", "--help"), ("standings", "--help"), ("info", str(event["path"])),
                 ("standings", str(event["path"])), ("verify", str(event["path"]))):
        english = _run(Language.EN, *args)
        assert _english(english.stdout, vocabulary), args


def test_chinese_help_is_wrapped_by_terminal_columns() -> None:
    """A Chinese character takes two columns; a line breaks between two of them, never
    before a closing mark nor after an opening one."""
    text = "核验：每张已锁定的记分表与其签名是否相符，每局的支付是否符合规则（默认：" * 3
    lines = wrap_columns(text + " TOURNAMENT_MANAGER_PASSPHRASE（--passphrase-stdin）", 30)
    assert "".join(lines).replace(" ", "") == (text + "TOURNAMENT_MANAGER_PASSPHRASE"
                                               "（--passphrase-stdin）")
    assert all(len(line) + sum(1 for char in line if ord(char) > 0x2e80) <= 30
               for line in lines)
    assert not any(line[0] in "，。；：）" or line[-1] in "（“" for line in lines)
    assert wrap_columns("plain English", 5) == ["plain", "English"]


def test_export_writes_the_language_it_is_asked_for(event: dict[str, object],
                                                    tmp_path: Path) -> None:
    """`export --language`: an English command line writes a Traditional Chinese standings
    PDF and Chinese sheets headed in English too; a language it does not know is refused
    by the parser, nothing written."""
    from pypdf import PdfReader

    def text(path: Path) -> str:
        return " ".join("".join(page.extract_text() for page in PdfReader(path).pages).split())

    standings, sheets = tmp_path / "standings.pdf", tmp_path / "sheets.pdf"
    for what, language, out in (("standings", "zh_TW", standings),
                                ("sheets", "en+zh_CN", sheets)):
        done = _run(Language.EN, "export", str(event["path"]), "--what", what,
                    "--language", language, "--out", str(out))
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == str(out)
    assert "原始總分" in text(standings) and "Raw total" not in text(standings)
    assert "和牌者" in text(sheets) and "Winner(s)" in text(sheets)
    refused = _run(Language.EN, "export", str(event["path"]), "--what", "sheets",
                   "--language", "fr", "--out", str(tmp_path / "fr.pdf"))
    assert refused.returncode == 2 and "--language" in refused.stderr
    assert not (tmp_path / "fr.pdf").exists()


MISTAKES = (("export", "{path}", "--what", "nonsense", "--out", "x.pdf"), ("export",),
            ("standings", "{path}", "--bogus"), ("nosuch",),
            ("export", "{path}", "--what", "sheets", "--session", "x", "--out", "x.pdf"),
            ("players", "add", "{path}", "--name"))
"""A wrong choice, missing arguments, an unknown option and command, a value of the
wrong type, an option without its value."""


@pytest.mark.parametrize("language", CHINESE)
def test_argparse_refuses_in_chinese(language: Language, event: dict[str, object],
                                     typed: set[str]) -> None:
    """argparse's own error lines ("error:", "invalid choice", "the following arguments
    are required") in the language, and in English for English; the same check finds the
    English lines."""
    data = event["data"]
    assert isinstance(data, set)
    vocabulary = _vocabulary(language, typed, data) | {"error", "invalid", "choice",
                                                       "required", "unrecognized",
                                                       "expected", "argument"}
    error = {Language.ZH_CN: "错误", Language.ZH_TW: "錯誤"}[language]
    for mistake in MISTAKES:
        args = [part.format(path=event["path"]) for part in mistake]
        said = _run(language, *args)
        assert said.returncode == 2, (args, said.stderr)
        last = said.stderr.strip().splitlines()[-1]
        assert f"：{error}：" in last, last
        assert _english(last, vocabulary) == set(), last
        english = _run(Language.EN, *args).stderr.strip().splitlines()[-1]
        assert ": error: " in english and _english(english, vocabulary), english


def test_argparse_messages_are_this_pythons() -> None:
    """The msgids the catalogue holds for argparse are still argparse's own: a Python whose
    argparse words them differently would leave them English."""
    import inspect

    from tournament_manager.cli import argparse_words

    source = inspect.getsource(argparse)
    for message in (*argparse_words.MESSAGES,
                    *(form for pair in argparse_words.PLURALS for form in pair)):
        assert repr(message)[1:-1] in source or message.replace("\n", "\\n") in source, \
            message
