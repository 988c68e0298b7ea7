"""Every printed document and the workbook in 简体中文 and 繁體中文: written in the process's
language, read back (pypdf, openpyxl), with no English word of our catalogue left.

The English words looked for are those of every msgid of the language's .po (four letters
or more), minus those a translation keeps on purpose (tournament-manager verify) and those
of the event's data (the players' names, the tournament's, the head judge's): one of them
in a document is English written outside the catalogue (an f-string, a table not marked).
Free text typed by a judge (a penalty's note, a correction's reason) and hashes are taken
out of the text before it is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.exports.conftest import pdf_pages
from tests.exports.sample_event import NAMES, SampleEvent, build_sample_event
from tests.helpers import english_words
from tests.helpers.head_judge import NAME as HEAD_JUDGE
from tests.helpers.tampering import tampered_copy
from tournament_manager.domain.model import Player, PlayerStatus, StageStatus
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.exports.jobs import ExportKind, export_document
from tournament_manager.exports.pdf import sheets
from tournament_manager.exports.pdf.table_codes import write_table_codes
from tournament_manager.languages import DocumentLanguage, Language
from tournament_manager.services.players import register_player, set_player_status
from tournament_manager.services.seating import draw_session, publish_draw
from tournament_manager.services.tournaments import create_tournament
from tournament_manager.storage.document import Document, create_document, open_document
from tournament_manager.words import _, use_language

EVENT = "澳门麻将公开赛 Macau Mahjong Cup"
FREE_TEXT = ("declared on a wrong tile", "winner of hand 16 misread")
"""What the sample event's judges typed: a penalty's note and a correction's reason."""
PLANNED = tuple(f"选手 {i:02}" for i in range(18))
CODE_COLUMN = 5
"""The Verification sheet's last column: each finding's code, the same in every language."""

EXPECTED = {
    Language.ZH_CN: {
        ExportKind.SHEETS: ("记分表", "第 1 场", "签名核验通过", "和牌者", "罚分与事件"),
        ExportKind.BLANK_SHEETS: ("记分表（空白）", "空白记分表：逐局填写"),
        ExportKind.PLAYER_CARDS: ("记分卡——", "签名"),
        ExportKind.BLANK_PLAYER_CARDS: ("记分卡——", "合计"),
        ExportKind.SEATING: ("分桌表（按桌次）", "分桌表（按选手姓名排序）", "东"),
        ExportKind.TABLE_CARDS: ("第 1 桌", "第 2 桌", "南"),
        ExportKind.STANDINGS: ("名次", "7 人排名 · 1 人已退赛", "已退赛", "原始总分"),
        ExportKind.WORKBOOK: ("排名", "第 1 场", "各桌", "选手", "罚分", "更正记录", "核验",
                              "审计封印", "第 &P 页，共 &N 页"),
    },
    Language.ZH_TW: {
        ExportKind.SHEETS: ("記分表", "第 1 場", "簽名核驗通過", "和牌者", "罰分與事件"),
        ExportKind.BLANK_SHEETS: ("記分表（空白）", "空白記分表：逐局填寫"),
        ExportKind.PLAYER_CARDS: ("記分卡——", "簽名"),
        ExportKind.BLANK_PLAYER_CARDS: ("記分卡——", "合計"),
        ExportKind.SEATING: ("分桌表（依桌次）", "分桌表（依選手姓名排序）", "東"),
        ExportKind.TABLE_CARDS: ("第 1 桌", "第 2 桌", "南"),
        ExportKind.STANDINGS: ("名次", "7 人排名 · 1 人已退賽", "已退賽", "原始總分"),
        ExportKind.WORKBOOK: ("排名", "第 1 場", "各桌", "選手", "罰分", "更正紀錄", "核驗",
                              "稽核封印", "第 &P 頁，共 &N 頁"),
    },
}
NOT_VERIFIED = {Language.ZH_CN: "本记录未通过核验", Language.ZH_TW: "本紀錄未通過核驗"}
MISMATCH = {Language.ZH_CN: "与签名不符", Language.ZH_TW: "與簽名不符"}
PROVISIONAL = {Language.ZH_CN: "暂定安排", Language.ZH_TW: "暫定安排"}


@pytest.fixture(params=(Language.ZH_CN, Language.ZH_TW), ids=lambda language: language.value)
def language(request: pytest.FixtureRequest) -> Iterator[Language]:
    chosen: Language = request.param
    use_language(chosen)
    try:
        yield chosen
    finally:
        use_language(None)


@pytest.fixture
def event(tmp_path: Path) -> Iterator[Document]:
    """The export tests' sample event (a correction, penalties, signatures) under a name
    of our own, with a withdrawn player."""
    document = create_document(tmp_path / "event.tmt")
    create_tournament(document.unit_of_work(), EVENT, preset_settings(Preset.WSOM_2015))
    sample: SampleEvent = build_sample_event(document)
    set_player_status(document.unit_of_work(), sample.players[7], PlayerStatus.WITHDRAWN)
    yield document
    document.close(backup=False)


@pytest.fixture
def planned(tmp_path: Path) -> Iterator[Document]:
    """18 players: session 1 drawn and published (two byes), sessions 2 and 3 holding the
    round's provisional plan."""
    document = create_document(tmp_path / "plan.tmt")
    create_tournament(document.unit_of_work(), EVENT, preset_settings(Preset.OPEN, 3))
    for index, name in enumerate(PLANNED):
        register_player(document.unit_of_work(), Player(name=name,
                                                        registration_id=str(100 + index)))
    with document.unit_of_work() as uow:
        first = next(s for s in uow.sessions.list() if s.number == 1)
    publish_draw(document.unit_of_work(), draw_session(document.unit_of_work(), first.id,
                                                       seed=5, time_limit=3))
    with document.unit_of_work() as uow:
        assert {s.number: s.status for s in uow.sessions.list()}[2] is StageStatus.PLANNED
    yield document
    document.close(backup=False)


# -- reading back ---------------------------------------------------------------------


def _english_words(language: Language) -> set[str]:
    """The words of our English sources no translation keeps and no datum holds."""
    data = [EVENT, HEAD_JUDGE, *PLANNED,
            *(text for player in NAMES for text in (player.name, player.native_name))]
    return english_words.catalogue_words(language) - {
        word for datum in data for word in english_words.words(datum)}


def _plain(text: str) -> str:
    """`text` on one line, without what a judge typed, the command lines it quotes and
    hashes."""
    text = english_words.without_commands(" ".join(text.split()))
    for typed in FREE_TEXT:
        text = text.replace(typed, " ")
    return re.sub(r"[0-9a-f]{16,}", " ", text)


def _workbook_texts(path: Path) -> list[str]:
    """Every sheet title, cell (but the codes of the Verification sheet's findings),
    header and footer of the workbook."""
    book = load_workbook(path)
    texts: list[str] = []
    for sheet in book.worksheets:
        texts.append(sheet.title)
        codes = CODE_COLUMN if sheet is book.worksheets[-1] else None
        for row in sheet.iter_rows(values_only=True):
            texts += [str(value) for index, value in enumerate(row)
                      if value is not None and index != codes]
        for part in (sheet.oddHeader, sheet.oddFooter):
            texts += [side.text or "" for side in (part.left, part.center, part.right)]
    return texts


def _read(path: Path) -> str:
    if path.suffix == ".xlsx":
        return "\n".join(_workbook_texts(path))
    return "\n".join(pdf_pages(path))


def _english_left(text: str, vocabulary: set[str]) -> set[str]:
    return english_words.words(_plain(text)) & vocabulary


def _export(document: Document, kind: ExportKind, folder: Path, **options: object) -> str:
    out = folder / f"{kind.value}.{'xlsx' if kind is ExportKind.WORKBOOK else 'pdf'}"
    out.unlink(missing_ok=True)
    export_document(document.unit_of_work(), kind, out, **options)  # type: ignore[arg-type]
    return _read(out)


# -- the documents ----------------------------------------------------------------------


def test_every_document_speaks_the_language(event: Document, language: Language,
                                            tmp_path: Path) -> None:
    vocabulary = _english_words(language)
    assert {"score", "sheet", "standings", "seating", "signature"} <= vocabulary
    left: dict[str, set[str]] = {}
    for kind in ExportKind:
        text = _export(event, kind, tmp_path)
        if english := _english_left(text, vocabulary):
            left[kind.value] = english
        missing = [expected for expected in EXPECTED[language][kind]
                   if expected not in _plain(text) and expected not in text]
        assert missing == [], f"{kind.value}: {missing}"
    assert left == {}


def test_a_record_in_doubt_speaks_the_language(event: Document, language: Language,
                                               tmp_path: Path) -> None:
    event.close(backup=False)
    doubtful = open_document(tampered_copy(event.path, tmp_path), read_only=True)
    vocabulary = _english_words(language)
    try:
        for kind in (ExportKind.SHEETS, ExportKind.STANDINGS, ExportKind.SEATING,
                     ExportKind.TABLE_CARDS, ExportKind.WORKBOOK):
            text = _export(doubtful, kind, tmp_path)
            assert _english_left(text, vocabulary) == set(), kind.value
            assert NOT_VERIFIED[language] in text, kind.value
            if kind in (ExportKind.SHEETS, ExportKind.WORKBOOK):
                assert MISMATCH[language] in text, kind.value
    finally:
        doubtful.close(backup=False)


def test_a_provisional_plan_speaks_the_language(planned: Document, language: Language,
                                                tmp_path: Path) -> None:
    vocabulary = _english_words(language)
    for kind in (ExportKind.SHEETS, ExportKind.BLANK_SHEETS, ExportKind.SEATING,
                 ExportKind.TABLE_CARDS, ExportKind.WORKBOOK):
        text = _export(planned, kind, tmp_path, include_provisional=True)
        assert _english_left(text, vocabulary) == set(), kind.value
        assert PROVISIONAL[language] in text, kind.value
    seating = _export(planned, ExportKind.SEATING, tmp_path, session_number=1)
    assert {Language.ZH_CN: "本场轮空", Language.ZH_TW: "本場輪空"}[language] in seating


def test_the_table_codes_speak_the_language(language: Language, tmp_path: Path) -> None:
    vocabulary = _english_words(language)
    cards = _read(write_table_codes(tmp_path / "codes.pdf", EVENT, "http://10.0.0.2:8080",
                                    [(1, 1, "483920"), (1, 2, "118273")]))
    none = _read(write_table_codes(tmp_path / "none.pdf", EVENT, "http://10.0.0.2:8080", []))
    assert _english_left(cards + none, vocabulary) == set()
    assert "第 2 桌" in cards


def test_a_heading_left_in_english_is_found(event: Document, language: Language,
                                            tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    """The check itself: the sheets with their own words untranslated fail it."""
    vocabulary = _english_words(language)
    monkeypatch.setattr(sheets, "_", lambda text: text)
    monkeypatch.setattr(sheets, "headings", lambda text: [text])
    text = _export(event, ExportKind.SHEETS, tmp_path)
    assert {"score", "record", "sheet", "patterns"} <= _english_left(text, vocabulary)


# -- a document in a language of its own ------------------------------------------------


@pytest.mark.parametrize("language", (Language.ZH_CN, Language.ZH_TW),
                         ids=lambda language: language.value)
def test_a_document_speaks_its_own_language_in_an_english_process(
        event: Document, language: Language, tmp_path: Path) -> None:
    """File ▸ Export ▸ Document Language and `export --language`: the process speaks
    English (the tests' conftest says so), every document the language asked for, and the
    process is English again after it."""
    vocabulary = _english_words(language)
    for kind in ExportKind:
        text = _export(event, kind, tmp_path, language=DocumentLanguage(language.value))
        assert _english_left(text, vocabulary) == set(), kind.value
        missing = [expected for expected in EXPECTED[language][kind]
                   if expected not in _plain(text) and expected not in text]
        assert missing == [], f"{kind.value}: {missing}"
    assert _("Score sheets") == "Score sheets"
    english = _export(event, ExportKind.SHEETS, tmp_path)
    assert "SCORE RECORD SHEET" in english and EXPECTED[language][ExportKind.SHEETS][0] \
        not in english


HEADINGS = ("SCORE RECORD SHEET", "East (dealer)", "Result / win type", "Winner(s)",
            "Discarder (responsible)", "Patterns", "Total", "Hand totals",
            "Session total (raw, after penalties)")
"""The English a bilingual score sheet carries under its Chinese headings."""


@pytest.mark.parametrize("bilingual", (DocumentLanguage.EN_ZH_CN, DocumentLanguage.EN_ZH_TW),
                         ids=lambda language: language.value)
def test_bilingual_score_sheets_head_their_columns_in_both(
        event: Document, bilingual: DocumentLanguage, tmp_path: Path) -> None:
    """Chinese sheets whose headings also say the English, and no other English: the
    rest of the sheet (results, facts, signatures) is the Chinese document's."""
    text = _export(event, ExportKind.SHEETS, tmp_path, language=bilingual)
    plain = " ".join(text.split())
    assert [heading for heading in HEADINGS if heading not in plain] == []
    for expected in EXPECTED[bilingual.language][ExportKind.SHEETS]:
        assert expected in plain
    heading_words = {word for heading in HEADINGS for word in english_words.words(heading)}
    assert _english_left(text, _english_words(bilingual.language)) <= heading_words
    cards = _export(event, ExportKind.PLAYER_CARDS, tmp_path, language=bilingual)
    total = {Language.ZH_CN: "合计", Language.ZH_TW: "合計"}[bilingual.language]
    assert all(word in cards for word in ("局", "Hand", total, "Total"))
    only_chinese = _export(event, ExportKind.SHEETS, tmp_path,
                           language=DocumentLanguage(bilingual.language.value))
    assert "Winner(s)" not in only_chinese and "Patterns" not in only_chinese
