"""Fixtures for the export tests: a played sample event and PDF reading helpers."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab import rl_config

from tests.exports.sample_event import SampleEvent, build_sample_event
from tests.helpers.tampering import tampered_copy
from tournament_manager.storage.document import Document, open_document


@pytest.fixture(autouse=True)
def invariant_pdfs() -> Iterator[None]:
    """Deterministic PDFs (no creation date, fixed ids), as golden comparisons need."""
    before = rl_config.invariant
    rl_config.invariant = 1
    yield
    rl_config.invariant = before


@pytest.fixture
def sample(document: Document) -> SampleEvent:
    return build_sample_event(document)


def pdf_pages(path: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(path).pages]


def pdf_fonts(path: Path) -> list[dict[str, Any]]:
    """Every font dictionary used on any page, descendants of Type0 fonts included."""
    found: dict[int, dict[str, Any]] = {}
    for page in PdfReader(path).pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        if fonts is None:
            continue
        for ref in fonts.get_object().values():
            font = ref.get_object()
            found[id(font)] = font
            for child in font.get("/DescendantFonts", []):
                child = child.get_object()
                found[id(child)] = child
    return list(found.values())


def assert_fonts_embedded(path: Path) -> None:
    fonts = pdf_fonts(path)
    assert fonts, "no fonts found"
    for font in fonts:
        subtype = font["/Subtype"]
        if subtype == "/Type0":
            continue
        descriptor = font.get("/FontDescriptor")
        assert descriptor is not None, f"font without descriptor (not embedded): {font}"
        descriptor = descriptor.get_object()
        assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not an embedded TrueType"
        assert subtype in ("/TrueType", "/CIDFontType2"), subtype


def table_of_delta(path: Path, delta_id: int) -> int:
    """The number of the table whose hand the `hand_delta` row belongs to."""
    connection = sqlite3.connect(path)
    try:
        (number,) = connection.execute(
            "SELECT t.number FROM hand_delta d JOIN hand h ON h.id = d.hand_id "
            "JOIN session_table t ON t.id = h.table_id WHERE d.id = ?", (delta_id,)).fetchone()
    finally:
        connection.close()
    return int(number)


@pytest.fixture
def tampered(document: Document, sample: SampleEvent, tmp_path: Path) -> Iterator[Document]:
    """The sample event's file with five points moved on a signed sheet, opened read-only
    as the CLI and the window open a file to export it."""
    document.close(backup=False)
    opened = open_document(tampered_copy(document.path, tmp_path), read_only=True)
    yield opened
    opened.close(backup=False)
