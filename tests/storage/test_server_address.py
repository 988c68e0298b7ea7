"""Server addresses as typed, keystroke by keystroke: every text is a file path, a server
address or a worded refusal, never an exception of the parser's."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tournament_manager.application.events import parse_address
from tournament_manager.storage.errors import DocumentError
from tournament_manager.storage.server import ServerAddress

TYPED = "postgresql://judge:pa:ss@192.168.1.10:5432/open2026"


def _parse(text: str) -> object:
    try:
        return parse_address(text)
    except DocumentError as error:
        return error


def test_every_prefix_of_an_address_typed_key_by_key_is_understood() -> None:
    results = [_parse(TYPED[:n]) for n in range(1, len(TYPED) + 1)]
    assert all(isinstance(r, Path | ServerAddress | DocumentError) for r in results)
    last = results[-1]
    assert isinstance(last, ServerAddress) and last.database == "open2026"
    assert "pa:ss" not in str(last)


@given(st.text(max_size=80).map(lambda tail: "postgresql://" + tail))
def test_any_text_after_the_scheme_is_an_address_or_a_worded_refusal(text: str) -> None:
    result = _parse(text)
    assert isinstance(result, ServerAddress | DocumentError | Path)
